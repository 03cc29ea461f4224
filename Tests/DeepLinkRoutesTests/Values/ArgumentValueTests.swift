import DeepLinkRoutes
import Testing

@Suite("Argument values")
struct ArgumentValueTests {
  @Test(
    "are written as text the way a URL or a command line writes them",
    arguments: [
      (ArgumentValue.integer(42), "42"), (.integer(-7), "-7"), (.integer(.min), "-9223372036854775808"),
      (.string("a b&c"), "a b&c"), (.string(""), ""), (.boolean(true), "true"), (.boolean(false), "false"),
    ])
  func text(_ value: ArgumentValue, _ text: String) {
    #expect(value.text == text)
  }

  @Test("an integer and the string of its digits are different values")
  func typed() {
    #expect(ArgumentValue.integer(42) != .string("42"))
    #expect(ArgumentValue.boolean(true) != .string("true"))
  }
}
