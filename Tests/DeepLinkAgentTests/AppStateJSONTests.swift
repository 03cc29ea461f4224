import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkAgent

/// The reply to a link is written straight from the app's state, without a ``JSON`` tree: it
/// must be byte for byte what serializing the state's tree gives, which is what `state` answers
/// and `deeplink state --json` shows.
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

  @Test("writing a state gives the bytes of serializing its JSON tree", arguments: states)
  func writtenIsSerialized(_ state: AppState) throws {
    var writer = JSONWriter()
    state.writeJSON(into: &writer)
    let written = writer.withBytes { Array($0) }
    #expect(String(decoding: written, as: UTF8.self) == state.json.serialized)
    #expect(try JSON.parse(String(decoding: written, as: UTF8.self)) == state.json)
  }
}

extension AppState: CustomTestStringConvertible {
  public var testDescription: String { "\(path.count) screens, \(screen.utf8.count)-byte screen" }
}
