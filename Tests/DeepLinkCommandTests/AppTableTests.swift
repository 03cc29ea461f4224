import DeepLinkRoutes
import DeepLinkWire
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

/// `{"op":"table"}` against the real `deeplink-app` and `transition-app` on real sockets: the
/// app serves the routes file `deeplink routes --json` prints, and the client reads it back.
@Suite("App table over the wire")
struct AppTableOverTheWireTests {
  @Test func theAppServesWhatRoutesJSONPrints() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let client = try LineClient.connect(
      path: app.socket, deadline: .after(milliseconds: Patience.milliseconds),
      maximumLineLength: AppTable.maximumReplyBytes)
    defer { client.close() }
    let reply = try JSON.parse(
      try client.request(#"{"op":"table"}"#, deadline: .after(milliseconds: Patience.milliseconds)))
    let printed = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden/routes.json"), encoding: .utf8)
    #expect(reply["ok"] == .bool(true))
    #expect(reply["version"] == .string(RouteTable.recipeSample.version))
    // `routes --json` adds where its table came from; the app serves the document alone.
    guard case .object(let members) = try JSON.parse(printed) else {
      Issue.record("routes.json is not an object")
      return
    }
    #expect(reply["table"] == .object(members.filter { $0.key != "source" }))
  }

  @Test func fetchDecodesTheAppsTable() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let contents = try AppTable.fetch(socket: app.socket, timeoutMilliseconds: Patience.milliseconds)
    // The fingerprint covers every declaration: names, types, defaults, ranges, help.
    #expect(contents.table.version == RouteTable.recipeSample.version)
    #expect(contents.table.routes.map(\.name) == RouteTable.recipeSample.routes.map(\.name))
    #expect(contents.iosBundleID == nil)
    #expect(contents.androidPackage == nil)
  }

  @Test func anAppWithABundleIDServesIt() throws {
    let app = try RunningApp.start(arguments: ["--bundle-id", "com.example.Recipes"])
    defer { app.stop() }
    let contents = try AppTable.fetch(socket: app.socket, timeoutMilliseconds: Patience.milliseconds)
    #expect(contents.iosBundleID == "com.example.Recipes")
    #expect(contents.table.version == RouteTable.recipeSample.version)
  }

  /// `transition-app` starts its agent with `DeepLinkAgent.start` (main actor), not `main`.
  @Test func anAppStartedOnTheMainActorServesItToo() throws {
    let app = try RunningApp.start(executable: Command.product("transition-app"))
    defer { app.stop() }
    let contents = try AppTable.fetch(socket: app.socket, timeoutMilliseconds: Patience.milliseconds)
    #expect(contents.table.version == RouteTable.recipeSample.version)
  }

  @Test func noAppIsASocketErrorNamingThePath() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("none.sock")
    #expect {
      try AppTable.fetch(socket: path, timeoutMilliseconds: 500)
    } throws: { error in
      let error = error as? AppTableError
      return error?.problem == .socket(.noListener(path: path)) && error?.exitCode == .unavailable
        && error?.message.contains(path) == true
    }
  }
}

/// A table from a socket is hostile input: each way it can be wrong is refused with a message
/// naming the app and the problem, in bounded time and memory.
@Suite("Hostile app tables")
struct HostileAppTableTests {
  static let app = "/tmp/deeplink-1000/app.sock"

  /// A reply carrying `routes` as a routes file, claiming `version` (else the table's real
  /// one) in the reply and in the table, as an app that lies would.
  static func reply(_ routes: [Route], version: String? = nil, scheme: String = "shop") -> String {
    let table = RouteTable(scheme: scheme, routes: routes)
    let claimed = version ?? table.version
    guard case .object(let members) = RoutesDocument.json(table: table) else { return "" }
    let document = JSON.object(
      members.map { $0.key == "version" ? JSON.Member("version", .string(claimed)) : $0 })
    return JSON.object([("ok", .bool(true)), ("version", .string(claimed)), ("table", document)]).serialized
  }

  /// A reply whose table is the text `table`, claiming `version`.
  static func reply(table: String, version: String = "0123456789abcdef") -> String {
    #"{"ok":true,"version":"\#(version)","table":\#(table)}"#
  }

