import Foundation
import TestSupport
import Testing

@testable import DeepLinkCommand

/// The quoting proof: whatever the arguments hold, the URL the app receives on Android is byte
/// for byte the URL `deeplink url` prints. The stand-in adb joins its shell words with spaces
/// as AOSP's client does and a real `sh -c` parses the string as the device's shell would, so
/// a quoting mistake shows up as a different `-d` argument, extra arguments, or a command that
/// ran.
@Suite("Android quoting, property")
struct AndroidQuotingPropertyTests {
  /// Pieces a hostile value is made of: quotes, separators, substitutions, globs, spaces,
  /// non-ASCII.
  static let fragments = [
    "'", "\"", "&", "&&", ";", "|", "$(touch pwned)", "`touch pwned`", "${HOME}", "$1", " ", "  ",
    "\\", "\\'", "'\\''", "*", "?", "[a]", "~", "#", "%20", "%", "!", "<", ">", "(", ")", "{", "}",
    "é", "日本", "🙂", "a", "B", "42", "=", "+", ",", "/", ":", "@",
  ]

  static func hostileValue(_ random: inout SplitMix64) -> String {
    // A leading letter: a value starting with '-' would be read as an option.
    "x"
      + (0..<random.int(in: 1...6)).map { _ in fragments[random.int(in: 0...(fragments.count - 1))] }.joined()
  }

  /// Route command lines whose URLs carry `&` (two query items), `?`, `=` and whatever the
  /// hostile values leave unescaped.
  static func routeArguments(_ random: inout SplitMix64) -> [String] {
    switch random.int(in: 0...3) {
    case 0: ["login-error", "--message", hostileValue(&random)]
    case 1: ["profile", "--id", hostileValue(&random)]
    case 2:
      ["recipe-edit", "--id", String(random.int(in: 1...999_999))]
        + (random.int(in: 0...1) == 1 ? ["--unsaved"] : [])
    default: ["recipes", "--sort", ["name", "newest", "rating"][random.int(in: 0...2)]]
    }
  }

  @Test func theAppReceivesExactlyTheURLThatDeeplinkURLPrints() throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    var random = SplitMix64(seed: 0x1234_5678)
    for _ in 0..<40 {
      let arguments = Self.routeArguments(&random)
      let printed = try Command.deeplink(["url"] + arguments)
      #expect(printed.status == 0, "\(printed)")
      let url = String(printed.stdout.dropLast())
      let sent = try world.deeplink(
        ["--target", "android"] + arguments, environment: ["STANDIN_ANDROID_SCHEMES": "debug"])
      #expect(sent.status == 0, "\(arguments): \(sent)")
      let received = world.receivedByAm()
      #expect(received?.count == 6, "\(arguments): am got \(received ?? [])")
      #expect(world.urlReceivedByAm().map { Array($0.utf8) } == Array(url.utf8), "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: world.directory.file("pwned")))
  }

  /// The quoting itself, over raw hostile strings (not URL-encoded), through one real `sh`.
  @Test func singleQuotedTextComesBackUnchangedFromARealShell() throws {
    var random = SplitMix64(seed: 99)
    var values = ["", "'", "''", "'\\''", "a b", "$(id)", "`id`", "\n", "\t", "é'日本'🙂"]
    for _ in 0..<300 { values.append(Self.hostileValue(&random) + (random.int(in: 0...3) == 0 ? "\n'" : "")) }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script =
      "cd " + AndroidCommands.singleQuoted(directory.path) + " && printf '%s\\0' "
      + values.map(AndroidCommands.singleQuoted).joined(separator: " ")
    let result = try Command.run("/bin/sh", ["-c", script])
    #expect(result.status == 0, "\(result)")
    let returned = result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(
      String.init)
    #expect(returned == values)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
