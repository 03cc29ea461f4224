import DeepLinkRoutes
import Testing

/// The declaration helpers: what each kind of parameter is, and whether it is required.
@Suite("Parameters")
struct ParameterTests {
  @Test("an integer without a default is required")
  func requiredInteger() {
    let id = Parameter.integer("id", range: 1...9, help: "Recipe id")
    #expect(id == Parameter(name: "id", type: .integer(range: 1...9), default: nil, help: "Recipe id"))
    #expect(id.isRequired)
  }

  @Test("an integer with a default is optional")
  func optionalInteger() {
    let page = Parameter.integer("page", default: 1, help: "")
    #expect(page.type == .integer(range: nil))
    #expect(page.defaultValue == .integer(1))
    #expect(!page.isRequired)
  }

  @Test("a string is required or defaulted")
  func strings() {
    #expect(Parameter.string("q", help: "").isRequired)
    #expect(Parameter.string("id", default: "current", help: "").defaultValue == .string("current"))
    #expect(Parameter.string("id", default: "", help: "").defaultValue == .string(""))
  }

  @Test("a flag is a boolean, false unless given")
  func flag() {
    let flag = Parameter.flag("unsaved", help: "Unsaved changes")
    #expect(
      flag == Parameter(name: "unsaved", type: .boolean, default: .boolean(false), help: "Unsaved changes"))
    #expect(!flag.isRequired)
  }

  @Test("a choice holds its choices in order, its default as a string")
  func choice() {
    let sort = Parameter.choice("sort", ["name", "newest"], default: "newest", help: "")
    #expect(sort.type == .choice(["name", "newest"]))
    #expect(sort.defaultValue == .string("newest"))
    #expect(Parameter.choice("sort", ["name"], help: "").isRequired)
  }
}
