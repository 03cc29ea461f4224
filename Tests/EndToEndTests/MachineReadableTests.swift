import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `--json` everywhere and one `--quiet` rule, through the real binaries (what needs no app
/// runs in-process too, DeepLinkCommandTests' TextOutputTests).
@Suite("Machine-readable output")
struct MachineReadableTests {
  /// The one line a `--json` failure writes on stderr, parsed.
  static func jsonError(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> JSON
  {
    #expect(result.stdout == "", "stdout must stay empty: \(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
    #expect(
      result.stderr.dropLast().contains("\n") == false, "one line: \(result)", sourceLocation: sourceLocation)
    let object = try JSON.parse(result.stderr)
    #expect(object["ok"]?.boolValue == false, sourceLocation: sourceLocation)
    #expect(object["error"]?["exitCode"]?.intValue == Int(result.status), sourceLocation: sourceLocation)
    return try #require(object["error"], sourceLocation: sourceLocation)
  }

  @Test func noAppListeningIsAJSONError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Command.deeplink("state", "--json", "--socket", directory.file("app.sock"))
    #expect(result.status == 69)
    let error = try Self.jsonError(result)
    #expect(error["kind"]?.stringValue == "no-app")
    #expect(error["message"]?.stringValue?.hasPrefix("no app is listening on ") == true)
  }

  @Test func aBatchFailureNamesItsLine() throws {
    try withApp { app in
      let result = try app.deeplink("--json", "batch", input: "settings\nrecipe --id 0\n")
      #expect(result.status == 64)
      let error = try JSON.parse(result.stderr)["error"]
      #expect(error?["kind"]?.stringValue == "usage")
      #expect(error?["line"]?.intValue == 2)
      #expect(result.stdout == "", "a batch checked before sending prints nothing: \(result)")
    }
  }

  @Test func versionAndWaitPrintJSON() throws {
    let text = try Command.deeplink("version")
    let version = try JSON.parse(try Command.deeplink("version", "--json").stdout)
    #expect(
      text.stdout
        == "deeplink \(version["version"]?.stringValue ?? "?") (route table "
        + "\(version["routeTable"]?.stringValue ?? "?"), \(version["tableSource"]?.stringValue ?? "?"))\n"
    )
    #expect(try JSON.parse(try Command.deeplink("--version", "--json").stdout) == version)
    try withApp { app in
      let wait = try app.deeplink("wait", "--json")
      #expect(wait.status == 0)
      let object = try JSON.parse(wait.stdout)
      #expect(object["listening"]?.boolValue == true)
      #expect(object["socket"]?.stringValue == app.socket)
    }
  }

  @Test func openAndRouteCommandsShowTheCanonicalURLApplied() throws {
    try withApp { app in
      let open = try JSON.parse(try app.deeplink("open", "DEBUG://Recipe/?id=042", "--json").stdout)
      #expect(open["applied"]?.stringValue == "debug://recipe?id=42")
      #expect(open["path"]?.arrayValue?.first?["id"]?.intValue == 42)
      let link = try JSON.parse(try app.deeplink("recipe-edit", "--id", "7", "--unsaved", "--json").stdout)
      #expect(link["applied"]?.stringValue == "debug://recipe-edit?id=7&unsaved=true")
    }
  }

  @Test func batchJSONLinesNameTheirLineAndURL() throws {
    try withApp { app in
      let result = try app.deeplink(
        ["batch", "--json"], input: "# steps\nsettings\n\nDEBUG://Recipe?id=042\nlogin-error\n")
      #expect(result.status == 0, "\(result)")
      let lines = try result.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
      #expect(lines.map { $0["line"]?.intValue } == [2, 4, 5])
      #expect(
        lines.map { $0["applied"]?.stringValue }
          == ["debug://settings", "debug://recipe?id=42", "debug://login-error"])
      #expect(lines[2]["overrides"]?["loginError"]?.stringValue == "Invalid credentials")
    }
  }

  /// `--quiet`: nothing on stdout, for every command, and the exit code still tells.
  @Test(
    arguments: [
      ["url", "settings"], ["routes"], ["routes", "--json"], ["version"], ["--version"], ["help"],
      ["recipe", "--help"], ["completions", "bash"], ["open", "--dry-run", "debug://settings"],
      ["state"], ["screen"], ["wait"], ["settings"], ["open", "debug://recipes"], ["batch", "-"],
    ])
  func quietPrintsNothingWhateverTheCommand(_ arguments: [String]) throws {
    try withApp { app in
      let result = try app.deeplink(arguments + ["--quiet"], input: "settings\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout == "", "\(arguments): \(result)")
      #expect(result.stderr == "")
    }
  }
}
