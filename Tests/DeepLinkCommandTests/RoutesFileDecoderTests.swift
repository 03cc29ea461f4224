import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// Routes files written every way the format allows decode; what JSON and the format forbid,
/// near the start of a file or far into a large one, is an error.
@Suite("Routes file decoder") struct RoutesFileDecoderTests {
  /// Sound files, written every way the format allows: keys in any order, `null` for a key
  /// left out, escapes, non-ASCII, newlines in help, an `android` package, `$schema`, `version`.
  static let soundFiles: [String] = [
    RoutesFormatter.text(.json, table: .recipeSample, tool: .deeplink),
    #"{"routes": [{"name": "a"}]}"#,
    #"  {"routes" : [ {"name" : "a" , "parameters" : [ ] } ] , "scheme" : "shop" }  "#,
    #"""
    {"$schema": "./deeplink.routes.schema.json", "version": null, "android": {"package": "com.example.shop"},
     "routes": [{"parameters": [{"type": "integer", "name": "id", "range": {"max": 9, "min": 1}, "default": 3},
                                {"name": "sort", "type": "choice", "choices": ["price", "n\u00e4me"], "default": "price"},
                                {"name": "gift", "type": "boolean", "help": "Wrap it \"nicely\""},
                                {"name": "note", "type": "string", "required": false, "default": "", "choices": null}],
                 "help": "Line one.\nLine two: caf\u00e9, 日本", "summary": "Show \u0041 product", "name": "product"},
                {"name": "cart", "summary": "Show the cart"}]}
    """#,
    #"{"version": "0123456789abcdef", "scheme": "my.app+x-1", "routes": [{"name": "a", "help": "", "summary": ""}]}"#,
    // A key written with an escape is the same key: the reader leaves it to the decoder.
    #"{"routes": [{"n\u0061me": "a"}]}"#,
  ]

  /// The file as ``RoutesFile/contents(from:file:)`` reads it.
  static func decoded(_ json: String) throws -> RoutesFileContents {
    try RoutesFile.contents(from: Array(json.utf8), file: "f.json")
  }

  @Test("a sound file decodes", arguments: soundFiles)
  func soundFile(_ json: String) throws {
    let contents = try Self.decoded(json)
    #expect(!contents.table.routes.isEmpty)
    #expect(contents.table.problems == [])
  }

  @Test(
    "what JSON and the format forbid is left to the decoder",
    arguments: [
      #"{"routes": [{"name": "a"}]} x"#,  // trailing bytes
      #"{"routes": [{"name": "a"}], "routes": [{"name": "b"}]}"#,  // a key twice
      #"{"routes": [{"name": "a", "name": "b"}]}"#,
      #"{"routes": [{"name": "a", "parameters": [{"name": "n", "type": "string", "type": "string"}]}]}"#,
      #"{"routes": [{"name": "a"}], "android": {"package": "x"}}"#,
      #"{"routes": [{"name": "a"}], "version": 3}"#,
      #"{"routes": [{"name": "a", "summary": "bell \u0007"}]}"#,
      #"{"routes": [{"name": "a", "summary": "line\nbreak"}]}"#,
      #"{"routes": [{"name": "a", "help": "del \u007f"}]}"#,
      #"{"routes": [{"name": "a", "parameters": [{"name": "n", "type": "string", "help": "a\nb"}]}]}"#,
      #"{"routes": [{"name": "url"}]}"#,
      #"{"routes": [{"name": "a"}, {"name": "a"}]}"#,
      #"{"routes": [{"name": "a"}],}"#,
      #"{"routes": [{"name": "a"}]"#,
    ])
  func forbidden(_ json: String) {
    #expect(throws: RoutesFileError.self) { try RoutesFile.contents(from: Array(json.utf8), file: "f.json") }
  }

  @Test("a large file: decoded, and a duplicate or reserved name far in is still found")
  func largeFile() throws {
    let routes = (0..<1_000).map { #"{"name": "r\#($0)", "summary": "Route \#($0)"}"# }
    let json = #"{"routes": ["# + routes.joined(separator: ",") + "]}"
    let decoded = try Self.decoded(json)
    #expect(decoded.table.routes.map(\.name) == (0..<1_000).map { "r\($0)" })
    for extra in [#"{"name": "r900"}"#, #"{"name": "screenshot"}"#, #"{"name": "help"}"#] {
      var late = routes
      late.insert(extra, at: 950)
      let broken = #"{"routes": ["# + late.joined(separator: ",") + "]}"
      #expect(throws: RoutesFileError.self) {
        try RoutesFile.contents(from: Array(broken.utf8), file: "f.json")
      }
    }
  }
}
