import Foundation
import TestSupport
import Testing

/// The CI job of docs/ci.md, run as written with the built binaries first on `PATH`: it
/// starts the app, waits with `--pid`, drives it, checks a JSON error, stops the app and
/// removes the socket's directory, which must then be empty.
@Suite("The CI guide's recipe")
struct CiRecipeTests {
  static let guide: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/ci.md").standardized
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// The shell script between the `ci-recipe` markers, without its code fence.
  static func recipe() throws -> String {
    let begin = try #require(guide.range(of: "<!-- ci-recipe:begin -->\n```sh\n"))
    let end = try #require(guide.range(of: "```\n<!-- ci-recipe:end -->"))
    return String(guide[begin.upperBound..<end.lowerBound])
  }

  @Test(.requires("jq"))
  func theRecipeRunsAndLeavesNothingBehind() throws {
    let work = try TemporaryDirectory()
    defer { work.remove() }
    try "settings\nrecipe --id 42\n".write(
      toFile: work.file("scenario.deeplinks"), atomically: true, encoding: .utf8)
    let script = work.file("ci.sh")
    // `mktemp -d` makes the socket's directory under $TMPDIR; the script removes it itself. If
    // the recipe fails half-way, the trap stops the app it started, so nothing hangs.
    let guarded =
      "trap 'kill \"${app:-}\" 2>/dev/null || true' EXIT\n" + (try Self.recipe()) + "echo \"dir=$dir\"\n"
    try guarded.write(toFile: script, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script]
    process.currentDirectoryURL = URL(fileURLWithPath: work.path)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = Command.productsDirectory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["TMPDIR"] = work.path
    environment["DEEPLINK_SOCKET"] = nil
    process.environment = environment
    // Output to a file, not a pipe: a process the script left behind cannot hold the test up.
    let log = work.file("ci.out")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitForExit()
    try output.close()
    let text = try String(contentsOfFile: log, encoding: .utf8)
    #expect(process.terminationStatus == 0, "\(text)")
    let states = try String(contentsOfFile: work.file("states.jsonl"), encoding: .utf8)
    #expect(states.split(separator: "\n").count == 2)
    #expect(try String(contentsOfFile: work.file("error.json"), encoding: .utf8).contains(#""kind":"usage""#))
    // The socket's directory is gone (rmdir succeeded), and only the script's own files remain.
    let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("dir=") })
    #expect(!FileManager.default.fileExists(atPath: String(line.dropFirst(4))))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
        == ["app.log", "ci.out", "ci.sh", "error.json", "scenario.deeplinks", "states.jsonl"])
  }
}
