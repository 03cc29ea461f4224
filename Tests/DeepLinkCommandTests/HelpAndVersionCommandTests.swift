import DeepLinkRoutes
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

/// Help and version from `deeplink` run in this process, as its executable builds it: every
/// spelling of help prints its golden page on stdout, exit 0. The built binary prints them too
/// (EndToEndTests' HelpAndVersionTests).
@Suite("Help and version, in-process")
struct HelpAndVersionCommandTests {
  @Test(arguments: [
    (["help"], "help.txt"), (["--help"], "help.txt"), (["-h"], "help.txt"),
    (["help", "recipe"], "help-recipe.txt"), (["recipe", "--help"], "help-recipe.txt"),
    (["recipe", "--id", "abc", "-h"], "help-recipe.txt"), (["help", "batch"], "help-batch.txt"),
    (["batch", "--help"], "help-batch.txt"),
  ])
  func helpExits0OnStdout(_ arguments: [String], golden: String) {
    let run = CommandRun(arguments, tool: CommandRun.deeplink())
    #expect(run.code == 0, "\(run)")
    #expect(run.standardError == "")
    Golden.check(run.standardOutput, named: golden)
  }

  @Test(arguments: [["--version"], ["version"], ["settings", "--version"]])
  func versionNamesTheRouteTable(_ arguments: [String]) {
    let run = CommandRun(arguments, tool: CommandRun.deeplink())
    #expect(run.code == 0, "\(run)")
    #expect(run.standardOutput.hasPrefix("deeplink "))
    #expect(run.standardOutput.hasSuffix("(route table \(RouteTable.recipeSample.version), built in)\n"))
  }

  /// Deliberate: `deeplink "$ROUTE"` with an empty variable in a script must not succeed.
  @Test func bareDeeplinkPrintsHelpOnStderrAndExits64() {
    let run = CommandRun([], tool: CommandRun.deeplink())
    #expect(run.code == 64)
    #expect(run.standardOutput == "")
    Golden.check(run.standardError, named: "help.txt")
  }
}
