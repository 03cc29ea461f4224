import Foundation
import TestSupport
import Testing

/// `deeplink mcp install <client>` through the built binary, in a temporary repository: each
/// client's file written where the client reads it and parsed by a real parser (Python's
/// `json` and `tomllib`), merged with what was there, the same line again a no-op, a
/// different entry kept, a broken file left alone.
@Suite("deeplink mcp install")
struct McpInstallTests {
  /// A client, its file and how Python reads that file's `deeplink` entry.
  struct Client: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    /// Python that prints the entry (`sys.argv[1]` the file) as one JSON object.
    let reader: String
    var testDescription: String { name }
  }

  static let jsonEntry =
    #"import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["%@"]["deeplink"]))"#
  static let clients = [
    Client(name: "claude", file: ".mcp.json", reader: String(format: jsonEntry, "mcpServers")),
    Client(name: "cursor", file: ".cursor/mcp.json", reader: String(format: jsonEntry, "mcpServers")),
    Client(name: "vscode", file: ".vscode/mcp.json", reader: String(format: jsonEntry, "servers")),
    Client(
      name: "codex", file: ".codex/config.toml",
      reader:
        #"import json,sys,tomllib; print(json.dumps(tomllib.load(open(sys.argv[1],"rb"))["mcp_servers"]["deeplink"]))"#
    ),
  ]

  /// A repository (`.git`) with a subdirectory `app`, the working directory of each run.
  static func inRepository(_ body: (_ top: String, _ work: String) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.file(".git"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(atPath: directory.file("app"), withIntermediateDirectories: false)
    try body(directory.path, directory.file("app"))
  }

  /// `deeplink ARGS` run in `directory`.
  static func install(_ arguments: [String], in directory: String) throws -> CommandResult {
    try Command.run(Command.product("deeplink"), arguments, currentDirectory: directory)
  }

  /// Python 3 running `script` with `arguments`.
  static func python(_ script: String, _ arguments: String...) throws -> CommandResult {
    try Command.run(try ExternalTool.require("python3"), ["-c", script] + arguments)
  }

  static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// Every file and directory under `directory`, by relative path, with its bytes.
  static func snapshot(_ directory: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: directory) ?? .init() {
      files[path] = bytes(directory + "/" + path) ?? Data()  // a directory: no bytes
    }
    return files
  }

  @Test(
    "each client's file is written at the top level, parses, and a second run changes nothing",
    .requires("python3", "tomllib"), arguments: clients)
  func writesEachClient(_ client: Client) throws {
    try Self.inRepository { top, work in
      let line = ["--socket", "./app.sock", "--timeout", "2.5", "mcp", "install", client.name]
      let first = try Self.install(line, in: work)
      #expect(first.status == 0, "\(first)")
      #expect(first.stdout.contains("wrote " + top + "/" + client.file), "\(first)")
      let read = try Self.python(client.reader, top + "/" + client.file)
      #expect(read.status == 0, "\(read)")
      let entry = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any]
      #expect(entry?["command"] as? String == "deeplink")
      #expect(entry?["args"] as? [String] == ["mcp", "--socket", "app/app.sock", "--timeout", "2.5"])
      #expect((entry?["type"] as? String) == (client.name == "vscode" ? "stdio" : nil))
      #expect(
        FileManager.default.fileExists(atPath: top + "/.claude/skills/deeplink/SKILL.md")
          == (client.name == "claude"))

      let before = Self.snapshot(top)
      let again = try Self.install(line, in: work)
      #expect(again.status == 0, "\(again)")
      #expect(again.stdout.contains("already set up"), "\(again)")
      #expect(Self.snapshot(top) == before)
    }
  }

  @Test("JSON: other servers and settings are kept, in their order", .requires("python3"))
  func mergesJSON() throws {
    try Self.inRepository { top, work in
      let file = top + "/.mcp.json"
      try #"{"first": 1, "mcpServers": {"other": {"command": "other", "args": []}}, "last": [true, null]}"#
        .write(toFile: file, atomically: true, encoding: .utf8)
      let result = try Self.install(["mcp", "install", "claude"], in: work)
      #expect(result.status == 0, "\(result)")
      let read = try Self.python(
        "import json,sys; d=json.load(open(sys.argv[1])); print(list(d), list(d['mcpServers']), d['first'], d['last'], d['mcpServers']['other'])",
        file)
      #expect(
        read.stdout
          == "['first', 'mcpServers', 'last'] ['other', 'deeplink'] 1 [True, None] {'command': 'other', 'args': []}\n",
        "\(read)")
    }
  }

  static let codexConfig = """
    # my settings
    model = "o4"  # inline comment
    approval_policy = 'on-request'

    [mcp_servers.other]
    command = "other"
    args = [
      "--flag",  # why
      'x',
    ]
    env = { KEY = "value", N = 1_000 }
    startup_timeout_sec = 20.5
    enabled = true

    [profiles.fast]
    model = "o4-mini"
    """

  @Test(
    "TOML: every other line is kept byte for byte; the table is appended, then replaced where it stands",
    .requires("python3", "tomllib"))
  func mergesTOML() throws {
    try Self.inRepository { top, work in
      try FileManager.default.createDirectory(atPath: top + "/.codex", withIntermediateDirectories: false)
      let file = top + "/.codex/config.toml"
      try Self.codexConfig.write(toFile: file, atomically: true, encoding: .utf8)
      let result = try Self.install(["mcp", "install", "codex"], in: work)
      #expect(result.status == 0, "\(result)")
      let appended = String(decoding: Self.bytes(file) ?? Data(), as: UTF8.self)
      #expect(
        appended
          == Self.codexConfig + "\n\n[mcp_servers.deeplink]\ncommand = \"deeplink\"\nargs = [\"mcp\"]\n",
        "\(appended)")

      // The table moved between two others, then replaced with --force: the rest unchanged.
      let middle = Self.codexConfig.replacingOccurrences(
        of: "[profiles.fast]",
        with: "[mcp_servers.deeplink]\ncommand = \"old\"\nargs = [\"mcp\"]\n\n[profiles.fast]")
      try middle.write(toFile: file, atomically: true, encoding: .utf8)
      let forced = try Self.install(["--timeout", "9", "mcp", "install", "codex", "--force"], in: work)
      #expect(forced.status == 0, "\(forced)")
      let replaced = String(decoding: Self.bytes(file) ?? Data(), as: UTF8.self)
      #expect(
        replaced
          == middle.replacingOccurrences(
            of: "command = \"old\"\nargs = [\"mcp\"]",
            with: "command = \"deeplink\"\nargs = [\"mcp\", \"--timeout\", \"9\"]"),
        "\(replaced)")
      let read = try Self.python(
        "import sys,tomllib; d=tomllib.load(open(sys.argv[1],'rb')); print(sorted(d['mcp_servers']), d['mcp_servers']['deeplink'], d['profiles'], d['mcp_servers']['other']['env'])",
        file)
      #expect(
        read.stdout
          == "['deeplink', 'other'] {'command': 'deeplink', 'args': ['mcp', '--timeout', '9']} {'fast': {'model': 'o4-mini'}} {'KEY': 'value', 'N': 1000}\n",
        "\(read)")
    }
  }

  @Test("a different entry is kept, exit 1, showing both; --force replaces it, keeping the file's mode")
  func differentEntry() throws {
    try Self.inRepository { top, work in
      let file = top + "/.cursor/mcp.json"
      try FileManager.default.createDirectory(atPath: top + "/.cursor", withIntermediateDirectories: false)
      let original = #"{"mcpServers": {"deeplink": {"command": "/opt/old/deeplink", "args": ["mcp"]}}}"#
      try original.write(toFile: file, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
      let kept = try Self.install(["--socket", "/tmp/other.sock", "mcp", "install", "cursor"], in: work)
      #expect(kept.status == 1, "\(kept)")
      #expect(kept.stderr.contains(file), "\(kept)")
      #expect(kept.stderr.contains("/opt/old/deeplink") && kept.stderr.contains("/tmp/other.sock"), "\(kept)")
      #expect(kept.stderr.contains("--force"), "\(kept)")
      #expect(Self.bytes(file) == Data(original.utf8))

      let forced = try Self.install(
        ["--socket", "/tmp/other.sock", "mcp", "install", "cursor", "--force"], in: work)
      #expect(forced.status == 0, "\(forced)")
      let text = String(decoding: Self.bytes(file) ?? Data(), as: UTF8.self)
      #expect(text.contains("/tmp/other.sock") && !text.contains("/opt/old"), "\(text)")
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
      #expect(mode == 0o600)
    }
  }

  @Test(
    "a file that does not parse is left byte for byte, exit 65, naming it and the line",
    arguments: [
      ("claude", ".mcp.json", "{\n  \"mcpServers\": {\n    \"x\": [1,,]\n  }\n}\n", 3),
      ("vscode", ".vscode/mcp.json", "[\"not\", \"an object\"]\n", nil),
      ("codex", ".codex/config.toml", "model = \"o4\"\n[mcp_servers.x]\nargs = [\"a\", \n", 4),
      ("codex", ".codex/config.toml", "model = \"o4\"\n\nnote = \"\"\"\nmany\n\"\"\"\n", 3),
      ("codex", ".codex/config.toml", "[mcp_servers]\ndeeplink = { command = \"deeplink\" }\n", nil),
    ] as [(String, String, String, Int?)])
  func brokenFile(_ client: String, _ name: String, _ contents: String, _ line: Int?) throws {
    try Self.inRepository { top, work in
      let file = top + "/" + name
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try contents.write(toFile: file, atomically: true, encoding: .utf8)
      let before = Self.snapshot(top)
      for extra in [[], ["--force"]] {
        let result = try Self.install(["mcp", "install", client] + extra, in: work)
        #expect(result.status == 65, "\(result)")
        #expect(
          result.stderr.hasPrefix("deeplink: error: " + file + (line.map { ":\($0):" } ?? ":")), "\(result)")
        #expect(Self.snapshot(top) == before)
      }
    }
  }

  @Test(
    "--print (or --dry-run) writes nothing and prints each path with its whole new content",
    arguments: [["mcp", "install", "claude", "--print"], ["--dry-run", "mcp", "install", "claude"]])
  func printOnly(_ line: [String]) throws {
    try Self.inRepository { top, work in
      let before = Self.snapshot(top)
      let result = try Self.install(line, in: work)
      #expect(result.status == 0, "\(result)")
      #expect(Self.snapshot(top) == before)
      #expect(result.stdout.contains("==> \(top)/.mcp.json <==\n{\n  \"mcpServers\": {"), "\(result)")
      #expect(
        result.stdout.contains("==> \(top)/.claude/skills/deeplink/SKILL.md <==\n---\nname: deeplink\n"))
    }
  }

  @Test("without a repository, the current directory")
  func noRepository() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Self.install(["mcp", "install", "vscode"], in: directory.path)
    #expect(result.status == 0, "\(result)")
    #expect(FileManager.default.fileExists(atPath: directory.file(".vscode/mcp.json")))
  }

  @Test("an unknown client or none: exit 64 naming the clients, nothing written")
  func unknownClient() throws {
    try Self.inRepository { top, work in
      let typo = try Self.install(["mcp", "install", "cursr"], in: work)
      #expect(typo.status == 64, "\(typo)")
      #expect(typo.stderr.contains("unknown client 'cursr' — did you mean 'cursor'?"), "\(typo)")
      #expect(typo.stderr.contains("claude, cursor, vscode, codex"), "\(typo)")
      let none = try Self.install(["mcp", "install"], in: work)
      #expect(none.status == 64 && none.stderr.contains("claude, cursor, vscode, codex"), "\(none)")
      let subcommand = try Self.install(["mcp", "instal", "claude"], in: work)
      #expect(
        subcommand.status == 64 && subcommand.stderr.contains("did you mean 'install'?"), "\(subcommand)")
      #expect(Self.snapshot(top).keys.sorted() == [".git", "app"])
    }
  }

  /// The shop table of ``RoutesFileCommandTests``.
  static let shopRoutes = [
    ("product", "product --id 1", "shop://product?id=1"), ("cart", "cart", "shop://cart"),
    ("settings", "settings", "shop://settings"),
  ]

  @Test("the skill: name, a description of at most 1024 characters, every route with its example")
  func skill() throws {
    try Self.inRepository { top, work in
      let sample = [
        ("settings", "settings", "debug://settings"), ("profile", "profile", "debug://profile"),
        ("recipes", "recipes", "debug://recipes"), ("recipe", "recipe --id 1", "debug://recipe?id=1"),
        ("recipe-edit", "recipe-edit --id 1", "debug://recipe-edit?id=1"),
        ("login", "login", "debug://login"),
        ("login-error", "login-error", "debug://login-error"),
        ("recipe-empty", "recipe-empty", "debug://recipe-empty"),
        ("recipe-error", "recipe-error", "debug://recipe-error"),
        ("favorites", "favorites", "debug://favorites"),
        ("favorites-empty", "favorites-empty", "debug://favorites-empty"),
        ("reset", "reset", "debug://reset"),
      ]
      let result = try Self.install(["mcp", "install", "claude"], in: work)
      #expect(result.status == 0, "\(result)")
      try Self.checkSkill(top + "/.claude/skills/deeplink/SKILL.md", prefix: "deeplink", routes: sample)

      let routes = top + "/shop.json"
      try RoutesFileCommandTests.shop.write(toFile: routes, atomically: true, encoding: .utf8)
      let shop = try Self.install(
        ["--routes", "../shop.json", "mcp", "install", "claude", "--force"], in: work)
      #expect(shop.status == 0, "\(shop)")
      try Self.checkSkill(
        top + "/.claude/skills/deeplink/SKILL.md", prefix: "deeplink --routes shop.json",
        routes: Self.shopRoutes)
    }
  }

  /// Checks the skill at `path`: its front matter, and a line for each route's example run
  /// with `prefix`, followed by its link.
  static func checkSkill(_ path: String, prefix: String, routes: [(String, String, String)]) throws {
    let text = String(decoding: bytes(path) ?? Data(), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "---")
    let end = try #require(lines.dropFirst().firstIndex(of: "---"), "no end of the front matter")
    let matter = lines[1..<end]
    #expect(matter.contains("name: deeplink"))
    let description = try #require(
      matter.first { $0.hasPrefix("description: ") }?.dropFirst("description: ".count))
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(description.utf8), options: .fragmentsAllowed) as? String)
    #expect(decoded.count <= 1024 && decoded.contains("picture") && decoded.contains("verify a fix"))
    for (name, example, link) in routes {
      let index = try #require(lines.firstIndex { $0.hasPrefix("- `\(name)`:") }, "\(name) missing:\n\(text)")
      #expect(lines[index + 1] == "  - `\(prefix) \(example)`", "\(name):\n\(text)")
      #expect(lines[index + 2] == "  - link: `\(link)`", "\(name):\n\(text)")
    }
    #expect(lines.filter { $0.hasPrefix("- `") && $0.contains("`:") }.count >= routes.count)
    for command in ["\(prefix) wait", "\(prefix) screen", "\(prefix) state", "\(prefix) tour --out"] {
      #expect(text.contains("`" + command), "\(command):\n\(text)")
    }
  }
}
