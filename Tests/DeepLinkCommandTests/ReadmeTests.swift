import DeepLinkCommand
import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import Testing

/// README.md's generated parts stay true to the code.
@Suite struct ReadmeTests {
  static let readme = document("README.md")
  static let sampleGuide = document("docs/sample-app.md")

  /// The text of `path`, relative to the package's root; empty when it cannot be read.
  static func document(_ path: String) -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../" + path).standardized
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  @Test func theSampleGuidesRouteReferenceIsWhatRoutesMarkdownPrints() throws {
    let begin = try #require(Self.sampleGuide.range(of: "<!-- routes:begin -->\n"))
    let end = try #require(Self.sampleGuide.range(of: "<!-- routes:end -->"))
    let section = String(Self.sampleGuide[begin.upperBound..<end.lowerBound])
    #expect(
      section == RoutesFormatter.markdown(table: .recipeSample, tool: .deeplink),
      "docs/sample-app.md's route reference is stale: paste `deeplink routes --markdown` between the markers")
  }

  @Test(arguments: ExitCode.allCases)
  func everyExitCodeIsDocumented(_ code: ExitCode) {
    #expect(
      Self.readme.contains("| \(code.rawValue) |"), "README.md's exit code table lacks \(code.rawValue)")
  }
}
