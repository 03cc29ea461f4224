import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// What `deeplink` prints that needs no app, run in this process: values that begin with a
/// combining mark, `--json` errors, help and completions, and `--quiet` with an error. The
/// built binary prints the same (EndToEndTests' MachineReadableTests and UnicodeArgumentTests).
@Suite("Text output, in-process")
struct TextOutputTests {
  /// `deeplink` with `arguments`, in this process.
  static func deeplink(_ arguments: String...) -> CommandRun {
    CommandRun(arguments, tool: CommandRun.deeplink())
  }

  @Test func aValueAfterEqualsMayBeginWithACombiningMark() {
    let result = Self.deeplink("url", "login-error", "--message=\u{0599}x")
    #expect(result.code == 0, "\(result)")
    #expect(result.standardOutput == "debug://login-error?message=%D6%99x\n")
  }

  @Test func anIntegerBeginningWithACombiningMarkIsReportedAsSuch() {
    let result = Self.deeplink("url", "recipe", "--id=\u{0301}abc")
    #expect(result.code == 64, "\(result)")
    #expect(
      result.standardError.hasPrefix("deeplink: error: --id expects an integer, got '\u{0301}abc'\n"),
      "\(result)")
  }

  @Test func aUsageErrorIsOneJSONObjectOnStderr() throws {
    let result = Self.deeplink("recipe", "--id", "abc", "--json")
    #expect(result.code == 64)
    #expect(result.standardOutput == "", "stdout must stay empty: \(result)")
    #expect(result.standardError.hasSuffix("\n"))
    #expect(result.standardError.dropLast().contains("\n") == false, "one line: \(result)")
    let object = try JSON.parse(result.standardError)
    #expect(object["ok"]?.boolValue == false)
    let error = try #require(object["error"])
    #expect(error["exitCode"]?.intValue == 64)
    #expect(error["kind"]?.stringValue == "usage")
    #expect(error["message"]?.stringValue == "--id expects an integer, got 'abc'")
    #expect(error["hint"]?.stringValue == "Run 'deeplink help recipe' for its options.")
  }

  @Test func helpAndCompletionsPrintJSON() throws {
    let help = try JSON.parse(Self.deeplink("help", "recipe", "--json").standardOutput)
    #expect(help["help"]?.stringValue == Self.deeplink("help", "recipe").standardOutput)
    let script = try JSON.parse(Self.deeplink("completions", "fish", "--json").standardOutput)
    #expect(script["shell"]?.stringValue == "fish")
    #expect(script["script"]?.stringValue == Self.deeplink("completions", "fish").standardOutput)
  }

  @Test func quietKeepsErrors() {
    let result = Self.deeplink("url", "recipe", "--id", "x", "--quiet")
    #expect(result.code == 64)
    #expect(result.standardError.hasPrefix("deeplink: error: --id expects an integer, got 'x'"))
  }
}
