import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkAgent

/// A state's JSON, as the reply to a link and `state` carry it: one line, whatever its texts
/// hold, that parses back to the same tree.
@Suite struct AppStateJSONTests {
  static let awkward = "quote \" backslash \\ newline\n tab\t cr\r nul\u{0} bell\u{7} del\u{7F} › é 🍝 end"

  static let states: [AppState] = [
    AppState(path: [], screen: ""),
    AppState(
      path: [], screen: "Home\n────\n  • Recipes     (12)\n", details: [AppState.Detail("overrides", [])]),
    AppState(
      path: [
        AppState.Screen("recipes", [Argument(name: "sort", value: .string("rating"))]),
        AppState.Screen("recipe", [Argument(name: "id", value: .integer(-42))]),
        AppState.Screen(
          "recipe-edit",
          [Argument(name: "id", value: .integer(Int.max)), Argument(name: "unsaved", value: .boolean(true))]),
      ],
      screen: "Home › Spaghetti › Edit\n" + awkward,
      details: [
        AppState.Detail(
          "overrides",
          [
            Argument(name: "loginError", value: .string(awkward)),
            Argument(name: "networkError", value: .boolean(false)),
          ]),
        AppState.Detail("empty", []),
        AppState.Detail(awkward, [Argument(name: awkward, value: .integer(Int.min))]),
      ]),
    AppState(path: [AppState.Screen("login")], screen: String(repeating: "\u{1F}x\"", count: 100)),
  ]

  /// The tree a state's JSON stands for, as docs/wire-protocol.md describes it.
  static func tree(_ state: AppState) -> JSON {
    func value(_ value: ArgumentValue) -> JSON {
      switch value {
      case .integer(let number): .int(number)
      case .string(let text): .string(text)
      case .boolean(let flag): .bool(flag)
      }
    }
    let path = state.path.map { screen in
      JSON.object(
        [("destination", .string(screen.name))] + screen.arguments.map { ($0.name, value($0.value)) })
    }
    let details = state.details.map { detail in
      (detail.name, JSON.object(detail.values.map { ($0.name, value($0.value)) }))
    }
    return .object([("path", .array(path))] + details + [("screen", .string(state.screen))])
  }

  @Test("a state is written as one line that parses back to its tree", arguments: states)
  func writtenParsesBack(_ state: AppState) throws {
    var bytes: [UInt8] = []
    state.writeJSON(into: &bytes)
    #expect(!bytes.contains(UInt8(ascii: "\n")))
    #expect(try JSON.parse(bytes[...]) == Self.tree(state))
  }

  @Test("a state is written after what the output holds, which it leaves as it was")
  func writtenAfterTheOutput() throws {
    var bytes = Array("prefix".utf8)
    Self.states[2].writeJSON(into: &bytes)
    #expect(bytes.starts(with: "prefix".utf8))
    #expect(try JSON.parse(bytes[6...]) == Self.tree(Self.states[2]))
  }
}

extension AppState: CustomTestStringConvertible {
  public var testDescription: String { "\(path.count) screens, \(screen.utf8.count)-byte screen" }
}
