import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

@testable import DeepLinkCommand

/// `mcp install` in this process: how the line parses, its help pages, and the strict TOML
/// reader's errors, each with its line and column. The files themselves are written through
/// the binary (EndToEndTests/McpInstallTests).
struct McpInstallCommandTests {
  @Test("mcp install CLIENT parses to the subcommand, global options anywhere; mcp alone stays mcp")
  func parses() throws {
    let invocation = try Invocation.parse(
      ["mcp", "--socket", "/tmp/s", "install", "codex", "--print", "--timeout", "3"], table: .recipeSample)
    let command = try #require(invocation.command as? McpInstallCommand)
    #expect(command.client == .codex && command.printsOnly && !command.force)
    #expect(command.options.socket == "/tmp/s" && command.options.timeout == 3)
    #expect(try Invocation.parse(["mcp", "--pictures"], table: .recipeSample).command is McpCommand)
    #expect(try Invocation.parse(["mcp"], table: .recipeSample).command is McpCommand)
  }

  @Test("help mcp install, mcp install --help and mcp --help install show the subcommand's page")
  func helpPages() {
    let page = CommandRun(["help", "mcp", "install"]).standardOutput
    #expect(
      page.hasPrefix("deeplink mcp install — ") && page.contains("USAGE\n  deeplink mcp install <client>"))
    for line in [["mcp", "install", "--help"], ["mcp", "--socket", "s", "install", "-h"]] {
      let run = CommandRun(line)
      #expect(run.code == 0 && run.standardOutput == page, "\(line)")
    }
    let mcp = CommandRun(["help", "mcp"]).standardOutput
    #expect(mcp.contains("SUBCOMMANDS\n  mcp install  "))
    let wrong = CommandRun(["help", "mcp", "instal"])
    #expect(wrong.code == 64 && wrong.standardError.contains("unexpected argument 'instal'"))
  }

  @Test(
    "the TOML reader stops at the first thing it cannot read, with its line and column",
    arguments: [
      ("a = 1\nb = \n", 2, 5, "expected a value"),
      ("[table\n", 1, 7, "expected ']'"),
      ("a = \"open\n", 1, 10, "the string is not closed"),
      ("a = '''x'''\n", 1, 6, "multi-line strings"),
      ("a = 1979-05-27\n", 1, 5, "expected a value"),
      ("a = [1, 2\nb = 3\n", 2, 1, "expected ',' or ']'"),
      ("a = 1 b = 2\n", 1, 7, "expected the end of the line"),
      ("x = { y = 1, y = 2 }\n", 1, 19, "given twice"),
      ("a = \"\\q\"\n", 1, 7, "invalid escape"),
      ("= 1\n", 1, 1, "expected a key"),
    ])
  func tomlErrors(_ text: String, _ line: Int, _ column: Int, _ reason: String) {
    do {
      _ = try TOMLDocument(parsing: Array(text.utf8))
      Issue.record("\(text) was read")
    } catch {
      #expect(error.line == line && error.column == column, "\(error.message)")
      #expect(error.reason.contains(reason), "\(error.message)")
    }
  }

  @Test("the TOML reader reads what a Codex configuration holds")
  func tomlReads() throws {
    let text = """
      # comment
      model = "o4"   # trailing
      "quoted key" = 'literal \\ text'
      a.b = -1_000
      [mcp_servers.other]
      args = [
        "x", # why
        'y',
      ]
      env = { KEY = "v", N = 0x1F }
      f = 6.02e23
      on = true
      [[profiles]]
      name = "fast"

      """
    let document = try TOMLDocument(parsing: Array(text.utf8))
    #expect(document.tables.map(\.path) == [["mcp_servers", "other"], ["profiles"]])
    let other = document.tables[0]
    #expect(other.headerLine == 4 && other.endLine == 12)
    #expect(other.entries.first?.value == .array([.string("x"), .string("y")]))
    #expect(document.definesOutsideTable(["a", "b"]))
    #expect(!document.definesOutsideTable(["mcp_servers", "deeplink"]))
  }
}
