import DeepLinkRoutes
import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `deeplink` driven by a routes file, from the built binary: the file's routes become its
/// subcommands, and a broken file stops every command with exit 64.
@Suite("deeplink with a routes file")
struct RoutesFileCommandTests {
  /// A shop app's table: a scheme of its own, an integer with a range, a choice, a flag.
  static let shop = #"""
    {
      "scheme": "shop",
      "routes": [
        {"name": "product", "summary": "Show a product",
         "parameters": [{"name": "id", "type": "integer", "range": {"min": 1, "max": 9999}, "help": "Product id"}]},
        {"name": "cart", "summary": "Show the cart",
         "parameters": [{"name": "sort", "type": "choice", "choices": ["price", "name"], "default": "name"},
                        {"name": "gift", "type": "boolean"}]},
        {"name": "settings", "summary": "Show settings"}
      ]
    }
    """#

  /// A private directory holding `shop.json`.
  static func withShop(_ body: (TemporaryDirectory, String) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("shop.json")
    try shop.write(toFile: file, atomically: true, encoding: .utf8)
    try body(directory, file)
  }

  /// Runs `script` with `sh -c` in `directory`, the built products first on PATH.
  static func shell(_ script: String, in directory: String, environment: [String: String] = [:]) throws
    -> CommandResult
  {
    var env = environment
    env["PATH"] =
      Command.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return try Command.run("/bin/sh", ["-c", "cd \"$0\" && " + script, directory], environment: env)
  }

  @Test("--routes FILE: the file's routes are the subcommands, with its scheme")
  func routesOption() throws {
    try Self.withShop { _, file in
      let url = try Command.deeplink("--routes", file, "url", "product", "--id", "7")
      #expect(url.status == 0 && url.stdout == "shop://product?id=7\n", "\(url)")
      let cart = try Command.deeplink("url", "cart", "--gift", "--routes=" + file)
      #expect(cart.stdout == "shop://cart?gift=true\n", "\(cart)")
      let wrong = try Command.deeplink("--routes", file, "url", "product", "--id", "0")
      #expect(wrong.status == 64)
      #expect(
        wrong.stderr.hasPrefix("deeplink: error: --id expects an integer from 1 to 9999, got 0"), "\(wrong)")
      let typo = try Command.deeplink("--routes", file, "prodcut")
      #expect(typo.status == 64)
      #expect(
        typo.stderr.hasPrefix("deeplink: error: unknown route or command 'prodcut' — did you mean 'product'?")
      )
      let sample = try Command.deeplink("--routes", file, "url", "recipe", "--id", "1")
      #expect(sample.status == 64, "the sample's routes are gone: \(sample)")
      let help = try Command.deeplink("--routes", file, "help", "product")
      #expect(help.stdout.contains("--id <integer>") && help.stdout.contains("shop://product?id="), "\(help)")
      let opened = try Command.deeplink("--routes", file, "open", "debug://settings")
      #expect(opened.status == 64)
      #expect(opened.stderr.contains("shop://"), "\(opened)")
    }
  }

  @Test("version and routes say which table is in use and where it came from")
  func saysWhere() throws {
    try Self.withShop { directory, file in
      let version = try Command.deeplink("--routes", file, "version").stdout
      let table = try Command.deeplink("--routes", file, "routes", "--json")
      let shopVersion = try #require(try JSON.parse(table.stdout)["version"]?.stringValue)
      #expect(
        version == "deeplink \(PackageVersion.number) (route table \(shopVersion), from \(file) (--routes))\n"
      )
      let routes = try Command.deeplink("routes", environment: ["DEEPLINK_ROUTES": file])
      #expect(
        routes.stdout.hasPrefix(
          "Routes of shop://, table \(shopVersion), from \(file) ($DEEPLINK_ROUTES)\n\n"))
      #expect(routes.stdout.contains("product") && !routes.stdout.contains("recipe"))
      let builtIn = try Command.deeplink("version")
      #expect(builtIn.stdout.hasSuffix("(route table \(RouteTable.recipeSample.version), built in)\n"))
    }
  }

  @Test("deeplink.routes.json is found in the current directory or the nearest parent")
  func discovery() throws {
    try Self.withShop { directory, file in
      let inner = directory.file("android/app/src")
      try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
      let found = directory.file("deeplink.routes.json")
      try FileManager.default.copyItem(atPath: file, toPath: found)
      let result = try Self.shell("deeplink url product --id 3 && deeplink version", in: inner)
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasPrefix("shop://product?id=3\n"))
      #expect(result.stdout.hasSuffix("from \(found) (found from the current directory))\n"), "\(result)")
      // --routes and DEEPLINK_ROUTES come first.
      let other = directory.file("other.json")
      try #"{"scheme": "other", "routes": [{"name": "home"}]}"#.write(
        toFile: other, atomically: true, encoding: .utf8)
      let byVariable = try Self.shell("deeplink url home", in: inner, environment: ["DEEPLINK_ROUTES": other])
      #expect(byVariable.stdout == "other://home\n", "\(byVariable)")
    }
  }

  @Test("routes --json > deeplink.routes.json round-trips, byte for byte but for where it came from")
  func roundTrip() throws {
    try Self.withShop { directory, file in
      let export = try Self.shell(
        "deeplink --routes shop.json routes --json > deeplink.routes.json && deeplink routes --json > again.json "
          + "&& grep -v '\"source\": ' deeplink.routes.json > a && grep -v '\"source\": ' again.json > b && cmp a b "
          + "&& grep -c '\"source\": \"from .*deeplink.routes.json (found from the current directory)\",' again.json "
          + "&& deeplink version", in: directory.path)
      #expect(export.status == 0, "\(export)")
      // The same document as the file's own export, but for where each table came from.
      let withoutSource = { (text: String) in
        text.split(separator: "\n").filter { !$0.contains("\"source\": ") }
      }
      let original = try Command.deeplink("--routes", file, "routes", "--json").stdout
      #expect(
        withoutSource(try String(contentsOfFile: directory.file("deeplink.routes.json"), encoding: .utf8))
          == withoutSource(original))
      // The built-in table, exported where none is found yet, reads back as the same routes.
      let sample = try TemporaryDirectory()
      defer { sample.remove() }
      let builtIn = try Self.shell(
        "deeplink routes --json > deeplink.routes.json && deeplink url recipe --id 42 && deeplink routes --json",
        in: sample.path)
      #expect(builtIn.status == 0, "\(builtIn)")
      #expect(builtIn.stdout.hasPrefix("debug://recipe?id=42\n"))
      let reread = try JSON.parse(String(builtIn.stdout.drop(while: { $0 != "{" })))
      let exported = try JSON.parse(try Command.deeplink("routes", "--json").stdout)
      #expect(reread["routes"] == exported["routes"])
    }
  }

  @Test("a file's android package is exported by routes --json, and the export reads back the same")
  func androidPackageRoundTrips() throws {
    try Self.withShop { directory, _ in
      let withPackage = Self.shop.replacingOccurrences(
        of: #""scheme": "shop","#, with: #""scheme": "shop", "android": {"package": "com.example.shop"},"#)
      try withPackage.write(toFile: directory.file("android.json"), atomically: true, encoding: .utf8)
      let export = try Self.shell(
        "deeplink --routes android.json routes --json > deeplink.routes.json && deeplink routes --json > again.json "
          + "&& grep -v '\"source\": ' deeplink.routes.json > a && grep -v '\"source\": ' again.json > b && cmp a b",
        in: directory.path)
      #expect(export.status == 0, "\(export)")
      let exported = try JSON.parse(
        try String(contentsOfFile: directory.file("deeplink.routes.json"), encoding: .utf8))
      #expect(exported["android"] == .object([("package", .string("com.example.shop"))]))
      // After the routes, in the order of the format's keys.
      #expect(exported.objectValue?.map(\.key) == ["scheme", "version", "source", "routes", "android"])
      // The exported file, not the original, gives --target android its explicit intent.
      let dryRun = try Self.shell(
        "deeplink --target android:emulator-5554 --dry-run cart", in: directory.path)
      #expect(dryRun.stdout.contains("com.example.shop"), "\(dryRun)")
      // A file without one exports none.
      let plain = try JSON.parse(
        try Command.deeplink("--routes", directory.file("shop.json"), "routes", "--json").stdout)
      #expect(plain["android"] == nil)
    }
  }

  @Test("a broken file stops every command: exit 64, the file, the place, the problem")
  func brokenFile() throws {
    try Self.withShop { directory, file in
      let broken = directory.file("broken.json")
      try #"{"routes": [{"name": "a", "parameters": [{"name": "n", "type": "int"}]}]}"#.write(
        toFile: broken, atomically: true, encoding: .utf8)
      for arguments in [
        ["url", "a", "--n", "1"], ["help"], ["routes"], ["version"], ["open", "debug://a"], ["a"],
      ] {
        let result = try Command.run(Command.product("deeplink"), ["--routes", broken] + arguments)
        #expect(result.status == 64, "\(arguments): \(result)")
        #expect(result.stdout == "")
        #expect(
          result.stderr
            == "deeplink: error: \(broken): routes[0].parameters[0].type: unknown type 'int' — did you mean 'integer'?\n"
            + "Run 'deeplink help routes' for the routes file format.\n")
      }
      let missing = try Command.deeplink(
        "url", "a", environment: ["DEEPLINK_ROUTES": directory.file("nope.json")])
      #expect(missing.status == 64)
      #expect(
        missing.stderr.hasPrefix(
          "deeplink: error: \(directory.file("nope.json")): cannot read the routes file: No such file or directory"
        ))
      let emptied = try Self.shell(
        "deeplink --routes shop.json routes --json > shop.json", in: directory.path)
      #expect(emptied.status == 64)
      #expect(emptied.stderr.contains("shop.json: the routes file is also standard output"), "\(emptied)")
    }
  }

  @Test("completions prints the built-in table's script, which asks deeplink when a file is in effect")
  func completionsScript() throws {
    try Self.withShop { _, file in
      for shell in ["bash", "zsh", "fish"] {
        let withFile = try Command.deeplink("--routes", file, "completions", shell)
        let builtIn = try Command.deeplink("completions", shell)
        #expect(withFile.status == 0 && withFile.stdout == builtIn.stdout, "\(shell)")
        #expect(!withFile.stdout.contains("product"))
      }
    }
  }

  @Test("batch checks its lines against the file's table")
  func batch() throws {
    try Self.withShop { _, file in
      let result = try Command.deeplink("--routes", file, "batch", input: "product --id 1\nrecipe --id 1\n")
      #expect(result.status == 64)
      #expect(result.stderr.hasPrefix("deeplink: error: line 2: unknown route 'recipe'"), "\(result)")
    }
  }

  @Test("the sample's table exported to a file drives the sample app as the built-in one does")
  func exportedSampleDrivesTheApp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("sample.json")
    try Command.deeplink("routes", "--json").stdout.write(toFile: file, atomically: true, encoding: .utf8)
    try withApp { app in
      let result = try app.deeplink("--routes", file, "recipe-edit", "--id", "1")
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr == "", "same table, same version: no warning")
      #expect(result.stdout == (try app.deeplink("screen")).stdout)
      let opened = try app.deeplink("--routes", file, "open", "debug://recipe?id=2", "--quiet")
      #expect(opened.status == 0 && opened.stderr == "", "\(opened)")
    }
  }

  @Test("against an app of another table, the warning says the file is not the app's")
  func foreignApp() throws {
    try Self.withShop { _, file in
      try withApp { app in
        let result = try app.deeplink("--routes", file, "product", "--id", "7")
        #expect(result.status == 65, "\(result)")
        let shopVersion = try #require(
          try JSON.parse(try Command.deeplink("--routes", file, "routes", "--json").stdout)["version"]?
            .stringValue)
        #expect(
          result.stderr
            == "deeplink: warning: the app runs route table \(RouteTable.recipeSample.version), but the routes file "
            + "\(file) describes table \(shopVersion): the app rejects links it does not know. Is the file this "
            + "app's, and up to date? Export it again from the app's own table (its 'routes --json')\n"
            + "deeplink: error: the app rejected the link: wrong scheme 'shop://'; debug links start with debug://\n"
        )
        #expect(try app.state()["path"] == .array([]), "nothing was applied")
      }
    }
  }
}
