import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deeplink-app` as a process: stopping, its socket file, a second instance, its log.
@Suite("deeplink-app lifecycle")
struct AppLifecycleTests {
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func stopsCleanlyOnASignalAndRemovesItsSocket(_ signal: Int32) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    #expect(FileManager.default.fileExists(atPath: app.socket))
    app.send(signal)
    #expect(app.waitForExit() == 0)
    #expect(app.process.terminationReason == .exit)
    #expect(!FileManager.default.fileExists(atPath: app.socket))
    #expect(app.log().hasSuffix("deeplink-app: stopped; removed \(app.socket)\n"), "\(app.log())")
  }

  @Test func aSecondAppOnTheSameSocketRefusesAndTheFirstKeepsServing() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    // `timeout` so that a second app that wrongly starts serving fails the test, not hangs it.
    let second = try Command.run(
      try ExternalTool.require("timeout"), ["20", Command.product("deeplink-app"), "--socket", app.socket])
    #expect(second.status == 69, "\(second)")
    #expect(
      second.stderr.contains(
        "deeplink-app: error: another app is already listening on \(app.socket)"),
      "\(second)")
    #expect(FileManager.default.fileExists(atPath: app.socket))
    #expect(try app.deeplink("settings").status == 0)
  }

  @Test func anAppKilledWithSIGKILLLeavesItsSocketAndANewAppTakesOver() throws {
    let first = try RunningApp.start()
    defer { first.stop() }
    #expect(try first.deeplink("settings").status == 0)
    first.send(SIGKILL)
    first.waitForExit()
    #expect(FileManager.default.fileExists(atPath: first.socket))

    let stale = try first.deeplink("state")
    #expect(stale.status == 69, "\(stale)")
    #expect(stale.stderr.contains("start one with `deeplink-app --socket \(first.socket) &`"), "\(stale)")

    let second = try RunningApp.start(socket: first.socket)
    defer { second.stop() }
    #expect(try second.state()["path"]?.serialized == rootPath)
    #expect(try second.deeplink("recipe", "--id", "7").status == 0)
    #expect(second.stop() == 0)
    #expect(!FileManager.default.fileExists(atPath: first.socket))
  }

  /// The log: one line per applied link, in order, each with the canonical URL and the screen
  /// reached; reads, rejected links and usage errors log nothing.
  @Test func theLogHasOneLinePerAppliedLink() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    for arguments in [
      ["settings"], ["state"], ["recipe", "--id", "42"], ["screen"], ["open", "debug://recipe?id=abc"],
      ["routes"], ["url", "login"], ["open", "debug://settings"], ["recipe-edit", "--id=42"],
    ] {
      _ = try app.deeplink(arguments)
    }
    #expect(
      app.stopAndReadAppliedLines() == [
        "applied debug://settings → Home › Settings",
        "applied debug://recipe?id=42 → Home › Spaghetti Bolognese",
        "applied debug://settings → Home › Settings",
        "applied debug://recipe-edit?id=42 → Home › Spaghetti Bolognese › Edit",
      ])
    let lines = app.log().split(separator: "\n")
    #expect(lines.first?.hasPrefix("deeplink-app: listening on \(app.socket) (route table ") == true)
    #expect(lines.count == 6, "\(lines)")
  }

  /// Links from many clients at once: each is acknowledged with its own state, whole.
  @Test func concurrentClientsEachSeeTheirOwnLinkApplied() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let ids = Array(1...8)
    let results = Locked([Int: CommandResult]())
    DispatchQueue.concurrentPerform(iterations: ids.count) { index in
      let result = try? app.deeplink("recipe-edit", "--id", String(ids[index]), "--json")
      results.withLock { $0[ids[index]] = result }
    }
    for id in ids {
      let result = results.withLock { $0[id] }
      #expect(result?.status == 0, "\(String(describing: result))")
      let expected =
        #"{"destination":"recipe","id":\#(id)},{"destination":"recipe-edit","id":\#(id),"unsaved":false}"#
      #expect(result.map { $0.stdout.filter { !$0.isWhitespace } }?.contains(expected) == true)
    }
    #expect(Set(app.stopAndReadAppliedLines()).count == ids.count)
  }
}

/// A value behind a lock, for collecting results from concurrent work.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()
  init(_ value: Value) { self.value = value }
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
