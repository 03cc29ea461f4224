import Foundation
import TestSupport
import Testing

/// README's "Use it with your own app", as a reader would use it: its files copied into a new
/// package outside this repository (depending on this one by path), built, and the app driven
/// by the tool, so the README cannot drift from what works.
@Suite(.serialized, .disabled(if: PackageBuild.skipped, "DEEPLINK_SKIP_PACKAGE_BUILDS=1"))
struct ReadmeExampleTests {
  /// The section's files, by path: each ```swift block, named by the `path` that starts the
  /// paragraph before it.
  static func files() throws -> [(path: String, text: String)] {
    let readme = try String(contentsOfFile: PackageBuild.root + "/README.md", encoding: .utf8)
    let section =
      try #require(readme.components(separatedBy: "\n## Use it with your own app\n").dropFirst().first)
      .components(separatedBy: "\n## ").first ?? ""
    var files: [(String, String)] = []
    var pending: String?
    var block: [String]?
    for line in section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var lines = block {
        if line == "```" {
          if let path = pending { files.append((path, lines.joined(separator: "\n") + "\n")) }
          block = nil
          pending = nil
        } else {
          lines.append(line)
          block = lines
        }
      } else if line == "```swift" {
        block = []
      } else if line.hasPrefix("`"), let end = line.dropFirst().firstIndex(of: "`") {
        let path = String(line[line.index(after: line.startIndex)..<end])
        if path.hasSuffix(".swift") { pending = path }
      }
    }
    return files
  }

  /// The package, written afresh into a directory outside the repository, as README has it:
  /// `Todo/`, beside a `deeplink` that is this repository (a symbolic link), so that its
  /// `.package(path: "../deeplink")` is used as it is. One directory per checkout (named after
  /// its path), kept between runs so that its `.build` of deeplink stays incremental; the
  /// sources are removed and written again every run.
  static let package = Result { () throws -> String in
    let checkout = PackageBuild.root.unicodeScalars.map { $0.properties.isAlphabetic ? String($0) : "-" }
      .joined()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("deeplink-readme-\(getuid())\(checkout)").path
    try? FileManager.default.removeItem(atPath: directory + "/Todo/Sources")
    try? FileManager.default.removeItem(atPath: directory + "/deeplink")
    try FileManager.default.createDirectory(atPath: directory + "/Todo", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/deeplink", withDestinationPath: PackageBuild.root)
    for (path, text) in try files() {
      let file = directory + "/Todo/" + path
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    return directory + "/Todo"
  }

  static let bin = Result { try PackageBuild.build(try package.get()) }

  @Test func theSectionHoldsAWholePackage() throws {
    let paths = try Self.files().map(\.path)
    #expect(
      paths == [
        "Package.swift", "Sources/TodoRoutes/RouteTable+Todo.swift", "Sources/todo/main.swift",
        "Sources/todo-app/main.swift", "Sources/todo-app/TodoApp.swift",
      ])
    let manifest = try #require(try Self.files().first?.text)
    #expect(manifest.contains(#".package(path: "../deeplink")"#), "the test puts the repository there")
  }

  @Test func itBuildsAndTheToolDrivesTheApp() throws {
    let bin = try Self.bin.get()
    #expect(!bin.hasPrefix(PackageBuild.root), "the package lives outside the repository")
    let app = try RunningApp.start(executable: bin + "/todo-app")
    defer { app.stop() }
    let todo = bin + "/todo"

    let item = try Command.run(todo, ["item", "--id", "3", "--socket", app.socket])
    #expect(item.status == 0, "\(item)")
    #expect(item.stdout == "Todo › item\n")
    #expect(try Command.run(todo, ["url", "list", "--filter", "done"]).stdout == "todo://list?filter=done\n")

    let refused = try Command.run(todo, ["item", "--id", "404", "--socket", app.socket])
    #expect(refused.status == 65)
    #expect(refused.stderr == "todo: error: the app rejected the link: item 404 was deleted\n")

    let wrong = try Command.run(todo, ["item", "--id", "1000"])
    #expect(wrong.status == 64)
    #expect(
      wrong.stderr.hasPrefix("todo: error: --id expects an integer from 1 to 999, got 1000"), "\(wrong)")
    #expect(try Command.run(todo, ["completions", "bash"]).stdout.contains("complete -F _todo todo\n"))
  }
}
