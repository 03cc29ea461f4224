import DeepLinkCommand
import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import Testing

/// README.md's generated parts stay true to the code.
@Suite struct ReadmeTests {
  static let readme: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../README.md").standardized
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  @Test func theRouteReferenceIsWhatRoutesMarkdownPrints() throws {
    let begin = try #require(Self.readme.range(of: "<!-- routes:begin -->\n"))
    let end = try #require(Self.readme.range(of: "<!-- routes:end -->"))
    let section = String(Self.readme[begin.upperBound..<end.lowerBound])
    #expect(
      section == RoutesFormatter.markdown(table: .builtIn),
      "README.md's route reference is stale: paste `deeplink routes --markdown` between the markers")
  }

  @Test(arguments: ExitCode.allCases)
  func everyExitCodeIsDocumented(_ code: ExitCode) {
    #expect(
      Self.readme.contains("| \(code.rawValue) |"), "README.md's exit code table lacks \(code.rawValue)")
  }
}
