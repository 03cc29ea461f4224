import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something a test needs beyond the Swift toolchain, gcc and python3 (`zsh`, `socat`,
/// Python's `jsonschema`, root), as `Tests/test-tools.txt` lists it: the one list that
/// `make test-deps` installs from and that every test's needs are checked against.
///
/// A test that needs what a machine lacks is recorded as skipped, never as passed: give it
/// `.requires("zsh")`. The skip's comment names each missing entry, and `make test` ends with a
/// summary of them (`scripts/test-summary.sh`). CI sets `DEEPLINK_REQUIRE_ALL=1`, and then
/// every such test runs whatever the machine lacks, so a missing tool fails there.
public struct TestTool: Sendable, Hashable, CustomStringConvertible {
  /// How a run finds the entry.
  public enum Check: Sendable, Hashable {
    /// An executable of this name on `PATH`.
    case program(String)
    /// A file at this path.
    case file(String)
    /// A module `python3` can import.
    case python(String)
    /// The MCP Python SDK: `DEEPLINK_MCP_PYTHON`, or `.build/mcp-venv` (scripts/mcp-venv.sh).
    case mcpSDK
    /// The tests run as root.
    case root
  }

  /// The name tests ask for (`zsh`, `jsonschema`, `root`).
  public let name: String
  /// How a run finds it.
  public let check: Check
  /// The Debian package that installs it, or `nil` when none can (root).
  public let package: String?

  public var description: String { name }

  /// The package's root folder (this file is `Tests/TestSupport/TestTool.swift`).
  public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// Every entry of `Tests/test-tools.txt`, in its order.
  public static let all: [TestTool] = {
    let file = packageRoot + "/Tests/test-tools.txt"
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      fatalError("cannot read \(file), the list of test tools")
    }
    do { return try parse(text) } catch { fatalError("\(file): \(error)") }
  }()

  /// The entries of a test-tools list: `name  kind[:argument]  package` a line, `#` comments.
  public static func parse(_ text: String) throws(Failure) -> [TestTool] {
    var tools: [TestTool] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard let first = fields.first, !first.hasPrefix("#") else { continue }
      guard fields.count == 3 else {
        throw Failure("line \(index + 1): expected name, check and package, got '\(line)'")
      }
      let kind = fields[1].split(separator: ":", maxSplits: 1).map(String.init)
      let check: Check
      switch (kind[0], kind.count == 2 ? kind[1] : nil) {
      case ("program", let name?): check = .program(name)
      case ("file", let path?): check = .file(path)
      case ("python", let module?): check = .python(module)
      case ("mcp-sdk", nil): check = .mcpSDK
      case ("root", nil): check = .root
      default: throw Failure("line \(index + 1): unknown check '\(fields[1])'")
      }
      guard !tools.contains(where: { $0.name == first }) else {
        throw Failure("line \(index + 1): '\(first)' is listed twice")
      }
      tools.append(TestTool(name: first, check: check, package: fields[2] == "-" ? nil : fields[2]))
    }
    return tools
  }

  /// The entry called `name`; a name the list lacks stops the run, naming it.
  public static func named(_ name: String) -> TestTool {
    guard let tool = all.first(where: { $0.name == name }) else {
      fatalError("'\(name)' is not in Tests/test-tools.txt: add it there, with its Debian package")
    }
    return tool
  }

  /// Whether this machine has it, with `environment` as the process environment (its `PATH`
  /// and `DEEPLINK_MCP_PYTHON`).
  public func isPresent(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    switch check {
    case .program(let program):
      return ExternalTool.path(program, searchPath: environment["PATH"]) != nil
    case .file(let path):
      return FileManager.default.fileExists(atPath: path)
    case .python(let module):
      guard let python = ExternalTool.path("python3", searchPath: environment["PATH"]) else { return false }
      return (try? Command.run(python, ["-c", "import " + module]))?.status == 0
    case .mcpSDK:
      return Self.mcpPython(environment: environment) != nil
    case .root:
      return getuid() == 0
    }
  }

  /// Whether this process's machine has it, checked once a run (tests asking at once wait for
  /// the one check).
  public var isPresent: Bool {
    Self.presenceLock.withLock {
      if let present = Self.presence[name] { return present }
      let present = isPresent()
      Self.presence[name] = present
      return present
    }
  }

  /// Whether the check runs a program (Python importing a module), which takes up to a second:
  /// such a check is made only when a test that needs the entry is about to run, not when the
  /// tests are listed, which every test process does for every test.
  public var checkRunsAProgram: Bool {
    switch check {
    case .python, .mcpSDK: true
    case .program, .file, .root: false
    }
  }

  /// What was found, by name, guarded by ``presenceLock``: a lock ThreadSanitizer understands
  /// (it does not see `Synchronization.Mutex`'s futex as ordering, and tests ask at once).
  nonisolated(unsafe) private static var presence: [String: Bool] = [:]
  private static let presenceLock = NSLock()

  /// The Python interpreter with the MCP SDK: `DEEPLINK_MCP_PYTHON`, else `.build/mcp-venv`'s,
  /// if it can import the SDK.
  public static func mcpPython(environment: [String: String] = ProcessInfo.processInfo.environment) -> String?
  {
    let candidate = mcpPythonCandidate(environment: environment)
    guard FileManager.default.isExecutableFile(atPath: candidate),
      (try? Command.run(candidate, ["-c", "import mcp.client.client, jsonschema"]))?.status == 0
    else { return nil }
    return candidate
  }

  /// Where the interpreter with the MCP SDK would be: `DEEPLINK_MCP_PYTHON`, else
  /// `.build/mcp-venv`'s.
  public static func mcpPythonCandidate(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    environment["DEEPLINK_MCP_PYTHON"] ?? packageRoot + "/.build/mcp-venv/bin/python"
  }

  /// The skip comment for a test needing `tools` of which `missing` are absent:
  /// `needs zsh, fish (make test-deps installs them)`. `scripts/test-summary.sh` reads it.
  public static func skipComment(missing: [TestTool]) -> String {
    let names = missing.map(\.name).joined(separator: ", ")
    var fixes: [String] = []
    switch missing.filter({ $0.package != nil }).count {
    case 0: break
    case 1: fixes.append("make test-deps installs it")
    default: fixes.append("make test-deps installs them")
    }
    if missing.contains(where: { $0.check == .root }) { fixes.append("run the tests as root") }
    if missing.contains(where: { $0.package == nil && $0.check != .root }) {
      fixes.append("it comes with the Swift toolchain")
    }
    return "needs \(names) (\(fixes.joined(separator: "; ")))"
  }

  /// A line of `Tests/test-tools.txt` that is not an entry.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where every entry of `Tests/test-tools.txt` named in `names` is
  /// present, or where every test must run (`DEEPLINK_REQUIRE_ALL=1`, as in CI); otherwise
  /// the test is skipped with a comment naming what is missing.
  ///
  /// Entries found without running anything (a program, a file, root) are looked up when the
  /// tests are listed. Those whose check runs Python are checked only when the test is about
  /// to run, and only if nothing else is missing; the comment of such a skip names every one
  /// of them the test needs, since it is written before they are checked.
  public static func requires(_ names: String...) -> Self {
    let tools = names.map(TestTool.named)
    let missing = tools.filter { !$0.checkRunsAProgram && !$0.isPresent }
    let deferred = tools.filter(\.checkRunsAProgram)
    guard missing.isEmpty, !deferred.isEmpty else {
      return .enabled(
        if: missing.isEmpty || ExternalTool.everyTestMustRun,
        Comment(rawValue: TestTool.skipComment(missing: missing)))
    }
    return .enabled(Comment(rawValue: TestTool.skipComment(missing: deferred))) {
      deferred.allSatisfy(\.isPresent) || ExternalTool.everyTestMustRun
    }
  }
}
