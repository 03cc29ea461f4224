import DeepLinkRoutes
import DeepLinkWire
import RecipeSampleRoutes
import TestSupport
import Testing

/// `deeplink <route> [options]` against a real app: every route of the built-in table is
/// applied, acknowledged, and printed as the screen the app now shows.
@Suite("deeplink <route>")
struct LinkCommandTests {
  /// One invocation per route of `RouteTable.recipeSample`, with its required options, and the
  /// AppModel golden file of the screen it must show.
  struct RouteCase: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let url: String
    let golden: String
    var route: String { arguments[0] }
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [RouteCase] = [
    RouteCase(arguments: ["settings"], url: "debug://settings", golden: "settings.txt"),
    RouteCase(arguments: ["profile"], url: "debug://profile", golden: "profile-current.txt"),
    RouteCase(arguments: ["recipes"], url: "debug://recipes", golden: "recipes.txt"),
    RouteCase(arguments: ["recipe", "--id", "42"], url: "debug://recipe?id=42", golden: "recipe-42.txt"),
    RouteCase(
      arguments: ["recipe-edit", "--id", "42"], url: "debug://recipe-edit?id=42",
      golden: "recipe-edit-42.txt"),
    RouteCase(arguments: ["login"], url: "debug://login", golden: "login.txt"),
    RouteCase(arguments: ["login-error"], url: "debug://login-error", golden: "login-error.txt"),
    RouteCase(arguments: ["recipe-empty"], url: "debug://recipe-empty", golden: "recipe-empty.txt"),
    RouteCase(arguments: ["recipe-error"], url: "debug://recipe-error", golden: "recipe-error.txt"),
    RouteCase(arguments: ["favorites"], url: "debug://favorites", golden: "favorites.txt"),
    RouteCase(arguments: ["favorites-empty"], url: "debug://favorites-empty", golden: "favorites-empty.txt"),
    RouteCase(arguments: ["reset"], url: "debug://reset", golden: "root.txt"),
  ]

  @Test func theCasesCoverEveryRouteOfTheBuiltInTable() {
    #expect(Self.cases.map(\.route) == RouteTable.recipeSample.routes.map(\.name))
  }

  @Test(arguments: cases)
  func appliesTheRouteAndPrintsTheScreen(_ route: RouteCase) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    // Move away from the root first, so that `reset` has something to undo.
    if route.route == "reset" { #expect(try app.deeplink("recipe-error").status == 0) }

    let result = try app.deeplink(route.arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout == (try checkedInFile("RecipeSampleAppTests/Golden/" + route.golden)))
    #expect(try app.screen() == result.stdout)
    #expect(try app.state()["screen"]?.stringValue == result.stdout)

    let json = try app.deeplink(route.arguments + ["--json"])
    #expect(json.status == 0, "\(json)")
    let state = try JSON.parse(json.stdout)
    // The canonical URL applied, then the state as `deeplink state --json` shows it.
    #expect(state.objectValue?.map(\.key) == ["applied", "path", "overrides", "screen"])
    #expect(state["applied"]?.stringValue == route.url)
    #expect(state["screen"]?.stringValue == result.stdout)
    #expect(JSON.object(state.objectValue?.filter { $0.key != "applied" } ?? []) == (try app.state()))

    #expect(try Command.deeplink(["url"] + route.arguments).stdout == route.url + "\n")
    let applied = app.stopAndReadAppliedLines()
    #expect(applied.suffix(2).map { $0.hasPrefix("applied \(route.url) → ") } == [true, true], "\(applied)")
  }

