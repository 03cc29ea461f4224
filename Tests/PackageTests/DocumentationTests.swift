import Foundation
import TestSupport
import Testing

/// Every public symbol of the libraries an app uses has a doc comment (docs/your-own-app.md). The symbols are listed by the toolchain's own `swift-symbolgraph-extract`
/// from the modules this test run was built with, the same data DocC renders, so a public
/// declaration added without a comment fails here by name, file and line.
@Suite(
  .requires("swift-symbolgraph-extract"))
struct DocumentationTests {
  /// The library products of Package.swift.
  static let libraries = ["DeepLinkRoutes", "DeepLinkAgent", "DeepLinkCommand"]

  /// The directory the test binary was built in (`.build/<triple>/debug`), whose `Modules`
  /// holds the libraries' `.swiftmodule`s, and the triple it was built for.
  static let build: (modules: String, triple: String) = {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let configuration = executable.deletingLastPathComponent()
    return (
      configuration.appendingPathComponent("Modules").path,
      configuration.deletingLastPathComponent().lastPathComponent
    )
  }()

  /// The public symbols of `module` without a doc comment, as "kind name file:line".
  static func undocumentedSymbols(of module: String) throws -> [String] {
    let output = try TemporaryDirectory()
    defer { output.remove() }
    let extract = try Command.run(
      "/usr/bin/env",
      [
        "swift-symbolgraph-extract", "-module-name", module, "-target", build.triple,
        "-I", build.modules, "-I", PackageBuild.root + "/Sources/DeepLinkSystemC/include", "-I",
        PackageBuild.root + "/Sources/CZlib",
        "-minimum-access-level", "public", "-output-dir", output.path,
      ], timeout: Patience.buildSeconds)
    #expect(extract.status == 0, "\(extract)")
    let data = try Data(contentsOf: URL(fileURLWithPath: output.file("\(module).symbols.json")))
    let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let symbols = try #require(graph["symbols"] as? [[String: Any]])
    #expect(!symbols.isEmpty, "no public symbols found in \(module): is the module path right?")
    return symbols.compactMap { symbol in
      guard symbol["docComment"] == nil else { return nil }
      let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?"
      let name = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? "?"
      let location = symbol["location"] as? [String: Any]
      let file = (location?["uri"] as? String).map { URL(string: $0)?.lastPathComponent ?? $0 } ?? "?"
      let line = ((location?["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
      return "\(kind) \(name) \(file):\(line)"
    }
  }

  @Test(arguments: libraries)
  func everyPublicSymbolHasADocComment(_ module: String) throws {
    let undocumented = try Self.undocumentedSymbols(of: module)
    #expect(
      undocumented.isEmpty,
      "\(module): public symbols without a doc comment:\n\(undocumented.joined(separator: "\n"))")
  }
}
