import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

/// A command reads the world (its tool's name, the environment, the current directory, standard
/// input) only through its context: each test gives its own and sees the command use it, with
/// no process and nothing of the test process's own.
@Suite("Commands read the world from their context")
struct CommandContextWorldTests {
  /// A tool for one app, called `shop`.
  static var shop: DeepLinkTool {
    DeepLinkTool(
      name: "shop", table: RouteTable(scheme: "shop", routes: [Route("cart", summary: "Show the cart")]),
      appCommand: "shop-app", environment: ["DEEPLINK_SOCKET": "/nonexistent/shop/app.sock"])
  }

  @Test("the tool's name starts its version, its errors and their hints, and its hints name its app")
  func theToolNamesItself() {
    let version = CommandRun(["version"], tool: Self.shop)
    #expect(
      version.code == 0 && version.standardOutput.hasPrefix("shop \(DeepLinkVersion.number) (route table "))
    let misplaced = CommandRun(["url", "--id", "1"], tool: Self.shop)
    #expect(misplaced.code == 64)
    #expect(
      misplaced.standardError
        == "shop: error: url needs a route before the route's options (shop url <route> --<option> …)\n"
        + "Run 'shop help url' for its usage.\n")
    let noApp = CommandRun(["cart"], tool: Self.shop)
    #expect(noApp.code == 69)
    #expect(
      noApp.standardError
        == "shop: error: no app is listening on /nonexistent/shop/app.sock; start one with "
        + "`shop-app --socket /nonexistent/shop/app.sock &`, then `shop wait`\n")
  }

  @Test("batch reads its links from the context's standard input")
  func batchReadsTheContextsInput() {
    let run = CommandRun(
      ["batch", "--dry-run"], tool: CommandRun.deeplink(), input: "recipe --id 1\nsettings\n")
    #expect(run.code == 0, "\(run.standardError)")
    #expect(
      run.standardOutput
        == "send debug://recipe?id=1 to the app on /nonexistent/deeplink/app.sock\n"
        + "send debug://settings to the app on /nonexistent/deeplink/app.sock\n")
    let empty = CommandRun(["batch", "--dry-run"], tool: CommandRun.deeplink(), input: "# nothing\n")
    #expect(empty.code == 64)
    #expect(empty.standardError.hasPrefix("deeplink: error: standard input holds no link"))
  }

  @Test("a routes file is found from the context's current directory, and the environment names the socket")
  func routesFileFromTheContextsDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let table = RouteTable(scheme: "pantry", routes: [Route("shelf", summary: "Show a shelf")])
    try RoutesFormatter.text(.json, table: table, tool: .deeplink).write(
      toFile: directory.file("deeplink.routes.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: directory.file("deep/er"), withIntermediateDirectories: true)
    let found = CommandRun(
      ["routes"],
      tool: CommandRun.deeplink(
        environment: ["DEEPLINK_SOCKET": directory.file("none.sock")],
        currentDirectory: directory.file("deep/er")))
    #expect(found.code == 0, "\(found.standardError)")
    #expect(
      found.standardOutput.hasPrefix(
        "Routes of pantry://, table \(table.version), from \(directory.file("deeplink.routes.json")) "
          + "(found from the current directory)"))
    let elsewhere = CommandRun(["routes"], tool: CommandRun.deeplink())
    #expect(
      elsewhere.standardOutput.hasPrefix(
        "Routes of debug://, table \(RouteTable.recipeSample.version), built in"))
  }
}
