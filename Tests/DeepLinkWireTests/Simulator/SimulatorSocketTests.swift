import DeepLinkWire
import Testing

@Suite struct SimulatorSocketTests {
  static let udid = "5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D"

  /// FNV-1a 64 vectors: the offset basis for no bytes, and values computed independently
  /// (Python, the same constants) for the rest.
  @Test(arguments: [
    ("", "cbf29ce484222325"),
    ("a", "af63dc4c8601ec8c"),
    ("5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D\u{0}com.example.recipes", "4b3418d71b575643"),
  ])
  func hashesAsFNV1a64InSixteenHexDigits(_ text: String, _ expected: String) {
    #expect(SimulatorSocket.hashHex(text) == expected)
  }

  @Test func thePathIsTheUsersDirectoryInTmpAndTheHash() {
    #expect(
      SimulatorSocket.path(udid: Self.udid, bundleID: "com.example.Recipes", userID: 501)
        == "/tmp/deeplink-501/4b3418d71b575643.sock")
  }

  @Test func theUDIDsCaseAndTheBundleIDsCaseDoNotMatter() {
    let path = SimulatorSocket.path(udid: Self.udid, bundleID: "com.example.Recipes", userID: 501)
    #expect(
      SimulatorSocket.path(udid: Self.udid.lowercased(), bundleID: "COM.EXAMPLE.RECIPES", userID: 501) == path
    )
  }

  @Test func eachAppOnEachSimulatorHasItsOwnPath() {
    let other = "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0"
    let paths = Set([
      SimulatorSocket.path(udid: Self.udid, bundleID: "com.example.a", userID: 501),
      SimulatorSocket.path(udid: Self.udid, bundleID: "com.example.b", userID: 501),
      SimulatorSocket.path(udid: other, bundleID: "com.example.a", userID: 501),
      SimulatorSocket.path(udid: other, bundleID: "com.example.b", userID: 501),
      SimulatorSocket.path(udid: Self.udid, bundleID: "com.example.a", userID: 502),
    ])
    #expect(paths.count == 5)
  }

  /// macOS's `sun_path` holds 104 bytes: the path fits for any UDID and bundle id, never cut.
  @Test func aLongBundleIDAndTheLargestUIDStillFitMacOSsSunPath() throws {
    let bundleID = "com." + String(repeating: "a", count: 196)
    #expect(bundleID.utf8.count == 200)
    let path = SimulatorSocket.path(
      udid: Self.udid + String(repeating: "F", count: 300), bundleID: bundleID, userID: .max)
    #expect(path.utf8.count == "/tmp/deeplink-4294967295/".utf8.count + 16 + ".sock".utf8.count)
    #expect(path.utf8.count <= 103)
    try SocketPath.validate(path)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let explicit: String?
    let bundleID: String?
    let environment: [String: String]
    let expected: String
    var testDescription: String { name }
  }

  static let simulatorPath = "/tmp/deeplink-501/4b3418d71b575643.sock"
  static let cases: [Case] = [
    Case(
      name: "on a simulator with a bundle id", explicit: nil, bundleID: "com.example.Recipes",
      environment: ["SIMULATOR_UDID": udid, "XDG_RUNTIME_DIR": "/run/user/501"], expected: simulatorPath),
    Case(
      name: "--socket wins", explicit: "/x/flag.sock", bundleID: "com.example.Recipes",
      environment: ["SIMULATOR_UDID": udid], expected: "/x/flag.sock"),
    Case(
      name: "DEEPLINK_SOCKET wins", explicit: nil, bundleID: "com.example.Recipes",
      environment: ["SIMULATOR_UDID": udid, "DEEPLINK_SOCKET": "/x/env.sock"], expected: "/x/env.sock"),
    Case(
      name: "no bundle id: as before", explicit: nil, bundleID: nil, environment: ["SIMULATOR_UDID": udid],
      expected: "/tmp/deeplink-501/app.sock"),
    Case(
      name: "no simulator: as before", explicit: nil, bundleID: "com.example.Recipes",
      environment: ["XDG_RUNTIME_DIR": "/run/user/501"], expected: "/run/user/501/deeplink/app.sock"),
    Case(
      name: "an empty SIMULATOR_UDID counts as unset", explicit: nil, bundleID: "com.example.Recipes",
      environment: ["SIMULATOR_UDID": ""], expected: "/tmp/deeplink-501/app.sock"),
  ]

  @Test(arguments: cases)
  func theAgentsPath(_ c: Case) {
    #expect(
      SimulatorSocket.agentPath(
        explicit: c.explicit, bundleID: c.bundleID, environmentValue: { c.environment[$0] }, userID: 501)
        == c.expected)
  }
}

@Suite struct BundleIdentifierTests {
  @Test(arguments: ["com.example.Recipes", "a", "com.example.my-app2", "A-1.b-2"])
  func accepts(_ text: String) throws {
    try BundleIdentifier.validate(text)
  }

  @Test(arguments: [
    ("", BundleIdentifierError.empty, "the bundle id is empty"),
    ("com.example app", .invalidCharacter("com.example app", " "), "contains a space"),
    ("com/example", .invalidCharacter("com/example", "/"), "contains '/'"),
    ("com..example", .emptyComponent("com..example"), "has an empty part"),
    (".com.example", .emptyComponent(".com.example"), "has an empty part"),
    ("com.example.", .emptyComponent("com.example."), "has an empty part"),
    ("com.example\n", .invalidCharacter("com.example\n", "\n"), "contains a newline"),
    ("com.exampl\u{e9}", .invalidCharacter("com.exampl\u{e9}", "\u{e9}"), "(U+E9)"),
    ("com_example", .invalidCharacter("com_example", "_"), "contains '_'"),
  ])
  func refusesNamingTheProblem(_ text: String, _ error: BundleIdentifierError, _ words: String) {
    #expect(throws: error) { try BundleIdentifier.validate(text) }
    #expect(error.message.contains(words), "\(error.message)")
    #expect(error.message.contains("ASCII letters, digits, '-' and '.'"), "\(error.message)")
  }
}
