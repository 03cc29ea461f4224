import DeepLinkWire
import TestSupport
import Testing

/// `deeplink state` and `deeplink screen`: reading the app without changing it.
@Suite("deeplink state and screen")
struct StateCommandTests {
  @Test func aFreshAppIsAtTheRootWithNoOverrides() throws {
    try withApp { app in
      let root = try checkedInFile("RecipeSampleAppTests/Golden/root.txt")
      let text = try app.deeplink("state")
      #expect(text.status == 0)
      #expect(text.stdout == "path:      root\noverrides: none\n\n" + root)
      let state = try app.state()
      #expect(state.objectValue?.map(\.key) == ["path", "overrides", "screen"])
      #expect(state["path"]?.serialized == rootPath)
      #expect(state["overrides"]?.serialized == noOverrides)
      #expect(state["screen"]?.stringValue == root)
      #expect(try app.screen() == root)
    }
  }

  @Test func stateShowsTheStackAndTheOverrides() throws {
    try withApp { app in
      #expect(try app.deeplink("recipe-edit", "--id", "42", "--unsaved").status == 0)
      let edit = try app.deeplink("state").stdout
      #expect(
        edit.hasPrefix("path:      recipe(id: 42) › recipe-edit(id: 42, unsaved: true)\noverrides: none\n\n"))

      #expect(try app.deeplink("login-error", "--message", "Locked out").status == 0)
      let login = try app.deeplink("state").stdout
      #expect(login.hasPrefix("path:      login\noverrides: loginError: \"Locked out\"\n\nHome › Login\n"))
    }
  }

  @Test func screenJSONIsOneObjectWithTheScreen() throws {
    try withApp { app in
      let applied = try app.deeplink("favorites-empty").stdout
      let result = try app.deeplink("screen", "--json")
      #expect(result.status == 0)
      let json = try JSON.parse(result.stdout)
      #expect(json.objectValue?.map(\.key) == ["screen"])
      #expect(json["screen"]?.stringValue == applied)
    }
  }

  @Test func readingTheStateChangesNothingAndLogsNothing() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    #expect(try app.deeplink("recipes", "--sort", "newest").status == 0)
    let before = try app.state()
    for arguments in [["state"], ["screen"], ["state", "--quiet"], ["screen", "--json"]] {
      let result = try app.deeplink(arguments)
      #expect(result.status == 0)
      #expect(result.stderr == "")
    }
    #expect(try app.deeplink("state", "--quiet").stdout == "")
    #expect(try app.state() == before)
    #expect(app.stopAndReadAppliedLines().count == 1)
  }
}
