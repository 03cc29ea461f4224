import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// One rule per value, and messages that point the right way, through the real
/// binary; none of these needs an app.
@Suite("One rule per value")
struct OneRulePerValueTests {
  static let noApp = "/nonexistent-deeplink-test/app.sock"

  @Test(arguments: ["0x10", "1e1", "inf", "+5", " 5", "5s", "0"])
  func timeoutIsDecimalSecondsAndZeroIsRefused(_ text: String) throws {
    let result = try Command.deeplink("wait", "--timeout", text, "--socket", Self.noApp)
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: --timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is "
          + "refused), got '\(text)'\n"), "\(result)")
  }

  @Test func timeoutHelpStatesTheRule() throws {
    #expect(try Command.deeplink("help").stdout.contains("0 is refused"))
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
    let result = try Command.deeplink(arguments + ["--socket", Self.noApp])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == (arguments[0] == "url" ? url : "send \(url) to the app on \(Self.noApp)") + "\n")
  }

  @Test func aWrongBooleanStatesTheRule() throws {
    let option = try Command.deeplink("url", "recipe-edit", "--id", "1", "--unsaved=yes")
    #expect(
      option.stderr.hasPrefix(
        "deeplink: error: --unsaved expects true or false (also 1 or 0; any letter case), got 'yes'\n"))
    let url = try Command.deeplink("open", "--dry-run", "debug://recipe-edit?id=1&unsaved=yes")
    #expect(
      url.stderr.hasPrefix(
        "deeplink: error: unsaved expects true or false (also 1 or 0; any letter case), got 'yes'\n"))
    let help = try Command.deeplink("help", "recipe-edit").stdout.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(help.contains("--unsaved=<value> takes true or false (also 1 or 0; any letter case)"), "\(help)")
  }

  /// What `url` prints, a send accepts: a link too long to send is refused by both.
  @Test func urlAppliesTheSendLengthLimit() throws {
    let message = String(repeating: "x", count: 70_000)
    let url = try Command.deeplink("url", "login-error", "--message", message)
    #expect(url.status == 64, "\(url.stderr)")
    #expect(url.stdout == "")
    #expect(url.stderr.contains("the link is too long: its request is"))
    let send = try Command.deeplink("login-error", "--message", message, "--socket", Self.noApp)
    #expect(send.status == 64)
    let fits = try Command.deeplink("url", "login-error", "--message", String(repeating: "x", count: 60_000))
    #expect(fits.status == 0)
  }

  @Test func urlPointsToOpenForAURL() throws {
    let result = try Command.deeplink("url", "DEBUG://Recipe/?id=042")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "deeplink: error: url takes a route and its options, not a URL; to check a URL and print its "
        + "canonical form, run `deeplink open --dry-run 'DEBUG://Recipe/?id=042'`\n"
        + "Run 'deeplink help open' for its usage.\n")
  }

  @Test func openDryRunPrintsTheCanonicalURLWithoutAnApp() throws {
    let result = try Command.deeplink("open", "DEBUG://Recipe/?id=042", "--dry-run", "--socket", Self.noApp)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "send debug://recipe?id=42 to the app on \(Self.noApp)\n")
    let json = try Command.deeplink("open", "--dry-run", "--json", "DEBUG://Settings", "--socket", Self.noApp)
    #expect(try JSON.parse(json.stdout)["url"]?.stringValue == "debug://settings")
    #expect(try JSON.parse(json.stdout)["socket"]?.stringValue == Self.noApp)
    // The send length limit holds for a dry run too.
    let long = try Command.deeplink(
      "open", "--dry-run", "debug://login-error?message=" + String(repeating: "x", count: 70_000))
    #expect(long.status == 64)
  }

  @Test func theMessageAfterDoubleDashSaysWhatItMeans() throws {
    let result = try Command.deeplink("--", "recipe", "--id", "4")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "deeplink: error: '--id' comes after '--', which ends the options: every later word is a plain "
        + "argument, never an option; remove the '--' (it is needed only before a URL that starts with a "
        + "dash, for open)\nRun 'deeplink help recipe' for its options.\n")
  }

  @Test func aBatchLineWithTheProgramNameSaysToDropIt() throws {
    let result = try Command.deeplink(
      ["batch", "--socket", Self.noApp], input: "settings\ndeeplink recipe --id 4\n")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "deeplink: error: line 2: unknown route 'deeplink': a batch line is a link without the program "
        + "name; drop the 'deeplink ' prefix and write 'recipe --id 4'\n")
  }
}
