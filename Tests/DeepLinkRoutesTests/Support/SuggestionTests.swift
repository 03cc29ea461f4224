import TestSupport
import Testing

@testable import DeepLinkRoutes

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

  /// The bounded distance is the full one wherever that is within the bound, and `nil`
  /// everywhere else: checked against a plain full-matrix computation written here, on
  /// random pairs over a four-letter alphabet (so that transpositions and near misses are
  /// common).
  @Test("the bounded edit distance agrees with the full one")
  func boundedDistanceAgreesWithTheFullOne() {
    var random = SplitMix64(seed: TestSeed.current)
    for _ in 0..<20_000 {
      let a = (0..<Int.random(in: 0...9, using: &random)).map { _ in
        UInt8.random(in: 97...100, using: &random)
      }
      let b = (0..<Int.random(in: 0...9, using: &random)).map { _ in
        UInt8.random(in: 97...100, using: &random)
      }
      let limit = Int.random(in: 1...3, using: &random)
      let full = Self.fullDistance(a, b)
      #expect(
        Suggestion.editDistance(a, b, atMost: limit) == (full <= limit ? full : nil),
        "\(String(decoding: a, as: UTF8.self)) / \(String(decoding: b, as: UTF8.self)), limit \(limit)")
    }
  }

  /// Optimal string alignment distance over the whole matrix, as the textbook writes it.
  static func fullDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  @Test("takes any sequence of candidates, lazily")
  func lazySequence() {
    #expect(Suggestion.closest(to: "recipee", in: Self.routes.lazy.map { $0 }) == "recipe")
  }
}