  static let someRoutes = [
    Route(
      "product", summary: "Show a product", parameters: [.integer("id", range: 1...9, help: "Product id")])
  ]
  static let manyRoutes = (0...AppTable.maximumRoutes).map { Route("r\($0)", summary: "") }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let reply: String
    let problem: AppTableProblem
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "too large",
      reply: #"{"ok":true,"version":"x","pad":""# + String(repeating: "x", count: 1 << 20) + #""}"#,
      problem: .tooLarge(limit: AppTable.maximumReplyBytes)),
    Case(
      name: "too many routes", reply: reply(manyRoutes),
      problem: .tooManyRoutes(count: AppTable.maximumRoutes + 1, limit: AppTable.maximumRoutes)),
    Case(
      name: "not JSON", reply: "Bonjour", problem: .notJSON(.unexpectedByte(UInt8(ascii: "B"), offset: 0))),
    Case(
      name: "100,000-deep nesting", reply: String(repeating: "[", count: 100_000), problem: .notJSON(.tooDeep)
    ),
    Case(
      name: "100,000-deep table",
      reply: reply(table: String(repeating: #"{"a":"#, count: 100_000)), problem: .notJSON(.tooDeep)),
    Case(name: "no ok and version", reply: #"{"routes":[]}"#, problem: .notAReply),
    Case(
      name: "an older agent",
      reply:
        #"{"ok":false,"version":"x","error":{"kind":"bad-request","message":"unknown op 'table'; use one of open"}}"#,
      problem: .unsupported),
    Case(
      name: "an error reply",
      reply: #"{"ok":false,"version":"x","error":{"kind":"refused","message":"not now"}}"#,
      problem: .rejected(kind: "refused", message: "not now")),
    Case(name: "no table", reply: #"{"ok":true,"version":"x"}"#, problem: .noTable),
    Case(
      name: "invalid route name", reply: reply(table: #"{"routes":[{"name":"Bad_Name"}]}"#),
      problem: .invalidTable(place: "routes[0].name", problem: .badName("Bad_Name", kind: .route))),
    Case(
      name: "invalid parameter name",
      reply: reply(table: #"{"routes":[{"name":"a","parameters":[{"name":"-x","type":"string"}]}]}"#),
      problem: .invalidTable(
        place: "routes[0].parameters[0].name", problem: .badName("-x", kind: .parameter))),
    Case(
      name: "duplicate routes", reply: reply(table: #"{"routes":[{"name":"a"},{"name":"b"},{"name":"a"}]}"#),
      problem: .invalidTable(
        place: "routes[2].name", problem: .duplicateName("a", kind: .route, firstPlace: "routes[0]"))),
    Case(
      name: "default outside its range",
      reply: reply(
        table:
          #"{"routes":[{"name":"a","parameters":[{"name":"n","type":"integer","range":{"min":1,"max":9},"default":0}]}]}"#
      ),
      problem: .invalidTable(
        place: "routes[0].parameters[0].default", problem: .defaultOutOfRange(0, min: 1, max: 9))),
    Case(
      name: "a version its routes do not give", reply: reply(someRoutes, version: "0123456789abcdef"),
      problem: .versionMismatch(
        claimed: "0123456789abcdef", computed: RouteTable(scheme: "shop", routes: someRoutes).version)),
    Case(
      name: "a table stating another version",
      reply: reply(table: #"{"version":"fedcba9876543210","routes":[{"name":"a"}]}"#),
      problem: .versionsDisagree(reply: "0123456789abcdef", table: "fedcba9876543210")),
  ]

  @Test(arguments: cases)
  func isRefused(_ hostile: Case) {
    let started = ContinuousClock.now
    #expect {
      try AppTable.decode(reply: Array(hostile.reply.utf8), app: Self.app)
    } throws: { error in
      guard let error = error as? AppTableError else { return false }
      #expect(error.problem == hostile.problem)
      #expect(error.message.contains(Self.app), "\(error.message)")
      #expect(!error.hint.isEmpty)
      return true
    }
    // Bounded time: one pass over at most 1 MiB (generous for a loaded machine and a debug build).
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test func aSoundReplyDecodes() throws {
    let contents = try AppTable.decode(reply: Array(Self.reply(Self.someRoutes).utf8), app: Self.app)
    #expect(contents.table.version == RouteTable(scheme: "shop", routes: Self.someRoutes).version)
    #expect(contents.table.scheme == "shop")
  }

  @Test func theMostRoutesDecode() throws {
    let routes = Array(Self.manyRoutes.dropLast())
    let contents = try AppTable.decode(reply: Array(Self.reply(routes).utf8), app: Self.app)
    #expect(contents.table.routes.count == AppTable.maximumRoutes)
  }

  /// Over a real socket, a reply longer than the limit is cut off by the client, not read whole.
  @Test func aTooLargeReplyOnASocketIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("app.sock")
    let huge = #"{"ok":true,"version":"x","pad":""# + String(repeating: "x", count: 2 << 20) + #""}"#
    let server = try ScriptedServer.start(path: path) { _ in huge }
    defer { server.stop() }
    #expect {
      try AppTable.fetch(socket: path, timeoutMilliseconds: Patience.milliseconds)
    } throws: { error in
      (error as? AppTableError)?.problem == .tooLarge(limit: AppTable.maximumReplyBytes)
    }
  }

  @Test func aHostileTableOnASocketIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("app.sock")
    let server = try ScriptedServer.start(path: path) { _ in
      Self.reply(Self.someRoutes, version: "0000000000000000")
    }
    defer { server.stop() }
    #expect {
      try AppTable.fetch(socket: path, timeoutMilliseconds: Patience.milliseconds)
    } throws: { error in
      guard let error = error as? AppTableError, case .versionMismatch = error.problem else { return false }
      return error.message.contains(path) && error.exitCode == .internalError
    }
  }
}

/// A ``LineServer`` answering each line with what `answer` returns: an app that is not ours.
final class ScriptedServer: Sendable {
  let server: LineServer
  private let finished = DispatchSemaphore(value: 0)

  private init(server: LineServer) { self.server = server }

  static func start(path: String, answer: @escaping @Sendable (ArraySlice<UInt8>) -> String) throws
    -> ScriptedServer
  {
    var options = LineServer.Options()
    options.stopsOnSignals = false
    // A client that reads a long reply slowly (under a sanitizer, on a loaded machine) must not
    // see this server give up mid-reply after the app's 10 s of no progress: the tests here are
    // about the client, which cuts a reply off at its own limit.
    options.idleTimeoutMilliseconds = Patience.milliseconds
    let running = ScriptedServer(server: LineServer(path: path, options: options))
    let listening = DispatchSemaphore(value: 0)
    let thread = Thread { [running] in
      _ = try? running.server.run(onListening: { listening.signal() }) { line, reply in
        reply += answer(ArraySlice(line.withUnsafeBufferPointer { Array($0) })).utf8
      }
      listening.signal()
      running.finished.signal()
    }
    thread.start()
    listening.wait()
    return running
  }

  func stop() {
    server.stop()
    finished.wait()
  }
}
