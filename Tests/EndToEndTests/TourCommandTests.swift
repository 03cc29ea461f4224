import DeepLinkRoutes
import DeepLinkWire
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

/// `deeplink tour`: every screen recorded after its acknowledgement, and checked against the
/// recording, through the real binaries.
@Suite("deeplink tour")
struct TourCommandTests {
  /// Every file of `directory` (name and bytes): a recording before and after a check.
  static func contents(of directory: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
      files[name] =
        isDirectory.boolValue ? Data() : try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
    }
    return files
  }

  static func manifest(_ directory: String) throws -> JSON {
    try JSON.parse(String(contentsOfFile: directory + "/tour.json", encoding: .utf8))
  }

  @Test func recordsEveryRouteOnceInTableOrderWithHelpsExample() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let out = app.directory.file("tour")
    let result = try app.deeplink("tour", "--out", out)
    #expect(result.status == 0, "\(result)")
    // stderr is not a terminal here: no progress.
    #expect(result.stderr == "")
    #expect(result.stdout == "recorded 12 screens in \(out); see \(out)/index.html\n")

    let routes = RouteTable.recipeSample.routes.map(\.name)
    let entries = try #require(try Self.manifest(out)["entries"]?.arrayValue)
    #expect(entries.map { $0["name"]?.stringValue } == routes)
    let stems = routes.enumerated().map { String(format: "%02d-", $0.offset + 1) + $0.element }
    #expect(entries.map { $0["screen"]?.stringValue } == stems.map { $0 + ".txt" })
    #expect(entries.map { $0["state"]?.stringValue } == stems.map { $0 + ".json" })
    #expect(entries.allSatisfy { $0["picture"] == nil })
    let recipe = try #require(entries.first { $0["name"]?.stringValue == "recipe" })
    #expect(recipe["url"]?.stringValue == "debug://recipe?id=1")
    #expect(recipe["command"]?.stringValue == "deeplink recipe --id 1")
    // The example is help's own first one.
    #expect(try app.deeplink("help", "recipe").stdout.contains("deeplink recipe --id 1"))

    // Each screen is what the app showed once the link was acknowledged.
    #expect(
      try String(contentsOfFile: out + "/01-settings.txt", encoding: .utf8)
        == checkedInFile("RecipeSampleAppTests/Golden/settings.txt"))
    let state = try JSON.parse(String(contentsOfFile: out + "/05-recipe-edit.json", encoding: .utf8))
    #expect(state["path"]?.arrayValue?.count == 2)
    #expect(
      try Self.contents(of: out).keys.sorted()
        == (stems.flatMap { [$0 + ".json", $0 + ".txt"] } + ["index.html", "tour.json"]).sorted())

    // One link each, in table order, over the app's socket.
    let applied = app.stopAndReadAppliedLines().map { String($0.split(separator: " ")[1]) }
    #expect(applied == entries.compactMap { $0["url"]?.stringValue })
  }

  @Test func aRecordedTourChecksCleanAndTheRecordingIsLeftAlone() throws {
    try withApp { app in
      let recording = app.directory.file("recording")
      #expect(try app.deeplink("tour", "--out", recording).status == 0)
      let before = try Self.contents(of: recording)
      let out = app.directory.file("check")
      let check = try app.deeplink("tour", "--check", recording, "--out", out)
      #expect(check.status == 0, "\(check)")
      #expect(check.stderr == "")
      #expect(
        check.stdout == "all 12 screens match the recording in \(recording); this tour: \(out)/index.html\n")
      #expect(try Self.contents(of: recording) == before)
      // The new tour is a recording of its own, equal to the first.
      #expect(try Self.contents(of: out)["04-recipe.txt"] == before["04-recipe.txt"])

      // Without --out, a new temporary directory, named.
      let again = try app.deeplink("tour", "--check", recording)
      #expect(again.status == 0, "\(again)")
      let named = try #require(
        again.stdout.split(separator: " ").last.map { String($0.dropLast("/index.html\n".count)) })
      #expect(FileManager.default.fileExists(atPath: named + "/tour.json"), "\(again)")
      try? FileManager.default.removeItem(atPath: named)
    }
  }

  @Test func aRecordingEditedByHandIsReportedExactly() throws {
    try withApp { app in
      let recording = app.directory.file("recording")
      #expect(try app.deeplink("tour", "--out", recording).status == 0)
      // One screen changed, one entry deleted (profile), one added (gone).
      let screen = recording + "/04-recipe.txt"
      let text = try String(contentsOfFile: screen, encoding: .utf8)
      try text.replacingOccurrences(of: "Shakshuka", with: "Shakshuka Deluxe").write(
        toFile: screen, atomically: true, encoding: .utf8)
      var manifest = try #require(try Self.manifest(recording).objectValue)
      let index = try #require(manifest.firstIndex { $0.key == "entries" })
      var entries = try #require(manifest[index].value.arrayValue)
      entries.remove(at: 1)
      entries.append(
        .object([
          ("name", .string("gone")), ("url", .string("debug://settings")),
          ("command", .string("deeplink settings")), ("screen", .string("01-settings.txt")),
          ("state", .string("01-settings.json")),
        ]))
      manifest[index].value = .array(entries)
      try (JSON.object(manifest).pretty + "\n").write(
        toFile: recording + "/tour.json", atomically: true, encoding: .utf8)
      let before = try Self.contents(of: recording)

      let out = app.directory.file("check")
      let check = try app.deeplink("tour", "--check", recording, "--out", out)
      #expect(check.status == 1, "\(check)")
      #expect(check.stdout == "")
      #expect(
        check.stderr == """
          deeplink: tour: profile: new, not in the recording
          deeplink: tour: recipe: changed (screen)
          --- \(recording)/04-recipe.txt
          +++ \(out)/04-recipe.txt
          @@ -1,6 +1,6 @@
          -Home › Shakshuka Deluxe
          +Home › Shakshuka
           ────────────────────────────────────────────────
          -Shakshuka Deluxe
          +Shakshuka
           
           Recipe #1 · 30 min · serves 2
           ♥ Favorite
          deeplink: tour: gone: missing, in the recording but not in this tour
          deeplink: error: 3 of 13 entries differ from the recording in \(recording) (1 changed, 1 new, 1 missing); this tour and its report: \(out)/index.html

          """)
      #expect(try Self.contents(of: recording) == before)

      // The page shows the differences first, recorded and current side by side.
      let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
      let differences = try #require(page.range(of: "<h2>Differences</h2>"))
      let screens = try #require(page.range(of: "<h2>Screens</h2>"))
      #expect(differences.upperBound < screens.lowerBound)
      #expect(page.contains("<del>Home › Shakshuka Deluxe</del>"))
      #expect(page.contains("<ins>Home › Shakshuka</ins>"))

      // --json: one line per entry with its status, then the missing one.
      let json = try app.deeplink("tour", "--check", recording, "--out", app.directory.file("json"), "--json")
      #expect(json.status == 1)
      let statuses = try json.stdout.split(separator: "\n").map {
        try JSON.parse(String($0))["status"]?.stringValue ?? "?"
      }
      #expect(
        statuses == ["same", "new", "same", "changed"] + Array(repeating: "same", count: 8) + ["missing"])
      #expect(try JSON.parse(json.stderr)["error"]?["exitCode"]?.intValue == 1)
    }
  }

  @Test func aScenarioInBatchsFormatNamesItsEntries() throws {
    try withApp { app in
      let scenario = app.directory.file("steps.txt")
      try """
      # name: start
      settings

      # name: empty-list
      recipe-empty
      debug://recipe?id=42
      recipe --id 7
      """.write(toFile: scenario, atomically: true, encoding: .utf8)
      let out = app.directory.file("tour")
      let result = try app.deeplink("tour", "--out", out, "--scenario", scenario, "--json")
      #expect(result.status == 0, "\(result)")
      let lines = try result.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
      #expect(lines.map { $0["name"]?.stringValue } == ["start", "empty-list", "recipe", "recipe-2"])
      #expect(lines.map { $0["screen"]?.stringValue }.first == "01-start.txt")
      #expect(try Self.manifest(out)["source"]?.stringValue == "scenario")
    }
  }

  @Test func aWrongScenarioSendsNothingAndWritesNothing() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let scenario = app.directory.file("steps.txt")
    try "settings\nrecipe --id abc\n".write(toFile: scenario, atomically: true, encoding: .utf8)
    let out = app.directory.file("tour")
    let result = try app.deeplink("tour", "--out", out, "--scenario", scenario)
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("deeplink: error: line 2: --id expects an integer, got 'abc'"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(app.stopAndReadAppliedLines() == [])
  }

  @Test func withNoAppNothingIsWritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let out = directory.file("tour")
    let result = try Command.deeplink("tour", "--out", out, "--socket", directory.file("none.sock"))
    #expect(result.status == 69, "\(result)")
    #expect(try Self.contents(of: out).isEmpty)
  }

  /// A recording that is damaged or hostile: a clear message, exit 66, and nothing read or
  /// written outside the directories.
  @Test(arguments: [
    ("not JSON", "{\"format\": 1, \"entries\": [", "tour.json is not JSON (line 1, column 27"),
    ("not a manifest", "[1, 2]", "tour.json is not a tour manifest"),
    (
      "a name climbing out",
      #"{"format":1,"entries":[{"name":"x","url":"debug://settings","command":"c","screen":"../outside.txt","state":"01-settings.json"}]}"#,
      "entry 1: \"screen\" is '../outside.txt', which is not the name of a file in the recording"
    ),
    (
      "an absolute path",
      #"{"format":1,"entries":[{"name":"x","url":"debug://settings","command":"c","screen":"01-settings.txt","state":"/etc/passwd"}]}"#,
      "entry 1: \"state\" is '/etc/passwd', which is not the name of a file in the recording"
    ),
    (
      "a symbolic link",
      #"{"format":1,"entries":[{"name":"x","url":"debug://settings","command":"c","screen":"link.txt","state":"01-settings.json"}]}"#,
      "link.txt: it is a symbolic link; a recording holds plain files"
    ),
    (
      "screenshots without a picture",
      #"{"format":1,"entries":[{"name":"x","url":"debug://settings","command":"c","screen":"01-settings.txt","state":"01-settings.json","screenshots":2}]}"#,
      "entry 1 has \"screenshots\" without a \"picture\""
    ),
    (
      "a settle time that is no number of seconds",
      #"{"format":1,"settleTimeout":-3,"entries":[{"name":"x","url":"debug://settings","command":"c","screen":"01-settings.txt","state":"01-settings.json"}]}"#,
      "tour.json: \"settleTimeout\" is not a number of seconds"
    ),
    (
      "a missing file",
      #"{"format":1,"entries":[{"name":"x","url":"debug://settings","command":"c","screen":"99-gone.txt","state":"01-settings.json"}]}"#,
      "cannot read"
    ),
  ])
  func aHostileRecordingIsRefused(_ name: String, _ manifest: String, _ message: String) throws {
    try withApp { app in
      let recording = app.directory.file("recording")
      #expect(try app.deeplink("tour", "--out", recording).status == 0)
      let outside = app.directory.file("outside.txt")
      try "outside\n".write(toFile: outside, atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: recording + "/link.txt", withDestinationPath: outside)
      try manifest.write(toFile: recording + "/tour.json", atomically: true, encoding: .utf8)
      let before = try Self.contents(of: app.directory.path)
      let out = app.directory.file("check")

      let result = try app.deeplink("tour", "--check", recording, "--out", out)
      #expect(result.status == 66, "\(name): \(result)")
      #expect(result.stderr.contains(message), "\(name): \(result)")
      #expect(result.stdout == "")
      // Refused before anything was sent or made.
      #expect(!FileManager.default.fileExists(atPath: out))
      #expect(try Self.contents(of: app.directory.path).keys.sorted() == before.keys.sorted())
      #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside\n")
    }
  }

  @Test func anOutputInsideTheRecordingIsRefused() throws {
    try withApp { app in
      let recording = app.directory.file("recording")
      #expect(try app.deeplink("tour", "--out", recording).status == 0)
      let before = try Self.contents(of: recording)
      for out in [recording, recording + "/check"] {
        let result = try app.deeplink("tour", "--check", recording, "--out", out)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("which --check never modifies"), "\(result)")
      }
      #expect(try Self.contents(of: recording) == before)
    }
  }

  @Test func recordingAgainReplacesAnEarlierTourButNoOtherFolder() throws {
    try withApp { app in
      let out = app.directory.file("tour")
      #expect(try app.deeplink("tour", "--out", out).status == 0)
      #expect(try app.deeplink("tour", "--out", out).status == 0)
      let other = app.directory.file("other")
      try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
      try "notes\n".write(toFile: other + "/notes.txt", atomically: true, encoding: .utf8)
      let refused = try app.deeplink("tour", "--out", other)
      #expect(refused.status == 64, "\(refused)")
      #expect(refused.stderr.contains("is not empty and holds no earlier tour"))
      #expect(try Self.contents(of: other).keys.sorted() == ["notes.txt"])
    }
  }
}

