import Foundation
import TestSupport
import Testing

/// The complete package of docs/your-own-app.md, as a reader would use it: its files copied
/// into a new package outside this repository (depending on this one by path), built, and the
/// app driven by the tool, so the guide cannot drift from what works. The DocC landing pages
/// of the libraries show files of the same package, and must show them exactly.
@Suite(.serialized, .disabled(if: PackageBuild.skipped, "DEEPLINK_SKIP_PACKAGE_BUILDS=1"))
struct LibraryExampleTests {
  /// The guide that holds the package.
  static let guide = "docs/your-own-app.md"

  /// The guide's files, by path: each ```swift block of its "A complete package" section.
  static func files() throws -> [(path: String, text: String)] {
    let text = try String(contentsOfFile: PackageBuild.root + "/" + guide, encoding: .utf8)
    let section =
      try #require(text.components(separatedBy: "\n## A complete package\n").dropFirst().first)
      .components(separatedBy: "\n## ").first ?? ""
    return labelledSwiftBlocks(in: section)
  }

  /// Each ```swift block of `text` named by the `path` that starts the paragraph before it.
  static func labelledSwiftBlocks(in text: String) -> [(path: String, text: String)] {
    var files: [(String, String)] = []
    var pending: String?
    var block: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
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

  /// The libraries whose DocC catalogs (`Sources/<name>/<name>.docc`) show files of the package.
  static let catalogs = ["DeepLinkRoutes", "DeepLinkAgent", "DeepLinkCommand"]

  /// The package, written outside the repository's sources, as the guide has it: `Todo/`,
  /// beside a `deeplink` that is this repository (a symbolic link), so that its
  /// `.package(path: "../deeplink")` is used as it is. In this checkout's `.build`, which git and
  /// SwiftPM leave alone and `make clean` removes, never in /tmp: kept between runs so that its
  /// own build of deeplink (some 65 MB) stays incremental (`make test` builds it before the tests,
  /// scripts/build-test-packages.sh). A file is written only when the guide's text differs from
  /// it, and the sources are written afresh when one is no longer in the guide.
  static let package = Result { () throws -> String in
    let directory = PackageBuild.root + "/.build/your-own-app"
    let files = try Self.files()
    let link = directory + "/deeplink"
    if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != PackageBuild.root {
      try? FileManager.default.removeItem(atPath: link)
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: PackageBuild.root)
    }
    let sources = directory + "/Todo/Sources"
    let present = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []
    let guidePaths = Set(files.map(\.path))
    let stale = present.contains { path in
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: sources + "/" + path, isDirectory: &isDirectory)
      return exists && !isDirectory.boolValue && !guidePaths.contains("Sources/" + path)
    }
    if stale {
      try FileManager.default.removeItem(atPath: sources)
    }
    for (path, text) in files {
      let file = directory + "/Todo/" + path
      if (try? String(contentsOfFile: file, encoding: .utf8)) == text { continue }
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

  /// Every file a catalog's article shows is the guide's file of that path, byte for byte, and
  /// each catalog shows at least one.
  @Test(arguments: catalogs)
  func theDocCArticlesShowTheGuidesFiles(_ library: String) throws {
    let guideFiles = Dictionary(try Self.files().map { ($0.path, $0.text) }, uniquingKeysWith: { $1 })
    let catalog = PackageBuild.root + "/Sources/\(library)/\(library).docc"
    let articles = try FileManager.default.contentsOfDirectory(atPath: catalog).filter { $0.hasSuffix(".md") }
    var shown = 0
    for article in articles.sorted() {
      let text = try String(contentsOfFile: catalog + "/" + article, encoding: .utf8)
      for file in Self.labelledSwiftBlocks(in: text) {
        shown += 1
        let original = try #require(
          guideFiles[file.path], "\(article) shows \(file.path), which \(Self.guide) has not")
        #expect(
          file.text == original, "\(article): \(file.path) differs from \(Self.guide)'s; copy it from there")
      }
    }
    #expect(shown > 0, "\(library).docc shows no file of \(Self.guide)'s package")
  }

  @Test func itBuildsAndTheToolDrivesTheApp() throws {
    let bin = try Self.bin.get()
    #expect(
      bin.hasPrefix(PackageBuild.root + "/.build/"), "the package lives outside the repository's sources")
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
