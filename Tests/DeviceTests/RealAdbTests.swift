import Foundation
import TestSupport
import Testing

/// The one test against a real device tool: Debian's `adb` client (package `adb`, which
/// `.ci/run` installs), with no device attached. It starts its own adb server on a private
/// port (`ANDROID_ADB_SERVER_PORT`) and stops it afterwards.
@Suite("Real adb, no device", .serialized)
struct RealAdbTests {
  /// The real client's output with no device: deeplink reads it as no device (69), and its
  /// `device '…' not found` as an unavailable device (69), never as success.
  @Test(.requires("adb"))
  func theRealAdbWithNoDeviceGives69() throws {
    let adb = try ExternalTool.require("adb")
    let world = try StandInDevices(tools: [])
    defer { world.remove() }
    let folder = (adb as NSString).deletingLastPathComponent
    // A private server port, so that no adb server of this machine's user is touched; its log
    // (`$TMPDIR/adb.<uid>.log`) in the world's folder, removed with it, not in /tmp.
    let port = String(20_000 + Int(getpid() % 20_000))
    let environment = [
      "PATH": folder + ":" + world.environment["PATH"]!, "ANDROID_ADB_SERVER_PORT": port,
      "HOME": world.directory.path, "TMPDIR": world.directory.path,
    ]
    defer { _ = try? Command.run(adb, ["kill-server"], environment: environment) }

    let none = try world.deeplink("--target", "android", "settings", environment: environment)
    #expect(none.status == 69, "\(none)")
    #expect(none.stderr.hasPrefix("deeplink: error: no Android device is attached"), "\(none)")

    let unknown = try world.deeplink(
      "--target", "android:emulator-5554", "settings", environment: environment)
    #expect(unknown.status == 69, "\(unknown)")
    #expect(
      unknown.stderr.hasPrefix("deeplink: error: Android device emulator-5554 is not available"), "\(unknown)"
    )

    let targets = try world.deeplink(
      "targets", "--json", "--socket", world.directory.file("none.sock"), environment: environment)
    #expect(targets.status == 0, "\(targets)")
    #expect(targets.stdout == "[]\n")
  }
}
