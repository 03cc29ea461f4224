import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// The table question asked of a simulator app's agent: `--target simulator:<UDID> --bundle-id
/// ID` names the app without running `xcrun`, so `deeplink` asks that app's agent for its
/// table, as it asks an app on a socket, and keeps it under the simulator's UDID and the bundle
/// id. The app is the real `transition-app` with a route of its own, started by the stand-in
/// `simctl launch` as the simulator's launchd starts an app (`SIMULATOR_UDID`, `--bundle-id`).
@Suite("A simulator app's agent teaches deeplink its routes")
struct SimulatorAgentTableTests {
  static let bundle = "com.example.Wishes"
  /// The route only the app knows.
  static let route = "wishlist"

  @Test func theAgentsTableIsSpokenThenKeptForThatAppOnThatSimulatorOnly() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    let app = ["--target", "simulator:" + udids[0], "--bundle-id", Self.bundle]
    let launched = try world.deeplink(["launch"] + app)
    try #require(launched.status == 0, "\(launched)")
    let xcrunRuns = world.invocations().count

    // The agent answers: help, `routes` and a link speak its table.
    let help = try world.deeplink(app + ["help"])
    #expect(help.status == 0 && help.stdout.contains("\n  \(Self.route) "), "\(help)")
    let socket = SimulatorSocket.path(udid: udids[0], bundleID: Self.bundle)
    let routes = try world.deeplink(app + ["routes"])
    #expect(routes.stdout.contains(", served by the app on \(socket)\n"), "\(routes)")
    let link = try world.deeplink(app + [Self.route])
    #expect(link.status == 0 && link.stdout.hasPrefix("shown debug://\(Self.route)\n"), "\(link)")
    #expect(link.stderr.isEmpty, "no warning: the table is the app's own: \(link)")
    #expect(world.invocations().count == xcrunRuns, "no xcrun ran: \(world.invocations())")

    // Stopped: help, `url` and `routes` speak its table from the cache.
    world.stopApps()
    #expect(try world.deeplink(app + ["help"]).stdout.contains("\n  \(Self.route) "))
    let url = try world.deeplink(app + ["url", Self.route])
    #expect(url.status == 0 && url.stdout == "debug://\(Self.route)\n", "\(url)")
    #expect(
      try world.deeplink(app + ["routes"]).stdout.contains(
        ", served last by the app on \(socket), which does not answer now (cached)\n"))
    // The same app, its UDID and bundle id spelled in another case, as the agent's socket
    // compares them.
    let respelled = try world.deeplink([
      "--target", "simulator:" + udids[0].lowercased(), "--bundle-id", Self.bundle.uppercased(), "url",
      Self.route,
    ])
    #expect(respelled.status == 0, "\(respelled)")
    // The booted simulator's target, which names no UDID, finds it kept under the bundle id.
    let booted = try world.deeplink(["--target", "simulator", "--bundle-id", Self.bundle, "url", Self.route])
    #expect(booted.status == 0, "\(booted)")

    // Kept for that app on that simulator only: another bundle id on the same simulator, or the
    // same bundle id on another simulator, has the built-in table.
    for other in [
      ["--target", "simulator:" + udids[0], "--bundle-id", Self.bundle + ".Beta"],
      ["--target", "simulator:" + udids[1], "--bundle-id", Self.bundle],
    ] {
      let elsewhere = try world.deeplink(other + ["url", Self.route])
      #expect(elsewhere.status == 64, "\(other): \(elsewhere)")
      #expect(elsewhere.stderr.contains("unknown route '\(Self.route)'"), "\(other): \(elsewhere)")
    }
  }

  /// `--target simulator --bundle-id ID`, the booted simulator, names no socket: the agent of
  /// that bundle id among those listening is asked, and its table is kept for that bundle id,
  /// so that help and `url` keep it while the app is not running.
  @Test func theBootedSimulatorsAppIsFoundAmongTheAgentsAndKeptForItsBundleID() throws {
    let bundle = Self.bundle + ".Booted"
    let (world, udids) = try Self.world(simulators: 1, bundle: bundle)
    defer { world.remove() }
    let app = ["--target", "simulator", "--bundle-id", bundle]
    let launched = try world.deeplink(["launch"] + app)
    try #require(launched.status == 0, "\(launched)")

    let help = try world.deeplink(app + ["help"])
    #expect(help.status == 0 && help.stdout.contains("\n  \(Self.route) "), "\(help)")
    let socket = SimulatorSocket.path(udid: udids[0], bundleID: bundle)
    let routes = try world.deeplink(app + ["routes"])
    #expect(routes.stdout.contains(", served by the app on \(socket)\n"), "\(routes)")
    let link = try world.deeplink(app + [Self.route])
    #expect(link.status == 0 && link.stdout.hasPrefix("shown debug://\(Self.route)\n"), "\(link)")
    #expect(link.stderr.isEmpty, "no warning: the table is the app's own: \(link)")

    world.stopApps()
    let url = try world.deeplink(app + ["url", Self.route])
    #expect(url.status == 0 && url.stdout == "debug://\(Self.route)\n", "\(url)")
    #expect(
      try world.deeplink(app + ["routes"]).stdout.contains(
        ", served last by \(bundle) on a simulator, which does not answer now (cached)\n"))
    // The simulator named by its UDID finds the table kept from the booted one's agent.
    let named = try world.deeplink([
      "--target", "simulator:" + udids[0], "--bundle-id", bundle, "url", Self.route,
    ])
    #expect(named.status == 0, "\(named)")
    // Another bundle id has the built-in table.
    let other = try world.deeplink(["--target", "simulator", "--bundle-id", bundle + "2", "url", Self.route])
    #expect(other.status == 64 && other.stderr.contains("unknown route '\(Self.route)'"), "\(other)")
  }

  /// Booted simulators of fresh UDIDs, the app installed as `bundle` (`transition-app` with
  /// its own route, through a launcher script: `simctl launch` runs an installed app with no
  /// arguments of ours) and a cache of the world's own.
  static func world(simulators: Int = 2, bundle: String = bundle) throws -> (
    world: StandInDevices, udids: [String]
  ) {
    var world = try StandInDevices()
    // Written by a child process, so that no child of this one holds it open for writing when
    // `simctl launch` runs it (ETXTBSY; TemporaryDirectory.program says why).
    let app = try world.directory.program(
      "wishes-app",
      """
      #!/bin/sh
      exec '\(Command.product("transition-app"))' --extra-route \(route) "$@"

      """)
    try "\(bundle) \(app)\n".write(toFile: world.directory.file("apps"), atomically: true, encoding: .utf8)
    let (file, udids) = try StandInDevices.freshSimulators(simulators, in: world.directory)
    world.environment["STANDIN_SIMULATORS"] = file
    world.environment["XDG_CACHE_HOME"] = world.directory.file("cache")
    return (world, udids)
  }
}
