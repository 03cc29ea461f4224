import Foundation
import ReleaseInspection
import TestSupport
import Testing

/// Both property list forms, written by Python's plistlib and plutil, then hostile files:
/// every one is an error with a message, never a crash, a hang or a huge allocation.
@Suite("Property lists, XML and binary")
struct PropertyListReaderTests {
  static let sample =
    "{'CFBundleIdentifier': 'com.example.Recipes', 'CFBundleVersion': 42, 'Ratio': 0.5, 'Flag': True, "
    + "'Blob': b'\\x00\\x01\\xff', 'CFBundleURLTypes': [{'CFBundleURLName': 'com.example.debug', "
    + "'CFBundleURLSchemes': ['recipes', 'débug']}], 'Empty': {}, 'Big': -9223372036854775808}"

  static func checkSample(_ plist: PropertyList) {
    #expect(plist["CFBundleIdentifier"] == .string("com.example.Recipes"))
    #expect(plist["CFBundleVersion"] == .integer(42))
    #expect(plist["Ratio"] == .real(0.5))
    #expect(plist["Flag"] == .boolean(true))
    #expect(plist["Blob"] == .data([0, 1, 255]))
    #expect(plist["Empty"] == .dictionary([]))
    #expect(plist["Big"] == .integer(Int64.min))
    #expect(
      InfoPlistURLScheme.all(in: plist).map(\.place) == [
        "CFBundleURLTypes[0].CFBundleURLSchemes[0]", "CFBundleURLTypes[0].CFBundleURLSchemes[1]",
      ])
    #expect(InfoPlistURLScheme.all(in: plist).map(\.scheme) == ["recipes", "débug"])
  }

  @Test(.requires("python3"))
  func readsWhatPlistlibWritesAsXML() throws {
    Self.checkSample(try PropertyList.read(try IndependentWriters.plist(Self.sample)))
  }

  @Test(.requires("python3"))
  func readsWhatPlistlibWritesAsBinary() throws {
    let bytes = try IndependentWriters.plist(Self.sample, binary: true)
    #expect(BinaryPropertyListReader.isBinary(bytes))
    Self.checkSample(try PropertyList.read(bytes))
  }

  @Test(.requires("python3", "plutil"))
  func readsWhatPlutilConvertsToBinary() throws {
    let bytes = try IndependentWriters.plutilBinary(try IndependentWriters.plist(Self.sample))
    #expect(BinaryPropertyListReader.isBinary(bytes))
    Self.checkSample(try PropertyList.read(bytes))
  }

  @Test func xmlCommentsEntitiesAndCDATAAreText() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <!-- a comment <string>not this</string> -->
      <plist version="1.0"><dict>
        <key>A</key><string>a&amp;b<!-- c --><![CDATA[<d>&amp;]]>&#x41;&#66;&lt;&gt;&quot;&apos;</string>
        <key>B</key><array><true/><false/><integer>-7</integer><real>1.5</real><date>2001-01-01T00:00:00Z</date></array>
      </dict></plist>
      """
    let plist = try PropertyList.read(Array(xml.utf8))
    #expect(plist["A"] == .string("a&b<d>&amp;AB<>\"'"))
    #expect(
      plist["B"]
        == .array([.boolean(true), .boolean(false), .integer(-7), .real(1.5), .date("2001-01-01T00:00:00Z")]))
  }

  /// XML that a reader expanding entities or following a DTD would trip over, and XML that is
  /// not well-formed: each an error naming its line.
  @Test(arguments: [
    (
      #"<!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><plist><string>&xxe;</string></plist>"#,
      "line 1: the entity &xxe; is not one XML predefines; entities a DTD declares are never expanded, nor external ones fetched"
    ),
    (
      "<!DOCTYPE plist [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>\n<plist><string>&b;</string></plist>",
      "line 2: the entity &b; is not one XML predefines; entities a DTD declares are never expanded, nor external ones fetched"
    ),
    ("<plist><string>x</plist>", "line 1: </plist> closes <string> of line 1"),
    ("<plist>\n<dict>\n<key>a</key>", "line 3: <dict> of line 2 is not closed (a truncated file?)"),
    ("<plist><dict><key>a</key></dict></plist>", "line 1: the key 'a' has no value"),
    ("<plist><integer>12x</integer></plist>", "line 1: <integer> '12x' is not a 64-bit decimal integer"),
    (
      "<plist><integer>99999999999999999999</integer></plist>",
      "line 1: <integer> '99999999999999999999' is not a 64-bit decimal integer"
    ),
    ("<plist><string>&#0;</string></plist>", "line 1: &#0; is not a character"),
    ("<plist><string>&#xD800;</string></plist>", "line 1: &#xD800; is not a character"),
    ("<plist><string>a & b</string></plist>", "line 1: '&' starts no entity (write &amp; for a literal '&')"),
    ("<plist><foo/></plist>", "line 1: <foo> is not a property list value"),
    ("<plist/>", "line 1: <plist> holds 0 values; it must hold one"),
    ("<html/>", "line 1: the root element is <html>, not <plist>"),
    ("", "line 1: no root element (an empty or truncated file?)"),
    ("<plist><true/></plist><plist/>", "line 1: a second root element"),
    ("<plist><!-- never closed", "line 1: a comment is not closed"),
    ("<plist a='1' a='2'><true/></plist>", "line 1: attribute a is given twice in <plist>"),
  ])
  func hostileXMLIsAnErrorNamingItsLine(_ xml: String, message: String) {
    do {
      _ = try PropertyList.read(Array(xml.utf8))
      Issue.record("read \(xml)")
    } catch {
      guard case .xml(let xmlError) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(xmlError.message == message)
    }
  }

  @Test func nestingDeeperThanTheLimitIsAnErrorNotADeepStack() throws {
    let deep = String(repeating: "<array>", count: 100_000)
    #expect(throws: PropertyListError.self) { try PropertyList.read(Array(("<plist>" + deep).utf8)) }
    let allowed = String(repeating: "<array>", count: 120) + String(repeating: "</array>", count: 120)
    _ = try PropertyList.read(Array(("<plist>" + allowed + "</plist>").utf8))
  }

  @Test func manyCommentsInOneStringTakeLinearTime() throws {
    let pieces = String(repeating: "a<!---->", count: 200_000)
    let plist = try PropertyList.read(Array(("<plist><string>" + pieces + "</string></plist>").utf8))
    #expect(plist == .string(String(repeating: "a", count: 200_000)))
  }

  // MARK: - Binary, by hand

  @Test func aHandMadeBinaryPlistReads() throws {
    // A dictionary {"k": [true, 7]}: objects 0 dict, 1 "k", 2 array, 3 true, 4 int 7.
    let bytes = handMadeBinaryPlist([[0xD1, 1, 2], [0x51, 0x6B], [0xA2, 3, 4], [0x09], [0x10, 7]])
    #expect(try PropertyList.read(bytes) == .dictionary([("k", .array([.boolean(true), .integer(7)]))]))
  }

  /// Broken binary plists: each is an error with its offset and problem.
  @Test(arguments: [
    (
      "an array holding itself", handMadeBinaryPlist([[0xA1, 0]]),
      "object 0 contains itself (a cycle of references)"
    ),
    (
      "two arrays holding each other", handMadeBinaryPlist([[0xA1, 1], [0xA1, 0]]),
      "object 0 contains itself (a cycle of references)"
    ),
    ("a reference past the objects", handMadeBinaryPlist([[0xA1, 9]]), "a reference to object 9 of 1"),
    (
      "an object count that overflows", handMadeBinaryPlist([[0x09]], objectCount: UInt64.max / 2),
      "do not fit before the trailer"
    ),
    (
      "a top object past the objects", handMadeBinaryPlist([[0x09]], top: 5),
      "the top object 5 is not one of the 1 objects"
    ),
    (
      "an offset table past the end", handMadeBinaryPlist([[0x09]], offsetTableShift: 1000),
      "do not fit before the trailer"
    ),
    (
      "a string count of 2^62", handMadeBinaryPlist([[0x5F, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0, 0x41]]),
      "a count of 4611686018427387904 runs past the objects' end"
    ),
    (
      "an array count of 2^62", handMadeBinaryPlist([[0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]]),
      "a count of 4611686018427387904 runs past the objects' end"
    ),
    (
      "a UTF-16 string longer than the file", handMadeBinaryPlist([[0x6E, 0, 0x41]]),
      "a UTF-16 string of 14 units runs past the objects' end"
    ),
    (
      "a number key", handMadeBinaryPlist([[0xD1, 1, 1], [0x10, 1]]),
      "a dictionary key (object 1) is not a string"
    ),
    ("an unknown marker", handMadeBinaryPlist([[0x70]]), "marker 0x70 is not a value"),
    ("a trailer alone", Array("bplist00".utf8) + [UInt8](repeating: 0, count: 20), "too short for a trailer"),
  ])
  func brokenBinaryPlistsAreErrors(_ what: String, _ bytes: [UInt8], problem: String) {
    do {
      _ = try PropertyList.read(bytes)
      Issue.record("read \(what)")
    } catch {
      #expect(error.message.contains(problem), "\(what): \(error.message)")
    }
  }

  @Test func nestingDeeperThanTheLimitIsAnError() throws {
    // Arrays each holding the next, with two-byte offsets and references.
    func chain(_ count: Int) -> [UInt8] {
      handMadeBinaryPlist(
        (0..<count).map { index in
          index == count - 1 ? [0xA0] : [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)]
        }, offsetSize: 2, referenceSize: 2)
    }
    #expect((try? PropertyList.read(chain(100))) != nil)
    do {
      _ = try PropertyList.read(chain(300))
      Issue.record("read 300 levels")
    } catch {
      #expect(error.message.contains("nested deeper than 128 levels"), "\(error.message)")
    }
  }

  @Test func sharedObjectsThatExpandToBillionsAreAnError() {
    // 40 arrays, each holding the next twice: 2^40 values if expanded.
    var objects: [[UInt8]] = []
    for index in 0..<39 {
      let next = UInt8(index + 1)
      objects.append([0xA2, next, next])
    }
    objects.append([0x09])
    do {
      _ = try PropertyList.read(handMadeBinaryPlist(objects))
      Issue.record("expanded")
    } catch {
      #expect(error.message.contains("more than 200000 values"), "\(error.message)")
    }
  }

  @Test(.requires("python3"))
  func everyTruncationOfABinaryPlistIsAnErrorOrAValue() throws {
    let bytes = try IndependentWriters.plist(Self.sample, binary: true)
    for length in 0..<bytes.count {
      _ = try? PropertyList.read(Array(bytes[..<length]))
    }
    for index in bytes.indices {
      var flipped = bytes
      flipped[index] ^= 0xFF
      _ = try? PropertyList.read(flipped)
    }
  }
}
