import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// Compiles only while every public type stays `Sendable`, so that one table and its links
/// can be shared across tasks and threads.
@Suite("Sendable")
struct SendableTests {
  static func requireSendable<T: Sendable>(_: T.Type) {}

  @Test("every public type is Sendable")
  func publicTypes() {
    Self.requireSendable(RouteTable.self)
    Self.requireSendable(Route.self)
    Self.requireSendable(Parameter.self)
    Self.requireSendable(ParameterType.self)
    Self.requireSendable(ArgumentValue.self)
    Self.requireSendable(Link.self)
    Self.requireSendable(Argument.self)
    Self.requireSendable(ValueError.self)
    Self.requireSendable(ArgumentError.self)
    Self.requireSendable(LinkError.self)
    Self.requireSendable(TableProblem.self)
  }

  @Test("the built-in table can be used from many tasks at once")
  func concurrentUse() async throws {
    let urls = await withTaskGroup(of: String.self) { group in
      for id in 1...50 {
        group.addTask {
          let link = try! RouteTable.recipeSample.link("recipe", ["id": .integer(id)])
          return RouteTable.recipeSample.url(for: link)
        }
      }
      return await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(urls == Set((1...50).map { "debug://recipe?id=\($0)" }))
  }
}
