import DeepLinkCommand
import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// Zero configuration, through the real binaries: the package's own generic `deeplink`, told
/// nothing about the shop (no `--routes`, no `DEEPLINK_ROUTES`, no `deeplink.routes.json` where
/// it runs, a cache of its own), drives `Examples/Shop`'s `shop-app` on a real socket. The app
/// teaches it the shop's routes: help, links, `routes`, `mcp` and Tab in bash, zsh and fish
/// speak them, and once the app has stopped, help, `url` and Tab still do, from the cache.
@Suite(.disabled(if: PackageBuild.skipped, "DEEPLINK_SKIP_PACKAGE_BUILDS=1"))
struct ShopZeroConfigurationTests {
  /// The shop's routes, in the order `Examples/Shop` declares them.
  static let shopRoutes = ["catalog", "product", "cart", "add-to-cart"]

  @Test func deeplinkSpeaksTheShopsRoutesItsAppTaughtAndKeepsThemWhenTheAppStops() throws {
    let shop = try RunningShop.start()
    defer { shop.remove() }

    // help lists the shop's routes, not the sample's, the socket given as an option or in
    // DEEPLINK_SOCKET.
    for help in [
      try shop.deeplink("--socket", shop.socket, "help"),
      try shop.deeplink("help", environment: ["DEEPLINK_SOCKET": shop.socket]),
    ] {
      #expect(help.status == 0, "\(help)")
      #expect(Self.routes(inHelp: help.stdout) == Self.shopRoutes, "\(help)")
    }

    // A shop link is acknowledged with the shop's screen, and the app holds its state.
    let link = try shop.deeplink("--socket", shop.socket, "product", "--id", "1")
    #expect(link.status == 0, "\(link)")
    #expect(link.stdout.hasPrefix("Shop › Red Shoes\n"), "\(link)")
    #expect(link.stderr.isEmpty, "no warning: the table is the app's own: \(link)")
    let state = try JSON.parse(try shop.deeplink("--socket", shop.socket, "state", "--json").stdout)
    #expect(state["path"] == .array([.object([("destination", .string("product")), ("id", .int(1))])]))

    // `routes` names the app as the table's source; the table is the one the shop declares
    // (what the shop's own tool exports), every parameter with its range, choices and default.
    let routes = try shop.deeplink("--socket", shop.socket, "routes")
    #expect(routes.stdout.hasPrefix("Routes of shop://, table "), "\(routes)")
    #expect(routes.stdout.contains(", served by the app on \(shop.socket)\n"), "\(routes)")
    let learned = try JSON.parse(try shop.deeplink("--socket", shop.socket, "routes", "--json").stdout)
    #expect(learned["source"] == .string("served by the app on \(shop.socket)"))
    let declared = try JSON.parse(
      try Command.run(try ShopExampleTests.bin.get() + "/shop", ["routes", "--json"]).stdout)
    #expect(Self.withoutSource(learned) == Self.withoutSource(declared))

    // `mcp`: a tool for each shop route, then the app's own tools.
    let tools = try Self.toolNames(try shop.deeplink("--socket", shop.socket, "mcp", input: Self.toolsList))
    #expect(tools == Self.shopRoutes + ["routes", "open", "state", "screen", "open_url"])

    // Stopped: help, `url` and `routes` speak the shop's routes from the cache.
    shop.app.stop()
    let offline = try shop.deeplink("--socket", shop.socket, "help")
    #expect(offline.status == 0 && Self.routes(inHelp: offline.stdout) == Self.shopRoutes, "\(offline)")
    let url = try shop.deeplink("--socket", shop.socket, "url", "add-to-cart", "--id", "7", "--quantity", "2")
    #expect(url.status == 0 && url.stdout == "shop://add-to-cart?id=7&quantity=2\n", "\(url)")
    let cached = try shop.deeplink("--socket", shop.socket, "routes")
    #expect(
      cached.stdout.contains(
        ", served last by the app on \(shop.socket), which does not answer now (cached)\n"),
      "\(cached)")
    // What the cache keeps is the shop's table, and only for the shop's socket.
    let elsewhere = try shop.deeplink("--socket", shop.root.file("other.sock"), "url", "cart")
    #expect(elsewhere.status == 64, "\(elsewhere)")
  }

  /// The official MCP SDK accepts every result of every tool of an app that is not the
  /// sample, in each of its modes: no tool declares the sample's state as its output.
  @Test(
    "the official MCP SDK accepts every result of the shop's tools, in each mode", .requires("mcp-sdk"),
    arguments: ["2026-07-28", "auto", "legacy"])
  func theSdkAcceptsEveryShopResult(mode: String) throws {
    let shop = try RunningShop.start()
    defer { shop.remove() }
    let calls: [(tool: String, arguments: String)] = [
      ("catalog", #"{"sort":"price"}"#), ("product", #"{"id":1}"#), ("cart", #"{"edit":true}"#),
      ("add-to-cart", #"{"id":1,"quantity":2}"#), ("open", #"{"route":"product","arguments":{"id":1}}"#),
      ("open_url", #"{"url":"shop://cart"}"#), ("state", "{}"), ("screen", "{}"), ("routes", "{}"),
    ]
    let report = try McpSDK.session(
      socket: shop.socket, mode: mode, calls: calls, environment: ["XDG_CACHE_HOME": shop.cache],
      currentDirectory: shop.root.path)
    #expect(report["schemaErrors"] == .emptyObject)
    let results = report["calls"]?.arrayValue ?? []
    #expect(results.count == calls.count)
    for (call, result) in zip(calls, results) {
      #expect(result["error"] == nil, "the SDK took the result of \(call.tool): \(result)")
      #expect(result["isError"] == .bool(false), "\(call.tool): \(result)")
    }
    #expect(results[1]["text"]?.arrayValue?.first?.stringValue?.hasPrefix("Shop › Red Shoes\n") == true)
    #expect(results[8]["text"]?.arrayValue?.first?.stringValue?.contains("\nadd-to-cart: ") == true)
  }

  @Test("bash completes the shop's routes and options, from the app and then from the cache")
  func bash() throws { try Self.tabCompletesTheShopsRoutes(in: .bash) }

  @Test(
    "zsh completes the shop's routes and options, from the app and then from the cache", .requires("zsh"))
  func zsh() throws { try Self.tabCompletesTheShopsRoutes(in: .zsh) }

  @Test(
    "fish completes the shop's routes and options, from the app and then from the cache", .requires("fish"))
  func fish() throws { try Self.tabCompletesTheShopsRoutes(in: .fish) }

  /// Tab in `shell`, with deeplink's checked-in script and the built `deeplink` first on `PATH`,
  /// after one command has taught `deeplink` the shop's table: a route name, then an option of
  /// a shop route; the same once the app has stopped.
  static func tabCompletesTheShopsRoutes(in shell: CompletionShell) throws {
    let shop = try RunningShop.start()
    defer { shop.remove() }
    let taught = try shop.deeplink("--socket", shop.socket, "help")
    #expect(taught.status == 0, "\(taught)")

    for running in [true, false] {
      if !running { shop.app.stop() }
      let name = try shop.complete("deeplink --socket \(shop.socket) ca", in: shell)
      #expect(name.words.sorted() == ["cart", "catalog"], "running: \(running), \(name.offers)")
      if shell != .bash {
        #expect(name.offers.first { $0.word == "catalog" }?.help == "Show the catalogue", "\(name.offers)")
      }
      let option = try shop.complete("deeplink --socket \(shop.socket) add-to-cart --qua", in: shell)
      #expect(option.words == ["--quantity"], "running: \(running), \(option.offers)")
    }
  }

  /// The names under `ROUTES` in `deeplink help`'s page.
  static func routes(inHelp page: String) -> [String] {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "ROUTES") else { return [] }
    return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
  }

  /// A routes document without its `source` (where `deeplink` found it), which the routes-file
  /// reader ignores.
  static func withoutSource(_ document: JSON) -> JSON? {
    guard case .object(let members) = document else { return nil }
    return .object(members.filter { $0.key != "source" })
  }

  /// An MCP session that asks for the tools and ends.
  static let toolsList = [
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","#
      + #""capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#,
    #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
  ].map { $0 + "\n" }.joined()

  /// The tool names of the `tools/list` answer in the output of an MCP session.
  static func toolNames(_ session: CommandResult) throws -> [String] {
    #expect(session.status == 0 && session.stderr.isEmpty, "\(session)")
    let answers = try session.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
    let list = try #require(answers.first { $0["id"] == .int(1) }, "\(session)")
    return list["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
  }
}

/// `shop-app` on a socket of its own, and a directory where `deeplink` runs and keeps its cache
/// (`XDG_CACHE_HOME`): no routes file there or in its parents' way, none in the environment.
struct RunningShop {
  let app: RunningApp
  let root: TemporaryDirectory

  var socket: String { app.socket }
  var cache: String { root.file("cache") }

  static func start() throws -> RunningShop {
    let root = try TemporaryDirectory()
    do {
      return RunningShop(
        app: try RunningApp.start(executable: try ShopExampleTests.bin.get() + "/shop-app"), root: root)
    } catch {
      root.remove()
      throw error
    }
  }

  /// The package's `deeplink`, run in ``root`` with ``cache``.
  func deeplink(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) throws
    -> CommandResult
  {
    try Command.run(
      Command.product("deeplink"), arguments, input: input,
      environment: ["XDG_CACHE_HOME": cache].merging(environment) { $1 }, currentDirectory: root.path)
  }

  /// What `shell` offers at the end of `line`, run in ``root`` with ``cache``.
  func complete(_ line: String, in shell: CompletionShell) throws -> ShellAnswer {
    let answer = try ShellDriver.complete(
      line, in: shell, directory: root, environment: ["XDG_CACHE_HOME": cache])
    #expect(answer.result.status == 0, "\(answer.result)")
    return answer
  }

  func remove() {
    app.stop()
    root.remove()
  }
}
