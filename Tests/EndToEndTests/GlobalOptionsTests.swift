import DeepLinkWire
import TestSupport
import Testing

/// `--socket`, `DEEPLINK_SOCKET`, and global options before or after the subcommand.
@Suite("Global options and environment")
struct GlobalOptionsTests {
  @Test func theSocketComesFromTheEnvironment() throws {
    try withApp { app in
      let result = try Command.deeplink("settings", environment: ["DEEPLINK_SOCKET": app.socket])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasPrefix("Home › Settings\n"))
      let wait = try Command.deeplink("wait", "--timeout", "5", environment: ["DEEPLINK_SOCKET": app.socket])
      #expect(wait.status == 0, "\(wait)")
    }
  }

  @Test func theSocketOptionWinsOverTheEnvironment() throws {
    try withApp { app in
      let nowhere = app.directory.file("nobody.sock")
      let result = try Command.deeplink(
        "settings", "--socket", app.socket, environment: ["DEEPLINK_SOCKET": nowhere])
      #expect(result.status == 0, "\(result)")
      let missing = try Command.deeplink(
        "settings", "--socket", nowhere, environment: ["DEEPLINK_SOCKET": app.socket])
      #expect(missing.status == 69, "\(missing)")
    }
  }

  @Test(arguments: [
    ["--socket", "SOCKET", "--json", "recipe", "--id", "42"],
    ["recipe", "--id", "42", "--json", "--socket", "SOCKET"],
    ["--json", "recipe", "--socket=SOCKET", "--id=42", "--timeout", "5"],
    ["--timeout=5", "recipe", "--id", "42", "--socket", "SOCKET", "--json"],
  ])
  func globalOptionsWorkBeforeAndAfterTheSubcommand(_ arguments: [String]) throws {
    try withApp { app in
      let result = try Command.deeplink(arguments.map { $0.replacing("SOCKET", with: app.socket) })
      #expect(result.status == 0, "\(result)")
      #expect(try JSON.parse(result.stdout)["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#)
    }
  }
}