  /// The JSON shapes of a state (docs/wire-protocol.md), exactly.
  @Test(arguments: [
    (["recipe", "--id", "42"], #"[{"destination":"recipe","id":42}]"#, "{}"),
    (
      ["recipe-edit", "--id", "42"],
      #"[{"destination":"recipe","id":42},{"destination":"recipe-edit","id":42,"unsaved":false}]"#, "{}"
    ),
    (
      ["recipe-edit", "--id", "7", "--unsaved"],
      #"[{"destination":"recipe","id":7},{"destination":"recipe-edit","id":7,"unsaved":true}]"#, "{}"
    ),
    (["login-error"], #"[{"destination":"login"}]"#, #"{"loginError":"Invalid credentials"}"#),
    (
      ["login-error", "--message", "Account locked"], #"[{"destination":"login"}]"#,
      #"{"loginError":"Account locked"}"#
    ),
    (["recipe-empty"], #"[{"destination":"recipes"}]"#, #"{"emptyRecipeList":true}"#),
    (["recipe-error"], #"[{"destination":"recipes"}]"#, #"{"networkError":true}"#),
    (["profile", "--id", "123"], #"[{"destination":"profile","id":"123"}]"#, "{}"),
    (["reset"], rootPath, noOverrides),
  ])
  func printsTheStateAsJSON(_ arguments: [String], path: String, overrides: String) throws {
    try withApp { app in
      let result = try app.deeplink(arguments + ["--json"])
      #expect(result.status == 0, "\(result)")
      let state = try JSON.parse(result.stdout)
      #expect(state["path"]?.serialized == path)
      #expect(state["overrides"]?.serialized == overrides)
      #expect(state["screen"]?.stringValue?.isEmpty == false)
    }
  }

  @Test func aLinkDescribesTheWholeStateSoOverridesDoNotLeak() throws {
    try withApp { app in
      for arguments in [["login-error"], ["recipe-empty"], ["recipe-error"], ["favorites-empty"]] {
        #expect(try app.deeplink(arguments).status == 0)
        let state = try JSON.parse(try app.deeplink("recipe", "--id", "3", "--json").stdout)
        #expect(state["path"]?.serialized == #"[{"destination":"recipe","id":3}]"#)
        #expect(state["overrides"]?.serialized == noOverrides, "after \(arguments)")
      }
      let first = try app.deeplink("recipe-edit", "--id", "42")
      #expect(try app.deeplink("login-error").status == 0)
      #expect(try app.deeplink("recipe-edit", "--id", "42").stdout == first.stdout)
    }
  }

  @Test func aRecipeThatDoesNotExistShowsItsNotFoundStateAndIsNotAnError() throws {
    try withApp { app in
      let result = try app.deeplink("recipe", "--id", "9999")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout == (try checkedInFile("RecipeSampleAppTests/Golden/recipe-9999.txt")))
    }
  }

  @Test func urlPrintsTheLinkWithoutAnApp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Command.deeplink(
      "url", "recipe", "--id", "42", environment: ["DEEPLINK_SOCKET": directory.file("nobody.sock")])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "debug://recipe?id=42\n")
    #expect(result.stderr == "")
    let json = try Command.deeplink("url", "login-error", "--message", "Bad password", "--json")
    #expect(json.stdout == #"{"url":"debug://login-error?message=Bad%20password"}"# + "\n")
  }

  @Test func openSendsARawURL() throws {
    try withApp { app in
      let result = try app.deeplink("open", "debug://recipe-edit?id=7&unsaved=true")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout == (try app.screen()))
      #expect(
        try app.state()["path"]?.serialized
          == #"[{"destination":"recipe","id":7},{"destination":"recipe-edit","id":7,"unsaved":true}]"#)
      #expect(
        app.stopAndReadAppliedLines().map { $0.hasPrefix("applied debug://recipe-edit?id=7") } == [true])
    }
  }

  @Test(arguments: [
    "debug://recipe?id=abc", "debug://recipee?id=1", "https://example.com/recipe?id=1", "not a url",
    "debug://recipe", "debug://settings?theme=dark",
  ])
  func openWithABadURLExits64AndSendsNothing(_ url: String) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    #expect(try app.deeplink("settings").status == 0)
    let result = try app.deeplink("open", url)
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("deeplink: error: "), "\(result)")
    #expect(try app.state()["path"]?.serialized == #"[{"destination":"settings"}]"#)
    #expect(app.stopAndReadAppliedLines().count == 1)
  }
}