/// Progress on a terminal: `script` (util-linux) runs `deeplink tour` with a pseudo-terminal as
/// its stdout and stderr, as a shell in a terminal would.
@Suite(
  "deeplink tour on a terminal", .requires("script")
)
struct TourProgressTests {
  static func onATerminal(_ command: [String]) throws -> CommandResult {
    try Command.run(
      try ExternalTool.require("script"),
      ["-q", "-e", "-c", command.map { "'" + $0 + "'" }.joined(separator: " "), "/dev/null"])
  }

  @Test func progressGoesToATerminalUnlessQuiet() throws {
    try withApp { app in
      let deeplink = Command.product("deeplink")
      let shown = try Self.onATerminal([
        deeplink, "tour", "--out", app.directory.file("a"), "--socket", app.socket,
      ])
      #expect(shown.status == 0, "\(shown)")
      let routes = RouteTable.recipeSample.routes.map(\.name)
      let progress = routes.enumerated().map { "[\($0.offset + 1)/\(routes.count)] \($0.element)\r\n" }
        .joined()
      #expect(shown.stdout.hasPrefix(progress), "\(shown)")

      let quiet = try Self.onATerminal([
        deeplink, "tour", "--out", app.directory.file("b"), "--socket", app.socket, "--quiet",
      ])
      #expect(quiet.status == 0, "\(quiet)")
      #expect(quiet.stdout == "", "\(quiet)")
    }
  }
}
