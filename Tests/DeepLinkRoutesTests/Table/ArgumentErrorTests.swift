import DeepLinkRoutes
import Testing

/// The sentence for each argument error, as a URL names it (`id`) and as a command line names
/// it (`--id`).
@Suite("Argument error messages")
struct ArgumentErrorTests {
  struct MessageCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let error: ArgumentError
    let url: String
    let commandLine: String

    init(_ name: String, _ error: ArgumentError, url: String, commandLine: String) {
      self.testDescription = name
      self.error = error
      self.url = url
      self.commandLine = commandLine
    }
  }

  static let cases: [MessageCase] = [
    MessageCase(
      "unknown, with a suggestion",
      .unknownParameter("idd", route: "recipe", suggestion: "id", known: ["id"]),
      url: "unknown parameter 'idd' for recipe — did you mean 'id'?",
      commandLine: "unknown option '--idd' for recipe — did you mean '--id'?"),
    MessageCase(
      "unknown, listing the known ones",
      .unknownParameter("color", route: "recipe-edit", suggestion: nil, known: ["id", "unsaved"]),
      url: "unknown parameter 'color'; recipe-edit takes id, unsaved",
      commandLine: "unknown option '--color'; recipe-edit takes --id, --unsaved"),
    MessageCase(
      "unknown, for a route without parameters",
      .unknownParameter("x", route: "settings", suggestion: nil, known: []),
      url: "unknown parameter 'x'; settings takes none",
      commandLine: "unknown option '--x'; settings takes none"),
    MessageCase(
      "missing", .missingParameter("id", route: "recipe"), url: "recipe requires id",
      commandLine: "recipe requires --id"),
    MessageCase(
      "given twice", .duplicateParameter("id"), url: "id is given twice; give it once",
      commandLine: "--id is given twice; give it once"),
    MessageCase(
      "without a value", .missingValue("id"), url: "id needs a value", commandLine: "--id needs a value"),
    MessageCase(
      "of the wrong type", .invalidValue("id", .notAnInteger("abc")), url: "id expects an integer, got 'abc'",
      commandLine: "--id expects an integer, got 'abc'"),
  ]

  @Test("names the parameter the way the user wrote it", arguments: cases)
  func message(_ example: MessageCase) {
    #expect(example.error.message(prefix: "") == example.url)
    #expect(example.error.message(prefix: "--") == example.commandLine)
  }

  @Test("a link error carries the argument error's URL message")
  func throughLinkError() {
    let error = ArgumentError.missingValue("id")
    #expect(LinkError.argument(error).message == error.message(prefix: ""))
  }
}
