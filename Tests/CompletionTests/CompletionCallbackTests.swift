import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand
@testable import DeepLinkWire

@Suite struct CompletionCallbackTests {
  typealias Value = CompletionCallback.Value
  let table = RouteTable.recipeSample

  func lines(_ arguments: [String], _ values: [Value]) -> [String] {
    CompletionCallback.lines(arguments, table: table) { _ in values }
  }

  @Test func query() {
    #expect(
      CompletionCallback.query(["values", "recipe", "id"], table: table)
        == .init(route: "recipe", parameter: "id", socket: nil))
    #expect(
      CompletionCallback.query(["values", "profile", "id", "/tmp/a b.sock"], table: table)
        == .init(route: "profile", parameter: "id", socket: "/tmp/a b.sock"))
    #expect(CompletionCallback.query(["values", "recipe", "id", ""], table: table)?.socket == nil)
  }

  @Test(
    "wrong arguments ask nothing and print nothing",
    arguments: [
      [], ["values"], ["values", "recipe"], ["values", "recipee", "id"], ["values", "recipe", "title"],
      ["values", "recipes", "sort"], ["values", "recipe-edit", "unsaved"], ["other", "recipe", "id"],
      ["values", "recipe", "id", "s", "extra"],
    ])
  func wrongArguments(_ arguments: [String]) {
    var asked = false
    let lines = CompletionCallback.lines(arguments, table: table) { _ in
      asked = true
      return [Value("1", "x")]
    }
    #expect(lines.isEmpty && !asked)
  }

  @Test func valueAndDescriptionPerLine() {
    #expect(
      lines(
        ["values", "recipe", "id"], [Value("5", "Chili $(Extra Hot)"), Value("6", "`Backtick` Brownies")])
        == ["5\tChili $(Extra Hot)", "6\t`Backtick` Brownies"])
  }

  @Test func integerParametersOnlyGetIntegersInRange() {
    let values = [
      Value("1", "a"), Value("$(touch /tmp/pwned)", "b"), Value("0", "c"), Value("1000000", "d"),
      Value("x", "e"),
      Value("1", "again"), Value("", "empty"), Value("42", "f"),
    ]
    #expect(lines(["values", "recipe", "id"], values) == ["1\ta", "42\tf"])
  }

  @Test func stringValuesWithControlCharactersAreDropped() {
    let values = [
      Value("alan", "Alan"), Value("a\nb", "newline"), Value("a\tb", "tab"), Value("\u{1B}[31m", "escape"),
      Value("$(touch /tmp/pwned)", "kept: the shells quote it"),
    ]
    #expect(
      lines(["values", "profile", "id"], values) == [
        "alan\tAlan", "$(touch /tmp/pwned)\tkept: the shells quote it",
      ])
  }

  /// Duplicates go by bytes, not by `String`'s canonical equivalence: a precomposed `é` and
  /// `e` with a combining accent are two values (two different URLs); the same bytes twice
  /// are one.
  @Test func canonicallyEquivalentValuesAreBothOffered() {
    let values = [
      Value("caf\u{E9}", "precomposed"), Value("cafe\u{301}", "combining"), Value("caf\u{E9}", "again"),
    ]
    #expect(
      lines(["values", "profile", "id"], values).map { Array($0.utf8) }
        == ["caf\u{E9}\tprecomposed", "cafe\u{301}\tcombining"].map { Array($0.utf8) })
  }

  @Test func descriptionsAreOneTidyLine() {
    #expect(CompletionCallback.description("Two\nlines\tand\u{1B}[1m  bold ") == "Two lines and [1m bold")
    let long = String(repeating: "x", count: 200)
    #expect(CompletionCallback.description(long).count == CompletionCallback.maximumDescriptionLength)
    #expect(CompletionCallback.description(long).hasSuffix("…"))
  }

  /// A summary as the tool writes them (printable ASCII, single spaces) is kept whole up to
  /// the limit and cut one character before it past it, at any length; any other text is tidied
  /// first, then cut the same way.
  @Test func descriptionsAreCutAtTheLimitWhateverTheirText() {
    let limit = CompletionCallback.maximumDescriptionLength
    for length in [1, 2, limit - 1, limit, limit + 1, limit + 2, 200] {
      let words = String(repeating: "ab ", count: length).prefix(length)
      let plain = words.hasSuffix(" ") ? String(words.dropLast()) + "c" : String(words)
      let expected = plain.count <= limit ? plain : String(plain.prefix(limit - 1)) + "…"
      #expect(CompletionCallback.description(plain) == expected, "length \(length)")
      for untidy in [plain.replacingSpaces("  "), " " + plain.replacingSpaces(" \n ") + "\t"] {
        #expect(CompletionCallback.description(untidy) == expected, "length \(length)")
      }
    }
    #expect(CompletionCallback.description("caf\u{E9} au lait") == "caf\u{E9} au lait")
    #expect(CompletionCallback.description("\u{7F}x") == " x".dropFirst())
  }

  @Test func atMostMaximumCount() {
    let values = (1...5000).map { Value(String($0), "") }
    #expect(lines(["values", "recipe", "id"], values).count == CompletionCallback.maximumCount)
  }

  @Test func replies() {
    let ok =
      #"{"ok":true,"version":"x","values":[{"value":"1","description":"Shakshuka"},{"value":"2"},{"x":1}]}"#
    #expect(
      CompletionCallback.values(fromReply: Array(ok.utf8)) == [Value("1", "Shakshuka"), Value("2", "")])
    for bad in [#"{"ok":false,"values":[{"value":"1"}]}"#, "not json", #"{"ok":true}"#, ""] {
      #expect(CompletionCallback.values(fromReply: Array(bad.utf8)).isEmpty)
    }
  }

  @Test func tilde() {
    #expect(CompletionCallback.expandingTilde("~/app.sock", home: "/home/u") == "/home/u/app.sock")
    #expect(CompletionCallback.expandingTilde("~/app.sock", home: "/home/u/") == "/home/u/app.sock")
    #expect(CompletionCallback.expandingTilde("~", home: "/home/u") == "/home/u")
    #expect(CompletionCallback.expandingTilde("~bob/x", home: "/home/u") == "~bob/x")
    #expect(CompletionCallback.expandingTilde("~/x", home: nil) == "~/x")
    // `/` followed by a combining mark is one `Character`, still a slash.
    #expect(CompletionCallback.expandingTilde("~/\u{0301}x", home: "/home/u") == "/home/u/\u{0301}x")
  }

  @Test("with no app the callback prints nothing and exits 0")
  func noApp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Command.deeplink(
      "__complete", "values", "recipe", "id",
      environment: ["DEEPLINK_SOCKET": directory.file("none.sock"), "XDG_RUNTIME_DIR": directory.path])
    #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
  }

  /// A Tab must not hang on an app that accepts the connection and never answers: the
  /// callback gives up when its budget is spent, not before (so it did wait for the app), and
  /// prints nothing.
  @Test("an app that never answers gets the budget, then nothing is printed")
  func silentApp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("silent.sock")
    let listener = try UnixSocket.makeStream()
    defer { listener.close() }
    try UnixSocket.bind(listener, to: path)
    try UnixSocket.listen(listener, backlog: 8)
    let start = ContinuousClock.now
    let result = try Command.deeplink(
      "__complete", "values", "recipe", "id",
      environment: ["DEEPLINK_SOCKET": path, "DEEPLINK_COMPLETION_TIMEOUT_MS": "400"])
    let elapsed = ContinuousClock.now - start
    #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
    #expect(elapsed >= .milliseconds(400), "gave up after \(elapsed), before its budget")
  }

  @Test("the budget comes from DEEPLINK_COMPLETION_TIMEOUT_MS when it is a whole number of milliseconds")
  func budget() {
    #expect(CompletionCallback.budget(nil, default: 150) == 150)
    #expect(CompletionCallback.budget("250", default: 150) == 250)
    #expect(CompletionCallback.budget("600000", default: 500) == 600_000)
    for ignored in ["", "0", "600001", "-5", " 5", "5 ", "1e3", "abc", "0x10", "9999999999999999999999"] {
      #expect(CompletionCallback.budget(ignored, default: 150) == 150, "\(ignored)")
    }
  }

  @Test("with an app the callback prints its values")
  func withApp() throws {
    let app = try RunningApp.start()
    defer { ShellCompletionTests.stop(app) }
    let result = try Command.deeplink(
      "__complete", "values", "recipe", "id", app.socket,
      environment: ["DEEPLINK_COMPLETION_TIMEOUT_MS": String(Patience.milliseconds)])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(result.stdout.hasPrefix("1\t"))
    #expect(result.stdout.contains("\tChili $(Extra Hot)\n"))
  }

  /// A `~/` socket on the line being completed is the real binary's `$HOME/…`: `HOME` must be
  /// among the variables `deeplink` copies from its environment.
  @Test("the callback expands ~/ in the socket from HOME")
  func tildeSocketWithApp() throws {
    let app = try RunningApp.start()
    defer { ShellCompletionTests.stop(app) }
    #expect(app.socket == app.directory.file("app.sock"))
    let result = try Command.deeplink(
      "__complete", "values", "recipe", "id", "~/app.sock",
      environment: [
        "HOME": app.directory.path, "DEEPLINK_COMPLETION_TIMEOUT_MS": String(Patience.milliseconds),
      ])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(result.stdout.hasPrefix("1\t"), "\(result)")
    #expect(result.stdout.contains("\tChili $(Extra Hot)\n"))
  }

  @Test func deeplinkReadsEveryVariableTheCallbackReads() {
    let names = ToolEnvironment.variables.map(\.name)
    #expect(CompletionCallback.environmentVariables.allSatisfy { names.contains($0.name) })
    #expect(names.contains("HOME"))
  }
}

extension String {
  /// The text with every space replaced by `spaces`.
  fileprivate func replacingSpaces(_ spaces: String) -> String {
    split(separator: " ", omittingEmptySubsequences: false).joined(separator: spaces)
  }
}
