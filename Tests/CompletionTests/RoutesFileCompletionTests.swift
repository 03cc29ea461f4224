import Foundation
import TestSupport
import Testing

@testable import DeepLinkCommand

/// Completion of a table that only a routes file holds, in every real shell: the scripts'
/// baked-in data knows the built-in table only, so these offers can only come from asking
/// `deeplink`.
@Suite struct RoutesFileCompletionTests {
  static let shop = #"""
    {"scheme": "shop", "routes": [
      {"name": "product", "summary": "Show a product",
       "parameters": [{"name": "id", "type": "integer", "help": "Product id"}]},
      {"name": "products", "summary": "Show the catalogue"},
      {"name": "cart", "summary": "Show the cart",
       "parameters": [{"name": "sort", "type": "choice", "choices": ["price", "name"], "default": "name"},
                      {"name": "gift", "type": "boolean", "help": "Wrapped as a gift"}]}
    ]}
    """#

  static let commands = CommandRegistry.names
  static let routeFlags = GlobalOption.allCases.filter { $0 != .version }.map(\.flag)

  /// A line, where the routes file is, and what must be offered.
  struct Case: Sendable, CustomTestStringConvertible {
    enum Placement: Sendable {
      /// `deeplink.routes.json` in the directory's parent (found by the search).
      case parent
      /// `shop.json` in the directory, named by `--routes` on the line.
      case onTheLine
    }

    let name: String
    let line: String
    let placement: Placement
    let expected: [String]
    var help: [String: String] = [:]

    var testDescription: String { "\(name): '\(line)'" }
  }

  static let cases: [Case] = [
    Case(
      name: "the file's routes for a prefix", line: "deeplink prod", placement: .parent,
      expected: ["product", "products"], help: ["product": "Show a product"]),
    Case(
      name: "the file's routes and the commands", line: "deeplink --routes shop.json ", placement: .onTheLine,
      expected: ["product", "products", "cart"] + commands),
    Case(
      name: "a route's options", line: "deeplink cart --", placement: .parent,
      expected: ["--sort", "--gift"] + routeFlags, help: ["--gift": "Wrapped as a gift"]),
    Case(name: "choices", line: "deeplink cart --sort ", placement: .parent, expected: ["price", "name"]),
    Case(
      name: "choices with --routes= on the line", line: "deeplink --routes=shop.json cart --sort=",
      placement: .onTheLine, expected: ["price", "name"]),
    Case(
      name: "a flag's value", line: "deeplink cart --gift=", placement: .parent, expected: ["true", "false"]),
    Case(
      name: "url then a route of the file", line: "deeplink url ", placement: .parent,
      expected: ["product", "products", "cart"]),
    Case(
      name: "a route of the built-in table is unknown here", line: "deeplink recipe --", placement: .parent,
      expected: []),
  ]

  @Test("bash offers the routes file's table", arguments: cases)
  func bashOffers(_ testCase: Case) throws { try Self.offers(testCase, in: .bash) }

  @Test("zsh offers the routes file's table", .requires("zsh"), arguments: cases)
  func zshOffers(_ testCase: Case) throws { try Self.offers(testCase, in: .zsh) }

  @Test("fish offers the routes file's table", .requires("fish"), arguments: cases)
  func fishOffers(_ testCase: Case) throws { try Self.offers(testCase, in: .fish) }

  static func offers(_ testCase: Case, in shell: CompletionShell) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let directory = try Self.workingDirectory(in: root)
    switch testCase.placement {
    case .parent:
      try Self.shop.write(toFile: root.file("deeplink.routes.json"), atomically: true, encoding: .utf8)
    case .onTheLine:
      try Self.shop.write(toFile: directory.file("shop.json"), atomically: true, encoding: .utf8)
    }
    let answer = try ShellDriver.complete(testCase.line, in: shell, directory: directory)
    #expect(answer.result.status == 0, "\(answer.result)")
    #expect(answer.words.sorted() == testCase.expected.sorted(), "\(answer.offers)")
    if shell != .bash {
      for (word, help) in testCase.help {
        #expect(answer.offers.first(where: { $0.word == word })?.help == help, "\(answer.offers)")
      }
    }
  }

  @Test("a broken routes file completes nothing in bash, silently")
  func bashBrokenFile() throws { try Self.brokenFile(in: .bash) }

  @Test("a broken routes file completes nothing in zsh, silently", .requires("zsh"))
  func zshBrokenFile() throws { try Self.brokenFile(in: .zsh) }

  @Test("a broken routes file completes nothing in fish, silently", .requires("fish"))
  func fishBrokenFile() throws { try Self.brokenFile(in: .fish) }

  static func brokenFile(in shell: CompletionShell) throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let directory = try Self.workingDirectory(in: root)
    try #"{"routes": [{"name": "a", "typo": 1}]}"#.write(
      toFile: root.file("deeplink.routes.json"), atomically: true, encoding: .utf8)
    let answer = try ShellDriver.complete("deeplink ", in: shell, directory: directory)
    #expect(answer.words.isEmpty, "\(answer.offers)")
    if shell != .zsh {
      #expect(answer.result.stdout.isEmpty && answer.result.stderr.isEmpty, "\(answer.result)")
    }
  }

  /// `root/work`: the shell's current directory, as a ``TemporaryDirectory`` (not removed on
  /// its own: `root` is).
  static func workingDirectory(in root: TemporaryDirectory) throws -> TemporaryDirectory {
    try FileManager.default.createDirectory(atPath: root.file("work"), withIntermediateDirectories: true)
    return TemporaryDirectory(existing: root.file("work"))
  }
}
