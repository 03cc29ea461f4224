import DeepLinkCommand
import Foundation
import TestSupport
import Testing

/// `deeplink.routes.schema.json`, the JSON Schema editors use, against the loader on the same
/// documents: the schema never refuses a file the loader accepts, and refuses every broken
/// file whose fault a schema can express. Checked with Python's `jsonschema` (Draft 2020-12).
@Suite("The routes file's JSON Schema")
struct RoutesSchemaTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  static let schema = repository.appendingPathComponent("deeplink.routes.schema.json").path

  /// Faults only the loader can find: a schema cannot compare a default with a range or the
  /// choices, names across array items, or two numbers; JSON syntax is no schema's business.
  static let loaderOnly: Set<String> = [
    "invalid JSON, with line and column", "JSON that ends early", "a key twice", "duplicate route",
    "duplicate parameter", "default outside the range", "default not a choice", "an empty range",
  ]

  /// Valid documents: the built-in table exported (also with a file's Android package), and
  /// files leaving out optional keys.
  static let valid: [String] = [
    RoutesFormatter.text(.json, table: .recipeSample, tool: .deeplink),
    RoutesFormatter.text(.json, table: .recipeSample, androidPackage: "com.example.recipes", tool: .deeplink),
    #"{"routes": [{"name": "a"}]}"#,
    #"{"$schema": "./deeplink.routes.schema.json", "scheme": "my-app+dev.1", "version": "x", "routes": [{"name": "a-1"}]}"#,
    #"{"android": {"package": "com.example.shop_app"}, "routes": [{"name": "a"}]}"#,
    RoutesFormatter.text(.json, table: .recipeSample, iosBundleID: "com.example.Recipes", tool: .deeplink),
    #"{"ios": {"bundleId": "com.example.Shop-App2"}, "routes": [{"name": "a"}]}"#,
    #"""
    {"routes": [{"name": "item", "help": "Two\nlines", "parameters": [
      {"name": "id", "type": "integer"},
      {"name": "gift", "type": "boolean"},
      {"name": "wrap", "type": "boolean", "required": false},
      {"name": "size", "type": "choice", "choices": ["s", "m"], "default": "m"},
      {"name": "note", "type": "string", "required": false, "default": ""},
      {"name": "n", "type": "integer", "range": {"min": -5, "max": 5}, "default": -5, "required": false},
      {"name": "colorName-2", "type": "string", "default": null, "choices": null, "range": null, "help": null}
    ]}]}
    """#,
  ]

  /// "valid" or "invalid" per document, from `jsonschema`, in order.
  static func schemaVerdicts(_ documents: [String]) throws -> [String] {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var paths: [String] = []
    for (index, document) in documents.enumerated() {
      let path = directory.file("\(index).json")
      try document.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let script = """
      import json, sys, jsonschema
      validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
      jsonschema.Draft202012Validator.check_schema(validator.schema)
      for path in sys.argv[2:]:
          try:
              document = json.load(open(path))
          except ValueError:
              print("unparsable")
              continue
          print("valid" if validator.is_valid(document) else "invalid")
      """
    let result = try Command.run("/usr/bin/env", ["python3", "-c", script, schema] + paths)
    #expect(result.status == 0, "\(result)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test(
    "the schema and the loader agree on the examples",
    .requires("jsonschema"))
  func agree() throws {
    for document in Self.valid {
      #expect(throws: Never.self) { try RoutesFile.table(from: Array(document.utf8), file: "f.json") }
    }
    let broken = BrokenRoutesFile.all.filter { !Self.loaderOnly.contains($0.name) }
    let verdicts = try Self.schemaVerdicts(Self.valid + broken.map(\.json))
    #expect(verdicts.count == Self.valid.count + broken.count)
    for (index, verdict) in verdicts.prefix(Self.valid.count).enumerated() {
      #expect(verdict == "valid", "valid example \(index) is refused by the schema")
    }
    for (file, verdict) in zip(broken, verdicts.dropFirst(Self.valid.count)) {
      #expect(verdict == "invalid", "the schema accepts '\(file.name)', which the loader refuses")
    }
  }

  @Test("every broken example the schema is not asked about is one the loader refuses")
  func loaderOnlyNamesExist() {
    let names = Set(BrokenRoutesFile.all.map(\.name))
    #expect(Self.loaderOnly.isSubset(of: names))
  }
}
