import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `Examples/Shop`, a second app of another domain built only on the public products: its own
/// command line (`shop`, a `DeepLinkTool`) against its own agent (`shop-app`, a
/// `DeepLinkAgent`), end to end on a real socket.
@Suite(.serialized, .disabled(if: PackageBuild.skipped, "DEEPLINK_SKIP_PACKAGE_BUILDS=1"))
struct ShopExampleTests {
  static let bin = Result { try PackageBuild.build(PackageBuild.root + "/Examples/Shop") }

  static func shop(_ arguments: String...) throws -> CommandResult {
    try Command.run(try bin.get() + "/shop", arguments)
  }

  @Test func theShopsOwnToolDrivesItsOwnAgent() throws {
    let app = try RunningApp.start(executable: try Self.bin.get() + "/shop-app")
    defer { app.stop() }

    let catalog = try Self.shop("catalog", "--sort", "price", "--socket", app.socket)
    #expect(catalog.status == 0, "\(catalog)")
    #expect(catalog.stdout == "Shop › Catalogue\n  Blue Scarf\n  Green Hat\n  Red Shoes\n")

    // A route that changes state, not the screen: the cart grows, the catalogue stays.
    for _ in 0..<2 {
      #expect(
        try Self.shop("add-to-cart", "--id", "7", "--quantity", "2", "--socket", app.socket).status == 0)
    }
    let state = try JSON.parse(try Self.shop("state", "--json", "--socket", app.socket).stdout)
    #expect(
      state["path"] == .array([.object([("destination", .string("catalog")), ("sort", .string("price"))])]))
    #expect(state["cart"] == .object([("product-7", .int(4))]))

    let cart = try Self.shop("cart", "--edit", "--socket", app.socket)
    #expect(cart.stdout == "Shop › Cart\n4 items (editing)\n")
    #expect(try Self.shop("url", "cart", "--edit").stdout == "shop://cart?edit=true\n")
    #expect(
      try Self.shop("open", "shop://product?id=1", "--socket", app.socket).stdout.hasPrefix(
        "Shop › Red Shoes\n"))
    // A link's shape is told in the shop's own scheme and routes, not the sample's debug://.
    let bare = try Self.shop("open", "shop://", "--socket", app.socket)
    #expect(bare.status != 0)
    #expect(bare.stderr.contains("expected shop://<route>, such as shop://catalog"), "\(bare)")
    #expect(!bare.stderr.contains("debug://"), "\(bare)")
    #expect(app.stop() == 0)
    #expect(app.log().contains("shop-app: applied shop://cart?edit=true → Shop › Cart\n"))
  }

  /// The generic `deeplink`, told the shop's links by the file `shop routes --json` exports,
  /// against the shop's own agent: what an app in any language gets from a routes file.
  @Test func theGenericDeeplinkDrivesTheShopsAgentWithItsExportedRoutesFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("shop.routes.json")
    let export = try Command.run(
      "/bin/sh", ["-c", "\"$0\" routes --json > \"$1\"", try Self.bin.get() + "/shop", file])
    #expect(export.status == 0, "\(export)")
    let app = try RunningApp.start(executable: try Self.bin.get() + "/shop-app")
    defer { app.stop() }
    func deeplink(_ arguments: String...) throws -> CommandResult {
      try Command.deeplink(["--routes", file, "--socket", app.socket] + arguments)
    }

    // The file's table is the app's own: same links, same fingerprint, so no warning.
    let catalog = try deeplink("catalog", "--sort", "price")
    #expect(catalog.status == 0, "\(catalog)")
    #expect(catalog.stdout == "Shop › Catalogue\n  Blue Scarf\n  Green Hat\n  Red Shoes\n")
    #expect(catalog.stderr == "")
    for _ in 0..<2 {
      let added = try deeplink("add-to-cart", "--id", "7", "--quantity", "2")
      #expect(added.status == 0, "\(added)")
    }
    let state = try JSON.parse(try deeplink("state", "--json").stdout)
    #expect(
      state["path"] == .array([.object([("destination", .string("catalog")), ("sort", .string("price"))])]))
    #expect(state["cart"] == .object([("product-7", .int(4))]))
    #expect(try deeplink("cart", "--edit").stdout == "Shop › Cart\n4 items (editing)\n")
    #expect(try deeplink("url", "add-to-cart", "--id", "7").stdout == "shop://add-to-cart?id=7\n")

    // A value outside the file's range never reaches the app; a link the app refuses exits 65
    // with the app's reason; neither changes the state.
    let before = try deeplink("state", "--json").stdout
    let outOfRange = try deeplink("add-to-cart", "--id", "7", "--quantity", "100")
    #expect(outOfRange.status == 64)
    #expect(
      outOfRange.stderr
        == "deeplink: error: --quantity expects an integer from 1 to 99, got 100\n"
        + "Run 'deeplink help add-to-cart' for its options.\n")
    let refused = try deeplink("add-to-cart", "--id", "99")
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "deeplink: error: the app rejected the link: product 99 is not in the catalogue; the shop has "
        + "1 (Red Shoes), 2 (Blue Scarf), 7 (Green Hat)\n")
    #expect(try deeplink("state", "--json").stdout == before)

    // Completion of the shop's routes and values through the file, in real bash with
    // deeplink's own script: the script's data is the recipe table, so deeplink is asked.
    let script = PackageBuild.root + "/completions/deeplink.bash"
    let line = "\(Command.product("deeplink")) --routes \(file) catalog --sort p"
    let completed = try Command.run(
      "/bin/bash",
      [
        "-c",
        #"source "$0"; COMP_LINE=$1; COMP_POINT=${#1}; read -ra COMP_WORDS <<< "$1"; "#
          + #"COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _deeplink; printf '%s\n' "${COMPREPLY[@]}""#,
        script, line,
      ])
    #expect(completed.status == 0, "\(completed)")
    #expect(completed.stdout == "price\n", "\(completed)")
    let routes = try Command.run(
      "/bin/bash",
      [
        "-c",
        #"source "$0"; COMP_LINE=$1; COMP_POINT=${#1}; read -ra COMP_WORDS <<< "$1"; COMP_WORDS+=(''); "#
          + #"COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _deeplink; printf '%s\n' "${COMPREPLY[@]}""#,
        script, "\(Command.product("deeplink")) --routes \(file) ",
      ])
    #expect(routes.stdout.split(separator: "\n").contains("add-to-cart"), "\(routes)")
    #expect(!routes.stdout.split(separator: "\n").contains("recipe"), "\(routes)")
  }

  /// A tool's `check-release` checks the tool's own scheme: `shop://` registered fails a
  /// release check, `debug://` (the sample's scheme) is none of the shop's business.
  @Test func theShopsCheckReleaseChecksTheShopsScheme() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    func plist(_ name: String, scheme: String) throws -> String {
      let path = directory.file(name)
      try Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
        <key>CFBundleURLSchemes</key><array><string>\(scheme)</string></array>
        </dict></array></dict></plist>
        """.utf8
      ).write(to: URL(fileURLWithPath: path))
      return path
    }
    let shopPlist = try plist("Shop.plist", scheme: "shop")
    let registered = try Self.shop("check-release", shopPlist)
    #expect(registered.status == 1, "\(registered)")
    #expect(
      registered.stdout == "shop registered in \(shopPlist) at CFBundleURLTypes[0].CFBundleURLSchemes[0]\n")
    #expect(registered.stderr.hasPrefix("shop: error: shop is registered in \(shopPlist)"), "\(registered)")
    let debugPlist = try plist("Debug.plist", scheme: "debug")
    let clean = try Self.shop("check-release", debugPlist)
    #expect(clean.status == 0, "\(clean)")
    #expect(clean.stdout == "shop not registered in \(debugPlist) (its URL schemes: debug)\n")
  }

  /// `shop tour`: every shop route recorded, then checked clean against a shop-app started
  /// the same way. Its `add-to-cart` adds to the cart (a link that does not describe a whole
  /// state), so a tour repeats only from the same starting state: a fresh app, as a CI job has.
  @Test func theShopsToolRecordsATourAndChecksItCleanAgainstAFreshApp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let recording = directory.file("tour")
    let first = try RunningApp.start(executable: try Self.bin.get() + "/shop-app")
    let recorded = try Self.shop("tour", "--out", recording, "--socket", first.socket)
    first.stop()
    #expect(recorded.status == 0, "\(recorded)")
    let manifest = try JSON.parse(String(contentsOfFile: recording + "/tour.json", encoding: .utf8))
    #expect(manifest["tool"]?.stringValue == "shop")
    #expect(
      manifest["entries"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" }
        == ["catalog", "product", "cart", "add-to-cart"])
    #expect(manifest["entries"]?.arrayValue?.first?["command"]?.stringValue == "shop catalog")

    let second = try RunningApp.start(executable: try Self.bin.get() + "/shop-app")
    defer { second.stop() }
    let check = try Self.shop(
      "tour", "--check", recording, "--out", directory.file("check"), "--socket", second.socket)
    #expect(check.status == 0, "\(check)")
    // The same app, not fresh: the cart has grown, and the check says so.
    let again = try Self.shop(
      "tour", "--check", recording, "--out", directory.file("again"), "--socket", second.socket)
    #expect(again.status == 1, "\(again)")
    #expect(again.stderr.contains("shop: tour: cart: changed (screen, state)\n"), "\(again)")
    #expect(again.stderr.contains("-0 items\n+1 items\n"), "\(again)")
  }

  @Test func aLinkTheAppRefusesExits65WithTheAppsReasonAndChangesNothing() throws {
    let app = try RunningApp.start(executable: try Self.bin.get() + "/shop-app")
    defer { app.stop() }
    _ = try Self.shop("product", "--id", "2", "--socket", app.socket)
    let before = try Self.shop("state", "--json", "--socket", app.socket).stdout
    let refused = try Self.shop("add-to-cart", "--id", "99", "--socket", app.socket)
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "shop: error: the app rejected the link: product 99 is not in the catalogue; the shop has "
        + "1 (Red Shoes), 2 (Blue Scarf), 7 (Green Hat)\n")
    #expect(try Self.shop("state", "--json", "--socket", app.socket).stdout == before)
  }

  /// Messages about the app speak of the shop's app, or of "the app", never of the sample's
  /// `deeplink-app`: the shop's tool finding no app (and naming `shop-app`, its `appCommand`), a second `shop-app` on a taken socket,
  /// and the shop's tool told of an app that exited.
  @Test func messagesAboutTheAppNameNoOtherApp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("none.sock")
    let none = try Self.shop("state", "--socket", socket)
    #expect(none.status == 69)
    #expect(
      none.stderr
        == "shop: error: no app is listening on \(socket); start one with `shop-app --socket \(socket) &`, "
        + "then `shop wait`\n")

    let app = try RunningApp.start(executable: try Self.bin.get() + "/shop-app")
    defer { app.stop() }
    let second = try Command.run(try Self.bin.get() + "/shop-app", ["--socket", app.socket])
    #expect(second.status == 69)
    #expect(second.stderr == "shop-app: error: another app is already listening on \(app.socket)\n")

    let exited = try Self.shop(
      "wait", "--socket", socket, "--pid", "\(Self.exitedProcess())", "--timeout", "5")
    #expect(exited.status == 69, "\(exited)")
    #expect(exited.stderr.hasPrefix("shop: error: the app (process "), "\(exited)")
    for result in [none, second, exited] { #expect(!result.stderr.contains("deeplink-app"), "\(result)") }
  }

  /// The id of a process that has exited (and been reaped): a `true` run to its end.
  static func exitedProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitForExit()
    return process.processIdentifier
  }

  @Test func theToolSpeaksUnderItsOwnName() throws {
    let wrong = try Self.shop("product", "--id", "abc")
    #expect(wrong.status == 64)
    #expect(
      wrong.stderr
        == "shop: error: --id expects an integer, got 'abc'\nRun 'shop help product' for its options.\n")
    let unknown = try Self.shop("carts")
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr
        == "shop: error: unknown route or command 'carts' — did you mean 'cart'?\n"
        + "Run 'shop help' for the commands and routes.\n")
    let help = try Self.shop("help")
    #expect(help.stdout.hasPrefix("shop — drive a running app"))
    #expect(help.stdout.contains("  shop <route> [--<option> <value>...] [<global options>]"))
    // The tool is never called deeplink; only the shared socket path is (`/tmp/deeplink-<uid>/`).
    #expect(!Self.withoutSocketPaths(help.stdout).contains("deeplink"))
    #expect(!help.stdout.contains("debug://"))
    #expect(try Self.shop("--version").stdout.hasPrefix("shop "))
    #expect(try Self.shop("url", "product", "--id", "7").stdout == "shop://product?id=7\n")
    let routes = try Self.shop("--routes", "other.json", "catalog")
    #expect(routes.status == 64)
    #expect(
      routes.stderr
        == "shop: error: --routes: shop reads no routes file; its route table is built in (deeplink reads one)\n"
    )
    let manual = try Self.shop("__manpage").stdout
    #expect(manual.contains(".TH \"SHOP\" \"1\""))
    #expect(manual.contains("\n.SS add\\-to\\-cart\n"))
    // A tool that reads no routes files mentions none: not in help, the man page or the
    // help of mcp and routes (completion: below).
    for text in [
      help.stdout, manual, try Self.shop("help", "mcp").stdout, try Self.shop("help", "routes").stdout,
    ] {
      #expect(!Self.mentionsReadingRoutesFiles(text), "\(text)")
    }
    #expect(help.stdout.contains("--socket"))
    let noApp = try Self.shop("product", "--id", "7", "--socket", "/nonexistent/shop.sock")
    #expect(noApp.status == 69)
  }

  /// `text` without the default socket paths, the places a shop tool says `deeplink` (they
  /// are the same for every tool).
  static func withoutSocketPaths(_ text: String) -> String {
    text.replacing("deeplink/app.sock", with: "").replacing("deeplink-<uid>", with: "")
  }

  /// Whether `text` offers a way to read a routes file: `--routes`, `DEEPLINK_ROUTES`,
  /// `deeplink.routes.json`, or a completion function that looks for one.
  static func mentionsReadingRoutesFiles(_ text: String) -> Bool {
    return ["--routes", "\\-\\-routes", "DEEPLINK_ROUTES", "routes.json", "routes_file"].contains {
      text.contains($0)
    }
  }

  @Test func itsCompletionScriptsCompleteTheShopCommand() throws {
    let bash = try Self.shop("completions", "bash").stdout
    #expect(bash.hasPrefix("# bash completion for shop.\n"))
    #expect(bash.contains("complete -F _shop shop\n"))
    #expect(!Self.withoutSocketPaths(bash).contains("deeplink"))
    let zsh = try Self.shop("completions", "zsh").stdout
    #expect(zsh.hasPrefix("#compdef shop\n"))
    #expect(!Self.withoutSocketPaths(zsh).contains("deeplink"))
    let fish = try Self.shop("completions", "fish").stdout
    #expect(fish.contains("complete -c shop "))
    #expect(!Self.withoutSocketPaths(fish).contains("deeplink"))
    for script in [bash, zsh, fish] {
      #expect(!Self.mentionsReadingRoutesFiles(script))
    }
    // The script is valid bash and completes the shop's routes for real, asking the shop.
    let shop = try Self.bin.get() + "/shop"
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("shop-\(getpid()).bash").path
    try bash.write(toFile: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: script) }
    let completed = try Command.run(
      "/bin/bash",
      [
        "-c",
        "source \(script); COMP_WORDS=(\(shop) ca); COMP_CWORD=1; COMP_LINE='\(shop) ca'; "
          + "COMP_POINT=${#COMP_LINE}; _shop; printf '%s\\n' \"${COMPREPLY[@]}\"",
      ])
    #expect(completed.status == 0, "\(completed)")
    #expect(completed.stdout.split(separator: "\n").sorted() == ["cart", "catalog"], "\(completed)")
    // Its global options, without --routes; and a deeplink.routes.json in the current
    // directory changes nothing (deeplink would complete its table).
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "{}".write(toFile: directory.file("deeplink.routes.json"), atomically: true, encoding: .utf8)
    let options = try Command.run(
      "/bin/bash",
      [
        "-c",
        "cd \(directory.path); source \(script); COMP_WORDS=(\(shop) catalog --); COMP_CWORD=2; "
          + "COMP_LINE='\(shop) catalog --'; COMP_POINT=${#COMP_LINE}; _shop; printf '%s\\n' \"${COMPREPLY[@]}\"",
      ])
    let offered = options.stdout.split(separator: "\n")
    #expect(offered.contains("--sort") && offered.contains("--socket"), "\(options)")
    #expect(!offered.contains("--routes"), "\(options)")
  }
}
