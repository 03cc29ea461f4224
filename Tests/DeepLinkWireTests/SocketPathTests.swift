import DeepLinkWire
import Foundation
import Testing

@Suite struct SocketPathTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let explicit: String?
    let environment: [String: String]
    let expected: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "flag wins", explicit: "/x/flag.sock",
      environment: ["DEEPLINK_SOCKET": "/x/env.sock", "XDG_RUNTIME_DIR": "/run/user/7"],
      expected: "/x/flag.sock"),
    Case(
      name: "environment variable next", explicit: nil,
      environment: ["DEEPLINK_SOCKET": "/x/env.sock", "XDG_RUNTIME_DIR": "/run/user/7"],
      expected: "/x/env.sock"),
    Case(
      name: "XDG runtime directory", explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/7"],
      expected: "/run/user/7/deeplink/app.sock"),
    Case(
      name: "XDG with trailing slash", explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/7/"],
      expected: "/run/user/7/deeplink/app.sock"),
    Case(name: "tmp fallback", explicit: nil, environment: [:], expected: "/tmp/deeplink-501/app.sock"),
    Case(
      name: "a relative XDG directory is ignored, as the XDG spec says", explicit: nil,
      environment: ["XDG_RUNTIME_DIR": "run/user/7"], expected: "/tmp/deeplink-501/app.sock"),
    Case(
      name: "empty values are unset", explicit: "",
      environment: ["DEEPLINK_SOCKET": "", "XDG_RUNTIME_DIR": ""], expected: "/tmp/deeplink-501/app.sock"),
  ]

  @Test(arguments: cases)
  func resolves(_ example: Case) {
    let path = SocketPath.resolve(explicit: example.explicit, environment: example.environment, userID: 501)
    #expect(path == example.expected)
  }

  @Test func fallbackUsesThisProcessUID() {
    #expect(SocketPath.resolve(explicit: nil, environment: [:]) == "/tmp/deeplink-\(getuid())/app.sock")
  }

  @Test func acceptsThePathAtTheLimit() throws {
    let path = "/" + String(repeating: "a", count: SocketPath.maximumLength - 1)
    try SocketPath.validate(path)
  }

  @Test func rejectsALongPathNamingItsLengthAndTheLimit() {
    let path = "/" + String(repeating: "a", count: SocketPath.maximumLength)
    let limit = SocketPath.maximumLength
    #expect(throws: SocketPathError.tooLong(path: path, length: limit + 1, limit: limit)) {
      try SocketPath.validate(path)
    }
    let message = SocketPathError.tooLong(path: path, length: limit + 1, limit: limit).message
    #expect(message.contains(path))
    #expect(message.contains("\(limit + 1) bytes"))
    #expect(message.contains("at most \(limit) bytes"))
  }

  @Test func countsBytesNotCharacters() {
    let path = "/" + String(repeating: "é", count: 60)  // 121 bytes, 61 characters
    #expect(throws: SocketPathError.self) { try SocketPath.validate(path) }
  }

  @Test func rejectsNULAndEmpty() {
    #expect(throws: SocketPathError.containsNUL(path: "/tmp/a\0b")) { try SocketPath.validate("/tmp/a\0b") }
    #expect(SocketPathError.containsNUL(path: "/tmp/a\0b").message.contains("/tmp/a\\u{0}b"))
    #expect(throws: SocketPathError.empty) { try SocketPath.validate("") }
  }

  @Test(arguments: [
    ("/run/user/1000/deeplink/app.sock", "/run/user/1000/deeplink"),
    ("/app.sock", "/"),
    ("app.sock", "."),
    ("dir//app.sock", "dir"),
    ("relative/dir/app.sock", "relative/dir"),
  ])
  func directoryOfPath(_ path: String, _ directory: String) {
    #expect(SocketPath.directory(of: path) == directory)
  }
}
