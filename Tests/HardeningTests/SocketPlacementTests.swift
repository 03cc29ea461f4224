import Foundation
import TestSupport
import Testing

/// Where the socket may live, as the real programs report it.
@Suite struct SocketPlacementTests {
  /// 108 bytes: one more than Linux's `sun_path` holds (107 and a NUL).
  static func tooLongPath(in directory: TemporaryDirectory) -> String {
    let base = directory.path + "/"
    return base + String(repeating: "s", count: 108 - base.utf8.count)
  }

  @Test func tooLongPathIsReportedByBothPrograms() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = Self.tooLongPath(in: directory)

    let app = try Command.run(Command.product("deeplink-app"), ["--socket", path])
    #expect(app.status == 69, "\(app)")
    #expect(app.stderr.contains("108 bytes"), "\(app)")
    #expect(app.stderr.contains("107"), "\(app)")
    #expect(!FileManager.default.fileExists(atPath: path))

    let cli = try Command.deeplink("settings", "--socket", path)
    #expect(cli.status == 64, "\(cli)")
    #expect(cli.stderr.contains("108 bytes"), "\(cli)")
    #expect(cli.stderr.contains("107"), "\(cli)")
  }

  @Test func directoryOthersCanWriteToIsRefusedAndLeftAsItWas() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let shared = directory.file("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared)

    let app = try Command.run(Command.product("deeplink-app"), ["--socket", shared + "/app.sock"])
    #expect(app.status == 69, "\(app)")
    #expect(app.stderr.contains("refusing to put the socket in \(shared)"), "\(app)")
    #expect(app.stderr.contains("other users can write to it (mode 0777)"), "\(app)")
    let mode = try FileManager.default.attributesOfItem(atPath: shared)[.posixPermissions] as? Int
    #expect(mode == 0o777)
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
  }

  @Test func socketFileIsPrivate() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let mode = try FileManager.default.attributesOfItem(atPath: app.socket)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }

  /// The socket is 0600 whatever umask the app inherits: with `umask 000`, a socket left with
  /// the mode `bind(2)` gives it would be 0777, reachable by every user who can reach the path.
  @Test func socketFileIsPrivateUnderAPermissiveUmask() throws {
    let scripts = try TemporaryDirectory()
    defer { scripts.remove() }
    // Written by a child process: run right after, a program this process wrote can fail with
    // ETXTBSY while other tests start processes (TemporaryDirectory.program says why).
    let launcher = try scripts.program(
      "permissive-app", "#!/bin/sh\numask 000\nexec '\(Command.product("deeplink-app"))' \"$@\"\n")

    let app = try RunningApp.start(executable: launcher)
    defer { app.stop() }
    let mode = try FileManager.default.attributesOfItem(atPath: app.socket)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }
}
