import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// The app teaches `deeplink` its routes: the real `deeplink`, with no routes file, against a
/// real agent whose table is not the one `deeplink` is built with (`transition-app` with routes
/// of its own), on a real socket, with a private cache.
@Suite("The app teaches deeplink its routes")
struct ZeroConfigurationTests {
  /// An app with the sample's routes and `extra` ones.
  static func start(socket: String? = nil, extra: [String], summary: String? = nil) throws -> RunningApp {
    try RunningApp.start(
      executable: Command.product("transition-app"), socket: socket,
      arguments: ["--transition", "0"] + extra.flatMap { ["--extra-route", $0] }
        + (summary.map { ["--summary", $0] } ?? []))
  }

  /// `deeplink ARGUMENTS` with `cache` as `XDG_CACHE_HOME`.
  static func deeplink(_ arguments: [String], cache: TemporaryDirectory) throws -> CommandResult {
    try Command.deeplink(arguments, environment: ["XDG_CACHE_HOME": cache.path])
  }

  @Test func theAppsRoutesWorkWithNoRoutesFileAndStayWhenItStops() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let app = try Self.start(extra: ["wishlist"])
    let socket = app.socket

    let help = try Self.deeplink(["--socket", socket, "help"], cache: cache)
    #expect(help.status == 0 && help.stdout.contains("\n  wishlist "), "\(help)")
    let link = try Self.deeplink(["--socket", socket, "wishlist"], cache: cache)
    #expect(link.status == 0, "\(link)")
    #expect(link.stdout.hasPrefix("shown debug://wishlist\n"), "\(link)")
    #expect(link.stderr.isEmpty, "no warning: the table is the app's own")
    let routes = try Self.deeplink(["--socket", socket, "routes"], cache: cache)
    #expect(routes.stdout.hasPrefix("Routes of debug://, table "))
    #expect(routes.stdout.contains(", served by the app on \(socket)\n"), "\(routes)")
    let json = try JSON.parse(
      try Self.deeplink(["--socket", socket, "routes", "--json"], cache: cache).stdout)
    #expect(json["source"] == .string("served by the app on \(socket)"))

