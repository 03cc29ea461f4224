import DeepLinkRoutes
import RecipeSampleRoutes
import TestSupport
import Testing

/// Help and version from the built binaries; the texts are the CLI's golden files. The other
/// spellings of help and version run in-process (DeepLinkCommandTests' HelpAndVersionCommandTests).
@Suite("Help and version")
struct HelpAndVersionTests {
  @Test(arguments: [(["help"], "help.txt"), (["batch", "--help"], "help-batch.txt")])
  func helpExits0OnStdout(_ arguments: [String], golden: String) throws {
    let result = try Command.deeplink(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout == (try checkedInFile("DeepLinkCommandTests/Golden/" + golden)))
  }

  @Test func versionNamesTheRouteTable() throws {
    let result = try Command.deeplink("--version")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("deeplink "))
    #expect(result.stdout.hasSuffix("(route table \(RouteTable.recipeSample.version), built in)\n"))
  }

  @Test func theAppHasHelpAndAVersionToo() throws {
    let help = try Command.run(Command.product("deeplink-app"), ["--help"])
    #expect(help.status == 0)
    #expect(
      help.stdout.hasPrefix("usage: deeplink-app [--socket PATH] [--bundle-id ID] [--log FILE | --quiet]\n"))
    let version = try Command.run(Command.product("deeplink-app"), ["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "deeplink-app 0.1.0 (route table \(RouteTable.recipeSample.version))\n")
  }

  /// Wrong arguments to the app: exit 64, a message naming the argument, and no app started.
  @Test(arguments: [
    (["--sockt", "x"], "unexpected argument '--sockt'"),
    (["--socket"], "--socket needs a socket path"),
    (["--socket", ""], "--socket expects a socket path, got ''"),
    (["--socket="], "--socket expects a socket path, got ''"),
    (["--socket", "/tmp/a/x.sock", "--socket=/tmp/b/x.sock"], "--socket is given twice; give it once"),
    (["--socket=/tmp/a/x.sock", "--socket=/tmp/b/x.sock"], "--socket is given twice; give it once"),
    (["--socket=/tmp/a/x.sock", "--socket", "/tmp/b/x.sock"], "--socket is given twice; give it once"),
    (
      ["--socket", "--log", "x.log"],
      "--socket needs a socket path, got the option '--log'; for a path of that name write --socket=--log"
    ),
    (
      ["--socket", "-h"],
      "--socket needs a socket path, got the option '-h'; for a path of that name write --socket=-h"
    ),
  ])
  func theAppRefusesWrongArguments(_ arguments: [String], message: String) throws {
    let wrong = try Command.run(Command.product("deeplink-app"), arguments)
    #expect(wrong.status == 64)
    #expect(wrong.stderr == "deeplink-app: error: \(message)\nRun 'deeplink-app --help' for usage.\n")
  }

  /// An app that cannot listen exits 69 and never claims it was listening.
  @Test func anAppThatCannotListenSaysSoAndExits69() throws {
    let failed = try Command.run(
      Command.product("deeplink-app"), ["--socket", "/nonexistent/deeplink/app.sock"])
    #expect(failed.status == 69)
    #expect(!failed.stderr.contains("listening on"), "\(failed)")
    #expect(failed.stderr.contains("/nonexistent/deeplink"), "\(failed)")
  }
}
