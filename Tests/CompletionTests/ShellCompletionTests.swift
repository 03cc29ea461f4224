import DeepLinkCommand
import Foundation
import TestSupport
import Testing

/// The case table, driven through each real shell's completion machinery.
@Suite struct ShellCompletionTests {
  static let appBuilt = FileManager.default.isExecutableFile(atPath: Command.product("deeplink-app"))

  @Test(
    "bash offers what the table says", .enabled(if: appBuilt, "needs the built deeplink-app"),
    arguments: CompletionCase.all)
  func bashOffers(_ testCase: CompletionCase) throws { try Self.check(testCase, in: .bash) }

  @Test("zsh offers what the table says", .requires("zsh"), arguments: CompletionCase.all)
  func zshOffers(_ testCase: CompletionCase) throws { try Self.check(testCase, in: .zsh) }

  @Test("fish offers what the table says", .requires("fish"), arguments: CompletionCase.all)
  func fishOffers(_ testCase: CompletionCase) throws { try Self.check(testCase, in: .fish) }

  @Test(
    "bash offers the same when the table comes from a routes file, asking deeplink",
    .enabled(if: appBuilt, "needs the built deeplink-app"), arguments: CompletionCase.all)
  func bashOffersWithARoutesFile(_ testCase: CompletionCase) throws {
    try Self.withRoutesFile(testCase, in: .bash)
  }

  @Test(
    "zsh offers the same when the table comes from a routes file, asking deeplink", .requires("zsh"),
    arguments: CompletionCase.all)
  func zshOffersWithARoutesFile(_ testCase: CompletionCase) throws {
    try Self.withRoutesFile(testCase, in: .zsh)
  }

  @Test(
    "fish offers the same when the table comes from a routes file, asking deeplink", .requires("fish"),
    arguments: CompletionCase.all)
  func fishOffersWithARoutesFile(_ testCase: CompletionCase) throws {
    try Self.withRoutesFile(testCase, in: .fish)
  }

  /// Runs `testCase` in `shell` with the table exported by `deeplink routes --json` as the
  /// routes file (`DEEPLINK_ROUTES`).
  static func withRoutesFile(_ testCase: CompletionCase, in shell: CompletionShell) throws {
    let exported = try TemporaryDirectory()
    defer { exported.remove() }
    let file = exported.file("sample.routes.json")
    try Command.deeplink("routes", "--json").stdout.write(toFile: file, atomically: true, encoding: .utf8)
    try Self.check(testCase, in: shell, environment: ["DEEPLINK_ROUTES": file])
  }

  /// Runs `testCase` in `shell`, with `environment` on top of what the case sets up.
  static func check(
    _ testCase: CompletionCase, in shell: CompletionShell, environment extra: [String: String] = [:]
  ) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "settings\n".write(toFile: directory.file("steps.deeplinks"), atomically: true, encoding: .utf8)
    try "reset\n".write(toFile: directory.file("more steps.txt"), atomically: true, encoding: .utf8)
    let marker = directory.file("pwned")
    func marked(_ text: String) -> String { text.replacingOccurrences(of: "MARKER", with: marker) }

    var line = testCase.line
    var environment = extra
    var pathFirst: String?
    var app: RunningApp?
    defer { app.map(Self.stop) }
    switch testCase.setup {
    case .plain:
      break
    case .app, .appOnTheLine:
      let running = try RunningApp.start()
      app = running
      line = line.replacingOccurrences(of: "{socket}", with: running.socket)
      if testCase.setup == .app { environment["DEEPLINK_SOCKET"] = running.socket }
      // The app's answer is awaited as long as a hang bound, not the Tab's 150 ms: what is
      // checked is what it offers, on a machine however loaded.
      environment["DEEPLINK_COMPLETION_TIMEOUT_MS"] = String(Patience.milliseconds)
    case .hostileCallback:
      pathFirst = try Self.hostileDeeplink(in: directory, marker: marker)
    case .standInDevices:
      let standIns = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DeviceTests/StandIns").path
      pathFirst = standIns + "/bin"
      try "emulator-5554\tdevice product:sdk_gphone64_x86_64 model:Pixel_7 transport_id:1\n".write(
        toFile: directory.file("adb-devices"), atomically: true, encoding: .utf8)
      environment["STANDIN_ADB_DEVICES"] = directory.file("adb-devices")
    }

    let answer = try ShellDriver.complete(
      line, in: shell, directory: directory, environment: environment, pathFirst: pathFirst)
    #expect(answer.result.status == 0, "\(answer.result)")
    let words = answer.words
    switch testCase.expected {
    case .exactly(let expected):
      #expect(words.sorted() == expected.map(marked).sorted(), "\(answer.offers)")
      #expect(Set(words).count == words.count, "offered twice: \(words)")
    case .including(let included, let excluded):
      for word in included { #expect(words.contains(word), "\(word) missing from \(words)") }
      for word in excluded { #expect(!words.contains(word), "\(word) offered: \(words)") }
    case .nothing:
      #expect(words.isEmpty)
      if shell != .zsh { #expect(answer.result.stdout.isEmpty && answer.result.stderr.isEmpty) }
    }
    if shell != .bash {
      for (word, help) in testCase.help {
        let offer = answer.offers.first(where: { $0.word == marked(word) })
        #expect(offer?.help == marked(help), "\(word) in \(answer.offers)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: marker), "something from the values was run")
  }

  /// Stops `app` with SIGKILL: started from a test-runner thread, the app inherits that
  /// thread's signal mask, SIGTERM included, so `RunningApp.stop()`'s SIGTERM stays pending
  /// and its wait never ends.
  static func stop(_ app: RunningApp) {
    kill(app.process.processIdentifier, SIGKILL)
    app.process.waitForExit()
    app.stop()
  }

  /// A `deeplink` whose callback prints ``CompletionCase/hostileValues``: what the real
  /// callback would print for an app with such user ids. Returns the folder to put first on PATH.
  static func hostileDeeplink(in directory: TemporaryDirectory, marker: String) throws -> String {
    let bin = directory.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let lines = CompletionCase.hostileValues.map {
      ($0.value + "\t" + $0.description).replacingOccurrences(of: "MARKER", with: marker)
    }
    try lines.map { $0 + "\n" }.joined().write(
      toFile: directory.file("values.txt"), atomically: true, encoding: .utf8)
    // Asked `__complete words …` (a routes file in effect), it answers in that form. Written by
    // a child process, so that no child of this one holds it open for writing when a shell runs
    // it (ETXTBSY; TemporaryDirectory.program says why).
    _ = try TemporaryDirectory(existing: bin).program(
      "deeplink",
      "#!/bin/sh\n[ \"$2\" = words ] && printf 'words\\t\\n'\nexec cat '\(directory.file("values.txt"))'\n")
    return bin
  }
}
