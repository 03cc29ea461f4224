import DeepLinkRoutes
import Foundation
import TestSupport
import Testing

@testable import DeepLinkCommand

/// Tab completion of the table a running app teaches, in every real shell, with no routes
/// file: the real `transition-app` serves the built-in table plus a route only it knows, the
/// real `deeplink` learns it at a Tab or a command (and keeps it in a private cache), and the
/// checked-in scripts, which ask `deeplink` at every Tab, offer it while the app runs and after.
@Suite struct AppTableCompletionTests {
  /// The route only the app knows, and what its help says.
  static let route = "only-this-app"
  static let summary = "Show only-this-app"

  @Test("bash offers the routes the app taught, from the app and then from the cache")
  func bash() throws { try Self.offersTheAppsRoutes(in: .bash) }

  @Test("zsh offers the routes the app taught, from the app and then from the cache", .requires("zsh"))
  func zsh() throws { try Self.offersTheAppsRoutes(in: .zsh) }

  @Test("fish offers the routes the app taught, from the app and then from the cache", .requires("fish"))
  func fish() throws { try Self.offersTheAppsRoutes(in: .fish) }

  static func offersTheAppsRoutes(in shell: CompletionShell) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let cache = root.file("cache")
    let app = try RunningApp.start(
      executable: Command.product("transition-app"), arguments: ["--transition", "0", "--extra-route", route])
    defer { app.stop() }
    // The app's answer is awaited as long as a hang bound, not the Tab's 150 ms: what is
    // checked is what it teaches, on a machine however loaded.
    let environment = [
      "XDG_CACHE_HOME": cache, "DEEPLINK_COMPLETION_TIMEOUT_MS": String(Patience.milliseconds),
    ]
    let builtIn = RouteTable.recipeSample.routes.map(\.name)
    func offers(_ line: String) throws -> ShellAnswer {
      let answer = try ShellDriver.complete(line, in: shell, directory: root, environment: environment)
      #expect(answer.result.status == 0, "\(answer.result)")
      if shell != .zsh { #expect(answer.result.stderr.isEmpty, "\(answer.result)") }
      return answer
    }
    let line = "deeplink --socket \(app.socket) "

    // Nothing cached yet: the app the line aims at is asked at the Tab, as a command asks it.
    let before = try offers(line)
    #expect(Set(builtIn + [route]).isSubset(of: before.words), "\(before.offers)")

    // One command against the app teaches deeplink its table, which it keeps.
    let help = try Command.deeplink(["--socket", app.socket, "help"], environment: environment)
    #expect(help.status == 0 && help.stdout.contains(route), "\(help)")

    let taught = try offers(line)
    #expect(Set(builtIn + [route]).isSubset(of: taught.words), "\(taught.offers)")
    #expect(try offers("deeplink --socket \(app.socket) only-").words == [route])
    if shell != .bash {
      #expect(taught.offers.first { $0.word == route }?.help == summary, "\(taught.offers)")
    }

    // The app stopped: the table it served last, from the cache.
    _ = app.stop()  // transition-app ends on the signal, with no status of its own
    #expect(try offers("deeplink --socket \(app.socket) only-").words == [route])
    let offline = try offers(line)
    #expect(Set(builtIn + [route]).isSubset(of: offline.words), "\(offline.offers)")

    // A cache file that is not a table is passed over in silence: the built-in routes again.
    let files = try FileManager.default.contentsOfDirectory(atPath: cache + "/deeplink")
    #expect(files.count == 1, "\(files)")
    for file in files {
      try "not a table".write(toFile: cache + "/deeplink/" + file, atomically: false, encoding: .utf8)
    }
    let corrupt = try offers(line)
    #expect(Set(builtIn).isSubset(of: corrupt.words) && !corrupt.words.contains(route), "\(corrupt.offers)")
  }
}