    // The cache is private: the directory 0700, the file 0600.
    let directory = cache.path + "/deeplink"
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.count == 1 && files[0].hasPrefix("table-"), "\(files)")
    let attributes = try FileManager.default.attributesOfItem(atPath: directory)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    let file = try FileManager.default.attributesOfItem(atPath: directory + "/" + files[0])
    #expect((file[.posixPermissions] as? Int) == 0o600)

    _ = app.stop()
    // Stopped: help, url and routes speak its routes from the cache; a link finds no app.
    let offline = try Self.deeplink(["--socket", socket, "url", "wishlist"], cache: cache)
    #expect(offline.status == 0 && offline.stdout == "debug://wishlist\n", "\(offline)")
    #expect(try Self.deeplink(["--socket", socket, "help"], cache: cache).stdout.contains("\n  wishlist "))
    #expect(
      try Self.deeplink(["--socket", socket, "routes"], cache: cache).stdout.contains(
        ", served last by the app on \(socket), which does not answer now (cached)\n"))
    let noApp = try Self.deeplink(["--socket", socket, "wishlist"], cache: cache)
    #expect(noApp.status == 69, "\(noApp)")
    #expect(!noApp.stderr.contains("deeplink-app"), "the hint names no other app: \(noApp.stderr)")

    // Without the cache, the built-in table: the route is unknown.
    let elsewhere = try TemporaryDirectory()
    defer { elsewhere.remove() }
    #expect(try Self.deeplink(["--socket", socket, "url", "wishlist"], cache: elsewhere).status == 64)
  }

  @Test func anAppRebuiltWithAnotherTableIsFollowedAtTheNextCommand() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let first = try Self.start(extra: ["wishlist"])
    let socket = first.socket
    #expect(try Self.deeplink(["--socket", socket, "wishlist"], cache: cache).status == 0)
    _ = first.stop()

    // Rebuilt with one more route, on the same socket: the next command knows it.
    let second = try Self.start(socket: socket, extra: ["wishlist", "compare"])
    let compare = try Self.deeplink(["--socket", socket, "compare"], cache: cache)
    #expect(compare.status == 0 && compare.stdout.hasPrefix("shown debug://compare\n"), "\(compare)")
    _ = second.stop()
    #expect(try Self.deeplink(["--socket", socket, "url", "compare"], cache: cache).status == 0)

    // Rebuilt without them: a link is checked against the app's table now, never the cached one.
    let third = try Self.start(socket: socket, extra: [])
    defer { _ = third.stop() }
    let gone = try Self.deeplink(["--socket", socket, "wishlist"], cache: cache)
    #expect(gone.status == 64 && gone.stderr.contains("unknown route or command 'wishlist'"), "\(gone)")
  }

  /// Help is never staler than the app that answers: rebuilt with the same routes and other
  /// help text, its new text is what help, `routes` and a Tab show at the next command, and
  /// what they show from the cache once it stops.
  @Test func anAppRebuiltWithOtherHelpTextIsShownItsNewText() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let first = try Self.start(extra: ["wishlist"], summary: "Show the old wishlist")
    let socket = first.socket
    let before = try Self.deeplink(["--socket", socket, "routes"], cache: cache)
    #expect(before.stdout.contains("Show the old wishlist"), "\(before)")
    _ = first.stop()

    let second = try Self.start(socket: socket, extra: ["wishlist"], summary: "Show the new wishlist")
    let routes = try Self.deeplink(["--socket", socket, "routes"], cache: cache)
    #expect(routes.status == 0 && routes.stdout.contains("Show the new wishlist"), "\(routes)")
    #expect(!routes.stdout.contains("old wishlist"), "\(routes)")
    let help = try Self.deeplink(["--socket", socket, "help", "wishlist"], cache: cache)
    #expect(help.stdout.contains("Show the new wishlist"), "\(help)")
    _ = second.stop()
    let offline = try Self.deeplink(["--socket", socket, "routes"], cache: cache)
    #expect(offline.stdout.contains("Show the new wishlist"), "the cache keeps the new text: \(offline)")
  }

  /// A cache file others may read is ignored with one warning line, whether an app answers or
  /// not, and whether the command sends a link or only prints.
  @Test func aCacheFileOthersMayReadWarnsAppOrNoApp() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let app = try Self.start(extra: ["wishlist"])
    let socket = app.socket
    #expect(try Self.deeplink(["--socket", socket, "wishlist"], cache: cache).status == 0)
    let directory = cache.path + "/deeplink"
    let file = directory + "/" + (try FileManager.default.contentsOfDirectory(atPath: directory))[0]
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    let warning = "deeplink: warning: ignoring the cached table \(file): "
    for arguments in [["settings"], ["url", "settings"], ["routes"]] {
      let result = try Self.deeplink(["--socket", socket] + arguments, cache: cache)
      #expect(result.status == 0 && result.stderr.hasPrefix(warning), "\(arguments): \(result)")
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    }
    _ = app.stop()
    let offline = try Self.deeplink(["--socket", socket, "url", "settings"], cache: cache)
    #expect(offline.status == 0 && offline.stderr.hasPrefix(warning), "no app: \(offline)")
  }

  /// A peer on the socket that answers `ping`, refuses every link that carries a table's
  /// fingerprint as built from another table (`stale-table`), and serves `table` as given: any
  /// program may listen there, so its table is input not to be trusted.
  static func serve(_ socket: String, table: String, body: () throws -> Void) throws {
    let server = LineServer(path: socket)
    let finished = DispatchSemaphore(value: 0)
    let ready = DispatchSemaphore(value: 0)
    let thread = Thread {
      _ = try? server.run(onListening: { ready.signal() }) { line, reply in
        let text = String(decoding: line.withUnsafeBufferPointer { Array($0) }, as: UTF8.self)
        let answer =
          if text.contains(#""op":"table""#) {
            table
          } else if text.contains(#""op":"open""#) && text.contains(#""table":"#) {
            #"{"ok":false,"version":"0123456789abcdef","error":{"kind":"stale-table","message":"another table"}}"#
          } else {
            #"{"ok":true,"version":"0123456789abcdef","debugLinks":true}"#
          }
        reply += Array(answer.utf8)
      }
      finished.signal()
    }
    thread.start()
    defer {
      server.stop()
      _ = finished.wait(timeout: .now() + 10)
    }
    _ = ready.wait(timeout: .now() + 10)
    try body()
  }

  @Test(arguments: [
    (
      "a fingerprint that is not the table's",
      #"{"ok":true,"version":"0123456789abcdef","table":{"scheme":"evil","version":"0123456789abcdef","routes":[{"name":"home"}]}}"#,
    ),
    ("not JSON", "{{{"),
    (
      "a route name that is no route name",
      #"{"ok":true,"version":"0123456789abcdef","table":{"routes":[{"name":"../x"}]}}"#
    ),
  ])
  func aHostileTableIsRefusedNamingTheAppAndNothingIsCachedOrSent(_ problem: String, _ reply: String) throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    try Self.serve(socket, table: reply) {
      // Fetched after a link was refused as stale, and before `url` prints a route it lacks.
      for arguments in [["settings"], ["url", "home"]] {
        let result = try Self.deeplink(["--socket", socket] + arguments, cache: cache)
        #expect(result.status == 70, "\(problem): \(result)")
        #expect(result.stderr.hasPrefix("deeplink: error: "), "\(problem): \(result)")
        #expect(result.stderr.contains(socket), "\(problem): the message names the app: \(result)")
        #expect(result.stdout.isEmpty)
      }
    }
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: cache.path + "/deeplink")) ?? []
    #expect(kept.isEmpty, "\(problem): nothing cached")
  }
}
