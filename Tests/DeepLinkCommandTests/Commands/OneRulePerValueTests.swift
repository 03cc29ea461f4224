import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// One rule per value, and messages that point the right way, from `deeplink` run in this
/// process; none of these needs an app.
@Suite("One rule per value")
struct OneRulePerValueTests {
  static let noApp = "/nonexistent-deeplink-test/app.sock"

  /// `deeplink` with `arguments`, and `input` on its standard input.
  static func deeplink(_ arguments: [String], input: String = "") -> CommandRun {
    CommandRun(arguments, tool: CommandRun.deeplink(), input: input)
  }

  static func deeplink(_ arguments: String...) -> CommandRun { deeplink(arguments) }

  @Test(arguments: ["0x10", "1e1", "inf", "+5", " 5", "5s", "0"])
  func timeoutIsDecimalSecondsAndZeroIsRefused(_ text: String) throws {
    let result = Self.deeplink("wait", "--timeout", text, "--socket", Self.noApp)
    #expect(result.code == 64, "\(result)")
    #expect(
      result.standardError.hasPrefix(
        "deeplink: error: --timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is "
          + "refused), got '\(text)'\n"), "\(result)")
  }

  @Test func timeoutHelpStatesTheRule() throws {
    #expect(Self.deeplink("help").standardOutput.contains("0 is refused"))
  }

  /// The same boolean rule in URLs and options: any letter case, also 1 and 0.
  @Test(
    arguments: [
      (["url", "recipe-edit", "--id", "1", "--unsaved=TRUE"], "debug://recipe-edit?id=1&unsaved=true"),
      (["url", "recipe-edit", "--id", "1", "--unsaved=False"], "debug://recipe-edit?id=1"),
      (["url", "recipe-edit", "--id", "1", "--unsaved=1"], "debug://recipe-edit?id=1&unsaved=true"),
      (
        ["open", "--dry-run", "debug://recipe-edit?id=1&unsaved=TRUE"],
        "debug://recipe-edit?id=1&unsaved=true"
      ),
      (["open", "--dry-run", "debug://recipe-edit?id=1&unsaved=0"], "debug://recipe-edit?id=1"),
    ])
  func booleansFollowOneRule(_ arguments: [String], _ url: String) throws {
    let result = Self.deeplink(arguments + ["--socket", Self.noApp])
    #expect(result.code == 0, "\(result)")
    #expect(
      result.standardOutput == (arguments[0] == "url" ? url : "send \(url) to the app on \(Self.noApp)")
        + "\n")
  }

  @Test func aWrongBooleanStatesTheRule() throws {
    let option = Self.deeplink("url", "recipe-edit", "--id", "1", "--unsaved=yes")
    #expect(
      option.standardError.hasPrefix(
        "deeplink: error: --unsaved expects true or false (also 1 or 0; any letter case), got 'yes'\n"))
    let url = Self.deeplink("open", "--dry-run", "debug://recipe-edit?id=1&unsaved=yes")
    #expect(
      url.standardError.hasPrefix(
        "deeplink: error: unsaved expects true or false (also 1 or 0; any letter case), got 'yes'\n"))
    let help = Self.deeplink("help", "recipe-edit").standardOutput.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(help.contains("--unsaved=<value> takes true or false (also 1 or 0; any letter case)"), "\(help)")
  }

  /// What `url` prints, a send accepts: a link too long to send is refused by both.
  @Test func urlAppliesTheSendLengthLimit() throws {
    let message = String(repeating: "x", count: 70_000)
    let url = Self.deeplink("url", "login-error", "--message", message)
    #expect(url.code == 64, "\(url.standardError)")
    #expect(url.standardOutput == "")
    #expect(url.standardError.contains("the link is too long: its request is"))
    let send = Self.deeplink("login-error", "--message", message, "--socket", Self.noApp)
    #expect(send.code == 64)
    let fits = Self.deeplink("url", "login-error", "--message", String(repeating: "x", count: 60_000))
    #expect(fits.code == 0)
  }

  @Test func urlPointsToOpenForAURL() throws {
    let result = Self.deeplink("url", "DEBUG://Recipe/?id=042")
    #expect(result.code == 64)
    #expect(
      result.standardError
        == "deeplink: error: url takes a route and its options, not a URL; to check a URL and print its "
        + "canonical form, run `deeplink open --dry-run 'DEBUG://Recipe/?id=042'`\n"
        + "Run 'deeplink help open' for its usage.\n")
  }

  @Test func openDryRunPrintsTheCanonicalURLWithoutAnApp() throws {
    let result = Self.deeplink("open", "DEBUG://Recipe/?id=042", "--dry-run", "--socket", Self.noApp)
    #expect(result.code == 0, "\(result)")
    #expect(result.standardOutput == "send debug://recipe?id=42 to the app on \(Self.noApp)\n")
    let json = Self.deeplink("open", "--dry-run", "--json", "DEBUG://Settings", "--socket", Self.noApp)
    #expect(try JSON.parse(json.standardOutput)["url"]?.stringValue == "debug://settings")
    #expect(try JSON.parse(json.standardOutput)["socket"]?.stringValue == Self.noApp)
    // The send length limit holds for a dry run too.
    let long = Self.deeplink(
      "open", "--dry-run", "debug://login-error?message=" + String(repeating: "x", count: 70_000))
    #expect(long.code == 64)
  }

  @Test func theMessageAfterDoubleDashSaysWhatItMeans() throws {
    let result = Self.deeplink("--", "recipe", "--id", "4")
    #expect(result.code == 64)
    #expect(
      result.standardError
        == "deeplink: error: '--id' comes after '--', which ends the options: every later word is a plain "
        + "argument, never an option; remove the '--' (it is needed only before a URL that starts with a "
        + "dash, for open)\nRun 'deeplink help recipe' for its options.\n")
  }

  @Test func aBatchLineWithTheProgramNameSaysToDropIt() throws {
    let result = Self.deeplink(
      ["batch", "--socket", Self.noApp], input: "settings\ndeeplink recipe --id 4\n")
    #expect(result.code == 64)
    #expect(
      result.standardError
        == "deeplink: error: line 2: unknown route 'deeplink': a batch line is a link without the program "
        + "name; drop the 'deeplink ' prefix and write 'recipe --id 4'\n")
  }
}
