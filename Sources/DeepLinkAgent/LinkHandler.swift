public import DeepLinkRoutes

/// The app's side of the agent: applies the links the route table accepted and reports the
/// state. The agent calls it on one thread, one link at a time, and replies only after
/// ``apply(_:)`` returned.
///
/// Most apps implement two members:
///
///     struct Shop: LinkHandler {
///       var path: [AppState.Screen] = []
///       mutating func apply(_ link: Link) throws(LinkRefusal) {
///         path = [AppState.Screen(link.route.name, link.arguments)]
///       }
///       var state: AppState { AppState(path: path, screen: "…") }
///     }
///
/// An app whose state after a link depends on the link alone (each link describes a whole
/// state, as the sample's do) says so with ``linksDescribeWholeStates``; the agent then keeps
/// the reply to a link and, when the same link comes again, applies it and answers without
/// rendering the state again. ``prepare(_:)`` lets such an app work out once what a link
/// means and apply only that, every time.
public protocol LinkHandler {
  /// What applying a link needs, worked out by ``prepare(_:)``: by default the link itself.
  associatedtype Prepared = Link

  /// Works out what `link` means to the app, without changing anything; with
  /// ``linksDescribeWholeStates`` the agent keeps the result for the same link text.
  ///
  /// - Throws: ``LinkRefusal`` to refuse the link (nothing is applied).
  func prepare(_ link: Link) throws(LinkRefusal) -> Prepared

  /// Applies a prepared link: the app now shows what the link asked for.
  ///
  /// - Throws: ``LinkRefusal`` to refuse the link; the app's state must then be unchanged.
  mutating func apply(_ prepared: Prepared) throws(LinkRefusal)

  /// The app's state now: what the agent answers after a link and to `state`.
  var state: AppState { get }

  /// What the app shows now, as text: `deeplink screen`. By default ``state``'s screen.
  var screen: String { get }

  /// Whether the state after a link depends on that link alone, never on what came before,
  /// so that the agent may answer the same link with the same reply. By default `false`.
  var linksDescribeWholeStates: Bool { get }

  /// Values parameter `parameter` of `route` can usefully take in the app now, with a
  /// description each, for shell completion (`--id <TAB>`). By default none.
  func suggestions(for parameter: Parameter, of route: Route) -> [SuggestedValue]
}

extension LinkHandler where Prepared == Link {
  /// The link itself: an app that needs nothing worked out in advance.
  public func prepare(_ link: Link) throws(LinkRefusal) -> Link { link }
}

extension LinkHandler {
  /// ``state``'s screen.
  public var screen: String { state.screen }

  /// `false`: the agent renders the state after every link.
  public var linksDescribeWholeStates: Bool { false }

  /// None.
  public func suggestions(for parameter: Parameter, of route: Route) -> [SuggestedValue] { [] }
}

/// A value a parameter can take in the app's data, for shell completion.
public struct SuggestedValue: Hashable, Sendable {
  /// The value as typed on the command line (`42`).
  public let value: String
  /// What it stands for (`Spaghetti Bolognese`).
  public let description: String

  /// `value`, described as `description`.
  public init(_ value: String, description: String) {
    self.value = value
    self.description = description
  }
}
