import Foundation
import TestSupport
import Testing

/// `make test` on a machine without the optional tools: a test that needs a missing one is
/// skipped, never failed or passed, and the run ends with a summary naming what is missing,
/// the tests it skipped and what installs it.
@Suite struct TestToolsTests {
  /// The test binary `swift test` runs, beside the built products.
  static let testBinary = Command.productsDirectory.appendingPathComponent("deeplinkPackageTests.xctest").path

  /// Runs the tests matching `filter` in the built test binary, as `swift test` does, with
  /// `environment` on top (every test required only when it sets `DEEPLINK_REQUIRE_ALL`).
  static func runTests(matching filter: String, environment: [String: String]) throws -> CommandResult {
    try Command.run(
      testBinary, ["--testing-library", "swift-testing", "--filter", filter],
      environment: ["DEEPLINK_REQUIRE_ALL": "", "NO_COLOR": "1"].merging(environment) { $1 })
  }

  @Test func theListIsReadAndNamesAPackageOrNoneForEachEntry() throws {
    let names = TestTool.all.map(\.name)
    #expect(Set(names).count == names.count)
    for name in [
      "zsh", "fish", "shellcheck", "socat", "nc", "jq", "adb", "chromium", "jsonschema", "mcp-sdk",
    ] {
      #expect(TestTool.named(name).package != nil, "\(name) is installed by make test-deps")
    }
    #expect(TestTool.named("root").package == nil)
    #expect(TestTool.named("nc").package == "netcat-openbsd")
    #expect(TestTool.named("jsonschema").check == .python("jsonschema"))
  }

  @Test(
    "a line that is not an entry is refused, naming it",
    arguments: [
      ("zsh program:zsh", "line 1: expected name, check and package"),
      ("zsh shell:zsh zsh", "line 1: unknown check 'shell:zsh'"),
      ("zsh program:zsh zsh\nzsh program:zsh zsh", "line 2: 'zsh' is listed twice"),
    ])
  func badLines(_ text: String, _ message: String) {
    #expect(throws: TestTool.Failure.self) { try TestTool.parse(text) }
    do {
      _ = try TestTool.parse(text)
    } catch {
      #expect(error.description.hasPrefix(message), "\(error)")
    }
  }

  /// The suite's own lookup, with a `PATH` that lacks each program of the list in turn (every
  /// other program this machine has is there), finds that one missing and the others present.
  @Test func aPathThatLacksAProgramLacksExactlyThatProgram() throws {
    let programs = TestTool.all.compactMap { tool -> (TestTool, String)? in
      guard case .program(let name) = tool.check, let path = ExternalTool.path(name) else { return nil }
      return (tool, path)
    }
    try #require(!programs.isEmpty, "this machine has none of the programs of the list")
    for (lacking, _) in programs {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      for (tool, path) in programs where tool != lacking {
        try FileManager.default.createSymbolicLink(
          atPath: directory.file(URL(fileURLWithPath: path).lastPathComponent), withDestinationPath: path)
      }
      let environment = ["PATH": directory.path]
      #expect(!lacking.isPresent(environment: environment), "\(lacking) found where it is not")
      for (tool, _) in programs where tool != lacking {
        #expect(tool.isPresent(environment: environment), "\(tool) not found where it is")
      }
    }
  }

  /// A test needing a program the `PATH` lacks is skipped, and the run passes; the summary
  /// names the program, its package, the test and `make test-deps`. In CI
  /// (`DEEPLINK_REQUIRE_ALL=1`) the same test runs, and fails.
  @Test(arguments: ["zsh", "fish"])
  func aTestWhoseShellIsMissingIsSkippedAndSummarized(_ shell: String) throws {
    let empty = try TemporaryDirectory()
    defer { empty.remove() }
    let filter = "GeneratedScriptsTests/\(shell)Syntax"
    let run = try Self.runTests(matching: filter, environment: ["PATH": empty.path])
    // Swift Testing reports on stderr.
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderr.contains(
        #"Test "the \#(shell) script passes \#(shell)'s syntax check" skipped: "needs \#(shell) (make test-deps installs it)""#
      ),
      "\(run)")
    #expect(
      run.stderr.contains("Test run with 1 test")
        && !run.stderr.contains("Test \"the \(shell) script passes \(shell)'s syntax check\" passed"),
      "\(run)")

    let summary = try Command.run(TestTool.packageRoot + "/scripts/test-summary.sh", input: run.stderr)
    #expect(summary.status == 0, "\(summary)")
    #expect(summary.stdout.contains("  \(shell) (Debian package \(shell)): 1 skipped\n"), "\(summary)")
    #expect(
      summary.stdout.contains("      \"the \(shell) script passes \(shell)'s syntax check\"\n"), "\(summary)")
    #expect(summary.stdout.contains("make test-deps"), "\(summary)")

    let required = try Self.runTests(
      matching: filter, environment: ["PATH": empty.path, "DEEPLINK_REQUIRE_ALL": "1"])
    #expect(required.status != 0, "\(required)")
    #expect(
      required.stderr.contains(#"Test "the \#(shell) script passes \#(shell)'s syntax check" failed"#),
      "\(required)")
  }

  /// An entry whose check runs Python (the MCP SDK) is checked when a test that needs it is
  /// about to run, not when a test process lists its tests, which every process does for all
  /// of them: a run of other tests never starts it. A test needing it, where it is missing,
  /// is skipped with its name.
  @Test func aCheckThatRunsPythonIsMadeOnlyForATestThatNeedsIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = directory.file("checked")
    let python = try directory.program(
      "python", "#!/bin/sh\necho checked >> '\(marker)'\nexit 1\n")
    let environment = ["DEEPLINK_MCP_PYTHON": python]

    let other = try Self.runTests(matching: "TestToolsTests/noSkipNoSummary", environment: environment)
    #expect(other.status == 0 && other.stderr.contains("Test run with 1 test"), "\(other)")
    #expect(
      !FileManager.default.fileExists(atPath: marker), "the SDK was looked for by a run that needs none")

    let needing = try Self.runTests(
      matching: "McpSdkTests/everyRouteIsAToolWhoseSchemaIsTheTables", environment: environment)
    #expect(needing.status == 0, "\(needing)")
    #expect(
      needing.stderr.contains(#"skipped: "needs mcp-sdk (make test-deps installs it)""#), "\(needing)")
    #expect(try String(contentsOfFile: marker, encoding: .utf8) == "checked\n", "checked once")
  }

  /// A run with nothing skipped for want of a tool has no summary.
  @Test func noSkipNoSummary() throws {
    let summary = try Command.run(
      TestTool.packageRoot + "/scripts/test-summary.sh",
      input:
        "✔ Test bashRoundTrip() passed after 0.01 seconds.\n➜ Test x() skipped: \"DEEPLINK_SKIP_RELEASE_BUILDS=1\"\n"
    )
    #expect(summary.status == 0 && summary.stdout.isEmpty, "\(summary)")
  }
}
