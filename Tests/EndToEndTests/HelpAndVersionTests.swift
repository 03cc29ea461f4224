import DeepLinkRoutes
import TestSupport
import Testing

/// Help and version from the built binaries; the texts are the CLI's golden files.
@Suite("Help and version")
struct HelpAndVersionTests {
  @Test(arguments: [
    (["help"], "help.txt"), (["--help"], "help.txt"), (["-h"], "help.txt"),
    (["help", "recipe"], "help-recipe.txt"), (["recipe", "--help"], "help-recipe.txt"),
    (["recipe", "--id", "abc", "-h"], "help-recipe.txt"), (["help", "batch"], "help-batch.txt"),
    (["batch", "--help"], "help-batch.txt"),
  ])
  func helpExits0OnStdout(_ arguments: [String], golden: String) throws {
    let result = try Command.deeplink(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout == (try checkedInFile("DeepLinkCLITests/Golden/" + golden)))
  }

  @Test(arguments: [["--version"], ["version"], ["settings", "--version"]])
  func versionNamesTheRouteTable(_ arguments: [String]) throws {
    let result = try Command.deeplink(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("deeplink "))
    #expect(result.stdout.hasSuffix("(route table \(RouteTable.builtIn.version))\n"))
  }

  /// Deliberate: `deeplink "$ROUTE"` with an empty variable in a script must not succeed.
  @Test func bareDeeplinkPrintsHelpOnStderrAndExits64() throws {
    let result = try Command.deeplink()
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == (try checkedInFile("DeepLinkCLITests/Golden/help.txt")))
  }

  @Test func theAppHasHelpAndAVersionToo() throws {
    let help = try Command.run(Command.product("deeplink-app"), ["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("usage: deeplink-app [--socket PATH]\n"))
    let version = try Command.run(Command.product("deeplink-app"), ["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "deeplink-app (route table \(RouteTable.builtIn.version))\n")
    let wrong = try Command.run(Command.product("deeplink-app"), ["--sockt", "x"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.hasPrefix("deeplink-app: error: unexpected argument '--sockt'"))
  }
}
