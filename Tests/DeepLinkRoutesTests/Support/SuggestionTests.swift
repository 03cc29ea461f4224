import DeepLinkRoutes
import Testing

/// "Did you mean …?": the closest candidate, when one is close enough to be a typo.
@Suite("Suggestions")
struct SuggestionTests {
  struct SuggestionCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let input: String
    let candidates: [String]
    let suggestion: String?

    init(_ name: String, _ input: String, _ candidates: [String], _ suggestion: String?) {
      self.testDescription = name
      self.input = input
      self.candidates = candidates
      self.suggestion = suggestion
    }
  }

  static let routes = ["settings", "profile", "recipes", "recipe", "recipe-edit", "login", "login-error"]

  static let cases: [SuggestionCase] = [
    SuggestionCase("one letter too many", "recipee", routes, "recipe"),
    SuggestionCase("one letter missing", "setings", routes, "settings"),
    SuggestionCase("one letter wrong", "profole", routes, "profile"),
    SuggestionCase("two letters swapped count as one edit", "recpie", routes, "recipe"),
    SuggestionCase("input in capitals", "RECIPEE", routes, "recipe"),
    SuggestionCase("an exact match in capitals", "LOGIN", routes, "login"),
    SuggestionCase("a prefix of three letters or more", "rec", routes, "recipes"),
    SuggestionCase("a prefix of a long name", "login-e", routes, "login-error"),
    SuggestionCase("an exact match wins over an earlier prefix", "recipe", routes, "recipe"),
    SuggestionCase(
      "a tie goes to a name the input starts with", "recipee", ["recipes", "recipe"], "recipe"),
    SuggestionCase(
      "a tie goes to a name the input starts with, longer", "settingsxy", ["settingxyz", "settings"],
      "settings"),
    SuggestionCase("other ties go to the earlier candidate", "cat", ["bat", "cab", "cot"], "bat"),
    SuggestionCase("a later, closer candidate wins", "nme", ["newest", "name"], "name"),
    SuggestionCase("a short name allows one edit", "idd", ["id"], "id"),
    SuggestionCase("a short name does not allow two", "xyz", ["id"], nil),
    SuggestionCase("a long name allows three edits", "recipe-editxyz", ["recipe-edit"], "recipe-edit"),
    SuggestionCase("never more than three edits", "recipe-editwxyz", ["recipe-edit"], nil),
    SuggestionCase("nothing close", "zzzzzz", routes, nil),
    SuggestionCase("no candidates", "recipe", [], nil),
    SuggestionCase("the empty input", "", ["id", "message"], nil),
  ]

  @Test("suggests the closest candidate when it is close enough", arguments: cases)
  func closest(_ example: SuggestionCase) {
    #expect(Suggestion.closest(to: example.input, in: example.candidates) == example.suggestion)
  }

  @Test("takes any sequence of candidates, lazily")
  func lazySequence() {
    #expect(Suggestion.closest(to: "recipee", in: Self.routes.lazy.map { $0 }) == "recipe")
  }
}
