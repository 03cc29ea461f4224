import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deeplink batch [FILE|-]`: a CI scenario in one process, checked before anything is sent.
@Suite("deeplink batch")
struct BatchCommandTests {
  static let scenario = """
    # Drive the app through three screens.

    settings
    debug://recipe?id=42
      recipe-edit --id 42 --unsaved   

    """

  static let appliedURLs = [
    "debug://settings", "debug://recipe?id=42", "debug://recipe-edit?id=42&unsaved=true",
  ]

  /// What `batch` prints for `scenario`: per step, a header naming its line and URL, then
  /// the screen the app showed after that step.
  static func expectedOutput(screens: [String]) -> String {
    zip(zip([3, 4, 5], appliedURLs), screens).map { "» line \($0.0): \($0.1)\n\($1)\n" }.joined()
  }

  @Test func runsAFileSkippingCommentsAndBlankLines() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let file = app.directory.file("scenario.txt")
    try Self.scenario.write(toFile: file, atomically: true, encoding: .utf8)

    let result = try app.deeplink("batch", file)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    let screens = try [
      checkedInFile("RecipeSampleAppTests/Golden/settings.txt"),
      checkedInFile("RecipeSampleAppTests/Golden/recipe-42.txt"),
      checkedInFile("RecipeSampleAppTests/Golden/recipe-edit-42-unsaved.txt"),
    ]
    #expect(result.stdout == Self.expectedOutput(screens: screens))
    #expect(try app.screen() == screens[2])
    #expect(
      app.stopAndReadAppliedLines().map { $0.split(separator: " ")[1] }
        == Self.appliedURLs[...].map { Substring($0) })
  }

  @Test(arguments: [["batch", "-"], ["batch"]])
  func readsStandardInput(_ arguments: [String]) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let result = try app.deeplink(arguments, input: Self.scenario)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.components(separatedBy: "» line ").count == 4, "\(result)")
    #expect(app.stopAndReadAppliedLines().count == 3)
  }

  @Test func jsonPrintsOneStatePerLine() throws {
    try withApp { app in
      let result = try app.deeplink(["batch", "--json"], input: Self.scenario)
      #expect(result.status == 0, "\(result)")
      let lines = result.stdout.split(separator: "\n")
      #expect(lines.count == 3)
      let paths = try lines.map { try JSON.parse(String($0))["path"]?.serialized }
      #expect(
        paths == [
          #"[{"destination":"settings"}]"#, #"[{"destination":"recipe","id":42}]"#,
          #"[{"destination":"recipe","id":42},{"destination":"recipe-edit","id":42,"unsaved":true}]"#,
        ])
      // Each line: its batch line number, the canonical URL applied, then the state.
      let last = try JSON.parse(String(lines[2]))
      #expect(last.objectValue?.map(\.key) == ["line", "applied", "path", "overrides", "screen"])
      #expect(try lines.map { try JSON.parse(String($0))["line"]?.intValue } == [3, 4, 5])
      #expect(try lines.map { try JSON.parse(String($0))["applied"]?.stringValue } == Self.appliedURLs)
      #expect(
        JSON.object(last.objectValue?.filter { !["line", "applied"].contains($0.key) } ?? [])
          == (try app.state()))
    }
  }

  @Test func quietPrintsNothing() throws {
    try withApp { app in
      let result = try app.deeplink(["batch", "--quiet"], input: Self.scenario)
      #expect(result.status == 0)
      #expect(result.stdout == "")
      #expect(result.stderr == "")
      #expect(try app.state()["path"]?.arrayValue?.count == 2)
    }
  }

  /// Windows line ends (CRLF) read like Unix ones.
  @Test func readsCRLFFiles() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let file = app.directory.file("crlf.txt")
    try Data("# CRLF\r\nsettings\r\nrecipe --id 42\r\n".utf8).write(to: URL(fileURLWithPath: file))
    let result = try app.deeplink("batch", file, "--quiet")
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(
      app.stopAndReadAppliedLines().map { $0.split(separator: " ")[1] } == [
        "debug://settings", "debug://recipe?id=42",
      ])
  }

  /// A batch with nothing to send (blank lines and comments only, or nothing at all) is a
  /// usage error, like a bare `deeplink`: an empty scenario is a mistake, never a green step.
  @Test(arguments: ["", "\n", "# nothing yet\n\n   \r\n"])
  func anEmptyBatchIsAUsageError(_ input: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Command.deeplink(["batch", "--socket", directory.file("app.sock")], input: input)
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "deeplink: error: standard input holds no link (only blank lines and comments); give at least one\n"
    )
  }

  /// An endless or huge input is refused at 16 MiB instead of filling memory.
  @Test func anEndlessInputIsRefusedAtTheLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Command.deeplink(["batch", "/dev/zero", "--socket", directory.file("app.sock")])
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr == "deeplink: error: cannot read /dev/zero: it is larger than 16 MiB\n")
  }

  /// A byte order mark at the start of a file (Windows editors) is not part of the first link.
  @Test func aByteOrderMarkIsSkipped() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let result = try app.deeplink(["batch", "--quiet"], input: "\u{FEFF}settings\n")
    #expect(result.status == 0, "\(result)")
    #expect(try app.state()["path"] == .array([.object([("destination", .string("settings"))])]))
  }

  /// A line that is not UTF-8 is a usage error naming that line; nothing is sent.
  @Test func aLineThatIsNotUTF8IsNamedByNumber() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let file = app.directory.file("latin1.txt")
    var bytes = Array("settings\r\n# caf".utf8)
    bytes += [0xE9, 0x0D, 0x0A] + Array("login\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let result = try app.deeplink("batch", file)
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr == "deeplink: error: line 2: the line is not UTF-8 text\n", "\(result)")
    #expect(app.stopAndReadAppliedLines() == [])
  }

  /// A usage error on line N (after good lines) names line N, exits 64 and applies nothing,
  /// not even the lines before it.
  @Test(arguments: [
    ("recipe --id abc", "line 4: --id expects an integer, got 'abc'"),
    ("recipee --id 1", "line 4: unknown route 'recipee'"),
    ("debug://settings?x=1", "line 4: "),
    ("recipe --id 'unterminated", "line 4: "),
  ])
  func aBadLineExits64NamingItAndAppliesNothing(_ bad: String, message: String) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let input = "# setup\nsettings\nrecipe --id 1\n\(bad)\nlogin\n"
    let result = try app.deeplink(["batch"], input: input)
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("deeplink: error: " + message), "\(result)")
    #expect(try app.state()["path"]?.serialized == rootPath)
    #expect(app.stopAndReadAppliedLines() == [])
  }

  /// A line too long for the app's request limit is a usage error too, found before sending.
  @Test func aLineTooLongForTheAppIsAUsageErrorAndAppliesNothing() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let input = "settings\nlogin-error --message \(String(repeating: "x", count: 70_000))\nlogin\n"
    let result = try app.deeplink(["batch"], input: input)
    #expect(result.status == 64, "exit \(result.status): \(result.stderr)")
    #expect(result.stderr.hasPrefix("deeplink: error: line 2: "), "\(result.stderr)")
    #expect(try app.state()["path"]?.serialized == rootPath)
    #expect(app.stopAndReadAppliedLines() == [])
  }

  @Test func anUnreadableFileExits64() throws {
    try withApp { app in
      let missing = app.directory.file("missing.txt")
      let result = try app.deeplink("batch", missing)
      #expect(result.status == 64, "\(result)")
      #expect(result.stderr.hasPrefix("deeplink: error: cannot read \(missing)"), "\(result)")
    }
  }

  @Test func aBadFileIsReportedEvenWithNoAppListening() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let bad = try Command.deeplink(["batch", "--socket", socket], input: "settings\nrecipe\n")
    #expect(bad.status == 64, "\(bad)")
    #expect(bad.stderr.hasPrefix("deeplink: error: line 2: "), "\(bad)")
    let good = try Command.deeplink(["batch", "--socket", socket], input: "settings\n")
    #expect(good.status == 69, "\(good)")
  }

  /// A runtime failure (here a time-out: the app is paused) stops the batch at that line with
  /// that failure's code; the lines after it are never sent.
  @Test func aRuntimeFailureStopsAtItsLine() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    app.send(SIGSTOP)
    let result = try app.deeplink(["batch", "--timeout", "0.5"], input: "# paused\nsettings\nlogin\n")
    app.send(SIGCONT)
    #expect(result.status == 75, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("deeplink: error: line 2: "), "\(result)")
    #expect(try app.deeplink("favorites").status == 0)
    #expect(app.stopAndReadAppliedLines().map { $0.hasPrefix("applied debug://favorites ") } == [true])
  }
}
