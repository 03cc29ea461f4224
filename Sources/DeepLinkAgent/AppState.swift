public import DeepLinkRoutes

/// What an app reports of itself: its navigation path, what its screen shows as text, and any
/// further named values a developer wants to see (the sample reports its debug overrides).
///
/// The agent sends it after each applied link and for `deeplink state`; `deeplink screen`
/// prints ``screen``.
///
///     AppState(
///       path: [AppState.Screen("product", [Argument(name: "id", value: .integer(7))])],
///       screen: "Home › Red Shoes\n…")
public struct AppState: Hashable, Sendable {
  /// One screen of the navigation path: its name and the arguments it was opened with.
  public struct Screen: Hashable, Sendable {
    /// The screen's name, as `destination` in the state's JSON.
    public var name: String
    /// The arguments the screen shows, as further keys of its JSON object.
    public var arguments: [Argument]

    /// A screen called `name` opened with `arguments`.
    public init(_ name: String, _ arguments: [Argument] = []) {
      self.name = name
      self.arguments = arguments
    }
  }

  /// A named group of values reported beside the path, such as the sample's `overrides`.
  public struct Detail: Hashable, Sendable {
    /// The group's key in the state's JSON, and its label in `deeplink state`.
    public var name: String
    /// The group's values, as the members of its JSON object.
    public var values: [Argument]

    /// A group `name` holding `values`.
    public init(_ name: String, _ values: [Argument]) {
      self.name = name
      self.values = values
    }
  }

  /// The screens above the root, bottom first; empty at the root.
  public var path: [Screen]
  /// What the app shows, as text; its first line is what the agent logs for an applied link.
  public var screen: String
  /// Further named values, after the path in the JSON.
  public var details: [Detail]

  /// A state showing `path`, with `screen` as its text and `details` beside.
  public init(path: [Screen], screen: String, details: [Detail] = []) {
    self.path = path
    self.screen = screen
    self.details = details
  }
}
