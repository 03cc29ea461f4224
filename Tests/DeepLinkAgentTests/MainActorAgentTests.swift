import DeepLinkAgent
import DeepLinkRoutes
import DeepLinkWire
import TestSupport
import Testing

/// `DeepLinkAgent.start`: the agent inside an app whose state lives on the main actor. The
/// server runs on its own thread; each link is applied on the main actor, and the reply waits
/// for it. (On Linux the main actor runs while this `async` test waits, as a SwiftUI app's
/// main run loop would.)
@Suite(.serialized) struct MainActorAgentTests {
  static let table = RouteTable(
    scheme: "notes",
    routes: [
      Route("note", summary: "Show a note", parameters: [.integer("id", range: 1...9, help: "Note")]),
      Route("home", summary: "Home"),
    ])

  /// An app model that only the main actor may touch.
  @MainActor final class Notes {
    var path: [String] = []

    func open(_ link: Link) throws(LinkRefusal) {
      // The runtime's own check of the main actor's executor (a crash, and so a failure, if not).
      MainActor.preconditionIsolated("a link was applied off the main actor")
      if link["id"] == .integer(9) { throw LinkRefusal("note 9 is locked") }
      path.append(link.route.name)
    }

    var state: AppState {
      AppState(path: path.map { AppState.Screen($0) }, screen: "Notes › \(path.last ?? "home")\n")
    }
  }

  /// Sends `line` from a thread of its own (never the main actor's) and returns the reply.
  static func ask(_ socket: String, _ line: String) async throws -> JSON {
    try await Task.detached {
      let client = try LineClient.connect(path: socket)
      defer { client.close() }
      return try JSON.parse(String(decoding: try client.request(line), as: UTF8.self))
    }.value
  }

  @MainActor @Test func linksAreAppliedOnTheMainActorBeforeTheReply() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notes = Notes()
    let agent = try DeepLinkAgent(name: "notes", table: Self.table).start(
      socket: directory.file("notes.sock"), apply: { link throws(LinkRefusal) in try notes.open(link) },
      state: { notes.state })
    defer { agent.stop() }

    let reply = try await Self.ask(agent.socket, "notes://note?id=3")
    #expect(reply["applied"] == .string("notes://note?id=3"))
    #expect(reply["state"]?["screen"] == .string("Notes › note\n"))
    #expect(notes.path == ["note"])  // applied before the reply came

    let refused = try await Self.ask(agent.socket, "notes://note?id=9")
    #expect(refused["error"]?["kind"] == .string("refused"))
    #expect(refused["error"]?["message"] == .string("note 9 is locked"))
    let rejected = try await Self.ask(agent.socket, "notes://nope")
    #expect(rejected["error"]?["kind"] == .string("unknown-route"))
    #expect(notes.path == ["note"])
    let state = try await Self.ask(agent.socket, #"{"op":"state"}"#)
    #expect(state["state"]?["path"] == .array([.object([("destination", .string("note"))])]))
  }

  @MainActor @Test func aSecondAgentOnTheSameSocketIsRefusedWithTheReason() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try DeepLinkAgent(name: "notes", table: Self.table).start(
      socket: directory.file("notes.sock"), apply: { _ in }, state: { AppState(path: [], screen: "") })
    defer { first.stop() }
    #expect {
      _ = try DeepLinkAgent(name: "notes", table: Self.table).start(
        socket: directory.file("notes.sock"), apply: { _ in }, state: { AppState(path: [], screen: "") })
    } throws: { error in
      (error as? AgentError)?.message.contains("already listening on \(directory.file("notes.sock"))") == true
    }
  }
}
