import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `DeepLinkAgent.start` with an `async` apply: an app that acknowledges a link once its own
/// transition has ended. The real agent in `transition-app` (Tests/TransitionApp), on a real
/// socket, driven by the real `deeplink`: the reply comes only after the transition, links
/// from many clients are still applied one at a time, each completely, and a link whose
/// deadline passes while it waits is dropped.
@Suite("An apply that awaits its transition")
struct AsyncApplyTests {
  static func start(transition milliseconds: Int, events: String? = nil) throws -> RunningApp {
    try RunningApp.start(
      executable: Command.product("transition-app"),
      arguments: ["--transition", String(milliseconds)] + (events.map { ["--events", $0] } ?? []))
  }

  /// The events a screen lists: `start <url>` and `end <url>`, in order.
  static func events(_ screen: String) -> [String] {
    screen.split(separator: "\n").dropFirst().map(String.init)
  }

  @Test func theReplyComesOnlyOnceTheTransitionHasEnded() throws {
    let app = try Self.start(transition: 300)
    defer { _ = app.stop() }
    let started = Date()
    let result = try Command.deeplink("recipe", "--id", "1", "--socket", app.socket, "--json")
    let elapsed = Date().timeIntervalSince(started)
    #expect(result.status == 0, "\(result)")
    let state = try JSON.parse(result.stdout)
    // The state in the reply was read after `apply` returned: its transition's end is in it.
    #expect(
      state["screen"]?.stringValue
        == "shown debug://recipe?id=1\nstart debug://recipe?id=1\nend debug://recipe?id=1\n", "\(result)")
    #expect(elapsed >= 0.3, "the reply came \(elapsed) s after the link, before its 0.3 s transition ended")
  }

  @Test func linksFromManyClientsAreAppliedOneAtATimeEachCompletely() throws {
    let app = try Self.start(transition: 40)
    defer { _ = app.stop() }
    let clients = 8
    let script = """
      for i in $(seq \(clients)); do
        "$0" recipe --id "$i" --socket "$1" --json >"$2/out$i" 2>&1 &
      done
      status=0
      for job in $(jobs -p); do wait "$job" || status=$?; done
      exit $status
      """
    let result = try Command.run(
      "/bin/sh", ["-c", script, Command.product("deeplink"), app.socket, app.directory.path])
    #expect(result.status == 0, "\(result)")
    for client in 1...clients {
      let output = try String(contentsOfFile: app.directory.file("out\(client)"), encoding: .utf8)
      let screen = try #require(try JSON.parse(output)["screen"]?.stringValue, "\(output)")
      let url = "debug://recipe?id=\(client)"
      // Each reply shows its own link, started and ended last: nothing began after it.
      #expect(Array(Self.events(screen).suffix(2)) == ["start " + url, "end " + url], "\(screen)")
      #expect(screen.hasPrefix("shown \(url)\n"), "\(screen)")
    }
    let screen = try Command.deeplink("screen", "--socket", app.socket)
    let events = Self.events(screen.stdout)
    #expect(events.count == 2 * clients, "\(screen)")
    // Never two transitions at once: each start is followed by its own end.
    for pair in stride(from: 0, to: events.count - 1, by: 2) {
      #expect(events[pair].hasPrefix("start "), "\(events)")
      #expect(events[pair + 1] == "end " + events[pair].dropFirst("start ".count), "\(events)")
    }
    #expect(Set(events.filter { $0.hasPrefix("end ") }).count == clients, "\(events)")
  }

  @Test func aLinkWhoseDeadlinePassesDuringAnotherTransitionIsDropped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let events = directory.file("events")
    let app = try Self.start(transition: 800, events: events)
    defer { _ = app.stop() }
    // The first link starts its transition; the second is sent meanwhile with a deadline that
    // passes before the agent, still waiting for the first, reads it.
    let script = """
      "$0" recipe --id 1 --socket "$1" >/dev/null 2>&1 &
      first=$!
      tries=0
      until grep -q 'start debug://recipe?id=1' "$2" 2>/dev/null; do
        tries=$((tries + 1)); [ $tries -gt 2000 ] && { kill $first; exit 99; }
        sleep 0.01
      done
      "$0" recipe --id 2 --socket "$1" --timeout 0.2 >/dev/null 2>&1
      echo "second $?"
      wait $first
      echo "first $?"
      """
    let result = try Command.run("/bin/sh", ["-c", script, Command.product("deeplink"), app.socket, events])
    #expect(result.stdout == "second 75\nfirst 0\n", "\(result)")
    let screen = try Command.deeplink("screen", "--socket", app.socket)
    #expect(
      Self.events(screen.stdout) == ["start debug://recipe?id=1", "end debug://recipe?id=1"],
      "the second link was applied: \(screen)")
  }
}
