import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// The fast path of a routes file (read straight from the bytes) against the decoder of the
/// file's tree: it either gives up, and the decoder speaks, or reads exactly the decoder's table.
@Suite("Routes file reader") struct RoutesFileReaderTests {
  /// Sound files, written every way the format allows: keys in any order, `null` for a key
  /// left out, escapes, non-ASCII, newlines in help, an `android` package, `$schema`, `version`.
  static let soundFiles: [String] = [
    RoutesFormatter.text(.json, table: .builtIn),
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

  /// The file as the decoder of its tree reads it, never through the reader (which
  /// `RoutesFile.contents(from:file:)` tries first).
  static func decoded(_ json: String) throws -> RoutesFileContents {
    try RoutesFileDecoder.contents(JSON.parse(Array(json.utf8)))
  }

  /// Everything a file declares: scheme, routes in order, fingerprint, Android package.
  static func same(_ a: RoutesFileContents, _ b: RoutesFileContents) -> Bool {
    a.table.scheme == b.table.scheme && a.table.routes == b.table.routes && a.table.version == b.table.version
      && a.androidPackage == b.androidPackage
  }

  @Test("a sound file reads as the decoder's table, or is left to the decoder", arguments: soundFiles)
  func soundFile(_ json: String) throws {
    let decoded = try Self.decoded(json)
    if let read = RoutesFileReader.contents(from: Array(json.utf8)) {
      #expect(Self.same(read, decoded))
    }
  }

  @Test("the usual files take the fast path")
  func usualFilesAreRead() throws {
    for json in Self.soundFiles.dropLast() {
      let read = try #require(RoutesFileReader.contents(from: Array(json.utf8)), "\(json)")
      #expect(Self.same(read, try Self.decoded(json)))
    }
  }

  @Test("every broken file is left to the decoder, which names the problem", arguments: BrokenRoutesFile.all)
  func brokenFile(_ file: BrokenRoutesFile) {
    #expect(RoutesFileReader.contents(from: Array(file.json.utf8)) == nil)
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
    #expect(RoutesFileReader.contents(from: Array(json.utf8)) == nil)
    #expect(throws: RoutesFileError.self) { try RoutesFile.contents(from: Array(json.utf8), file: "f.json") }
  }

  @Test("a large file: read, and a duplicate or reserved name far in is still found")
  func largeFile() throws {
    let routes = (0..<1_000).map { #"{"name": "r\#($0)", "summary": "Route \#($0)"}"# }
    let json = #"{"routes": ["# + routes.joined(separator: ",") + "]}"
    let read = try #require(RoutesFileReader.contents(from: Array(json.utf8)))
    #expect(Self.same(read, try Self.decoded(json)))
    for extra in [#"{"name": "r900"}"#, #"{"name": "screenshot"}"#, #"{"name": "help"}"#] {
      var late = routes
      late.insert(extra, at: 950)
      let broken = #"{"routes": ["# + late.joined(separator: ",") + "]}"
      #expect(RoutesFileReader.contents(from: Array(broken.utf8)) == nil, "\(extra)")
      #expect(throws: RoutesFileError.self) {
        try RoutesFile.contents(from: Array(broken.utf8), file: "f.json")
      }
    }
  }
}
