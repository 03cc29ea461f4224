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

  @Test("a state serializes to one line that parses back to its tree", arguments: states)
  func serializedParsesBack(_ state: AppState) throws {
    let line = state.json.serialized
    #expect(!line.contains("\n"))
    #expect(try JSON.parse(line) == state.json)
  }
}

extension AppState: CustomTestStringConvertible {
  public var testDescription: String { "\(path.count) screens, \(screen.utf8.count)-byte screen" }
}
