import DeepLinkWire
import Foundation
import Testing

@Suite struct JSONTests {
  static let sample: JSON = .object([
    ("ok", .bool(true)), ("id", .int(-42)), ("ratio", .double(0.5)), ("none", .null),
    ("text", .string("line\nbreak \"quoted\" \\ tab\t é 🎉 \u{1} \u{7F}")),
    ("list", .array([.int(1), .array([]), .emptyObject])),
    ("nested", .object([("z", .int(1)), ("a", .int(2))])),
  ])

  @Test func roundTripsThroughBothForms() throws {
    #expect(try JSON.parse(Self.sample.serialized) == Self.sample)
    #expect(try JSON.parse(Self.sample.pretty) == Self.sample)
  }

  @Test func serializesOnOneLineInOrder() {
    let text = Self.sample.serialized
    #expect(!text.contains("\n"))
    #expect(JSON.object([("b", .int(1)), ("a", .int(2))]).serialized == #"{"b":1,"a":2}"#)
  }

  @Test func escapesControlCharacters() {
    #expect(JSON.string("a\"b\\c\n\r\t\u{0}\u{1F}\u{7F}").serialized == #""a\"b\\c\n\r\t\u0000\u001f\u007f""#)
  }

  /// Every byte that needs an escape gets one wherever it sits (strings are scanned eight
  /// bytes at a time): each ASCII byte, and a multi-byte character, at every offset of a
  /// string longer than two words, against an escaper written out here byte by byte.
  @Test func escapesEveryByteAtEveryOffset() {
    func reference(_ text: String) -> String {
      var out = "\""
      for byte in text.utf8 {
        switch byte {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0x09: out += "\\t"
        case 0..<0x20, 0x7F: out += "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
        default: out += String(UnicodeScalar(byte))
        }
      }
      return out + "\""
    }
    let characters = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["é", "─", "🔑"]
    for character in characters {
      for offset in 0..<20 {
        let text =
          String(repeating: "a", count: offset) + character + String(repeating: "b", count: 19 - offset)
        let serialized = JSON.string(text).serialized
        let expected = character.unicodeScalars.first!.isASCII ? reference(text) : "\"\(text)\""
        #expect(serialized == expected, "\(character.debugDescription) at \(offset)")
      }
    }
  }

  /// Two bytes that may need an escape, at every two offsets of a string longer than two
  /// words: the writer acts on the first flagged byte of a word and starts the next word
  /// after it, so a byte flagged (rightly or falsely) beside another must come out right too.
  @Test func escapesEveryPairOfBytesAtEveryPairOfOffsets() {
    let bytes: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x61]
    func escaped(_ byte: UInt8) -> String {
      switch byte {
      case 0x22: "\\\""
      case 0x5C: "\\\\"
      case 0x00: "\\u0000"
      case 0x01: "\\u0001"
      case 0x1F: "\\u001f"
      case 0x7F: "\\u007f"
      default: String(UnicodeScalar(byte))
      }
    }
    for first in bytes {
      for second in bytes {
        for firstOffset in 0..<19 {
          for secondOffset in (firstOffset + 1)..<20 {
            var text = Array(repeating: "b", count: 20)
            text[firstOffset] = String(UnicodeScalar(first))
            text[secondOffset] = String(UnicodeScalar(second))
            let expected =
              "\"" + text.map { $0 == "b" ? "b" : escaped(UInt8($0.utf8.first!)) }.joined() + "\""
            let serialized = JSON.string(text.joined()).serialized
            #expect(serialized == expected, "\(first) at \(firstOffset), \(second) at \(secondOffset)")
          }
        }
      }
    }
  }

  /// Integers are written digit by digit: the extremes, zero and each power of ten's edges,
  /// against the standard library's decimal text.
  @Test func serializesIntegersAsTheirDecimalText() {
    var values = [0, 1, -1, 9, 10, -9, -10, Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power]
    }
    for value in values {
      #expect(JSON.int(value).serialized == String(value))
      #expect(JSON.array([.int(value), .int(value)]).serialized == "[\(String(value)),\(String(value))]")
    }
  }

  @Test func prettyIndentsTwoSpaces() {
    let value: JSON = .object([("a", .array([.int(1)])), ("b", .emptyObject)])
    #expect(value.pretty == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
  }

  @Test(arguments: [
    (#""\u00e9\ud83c\udf89\/\b\f""#, "é🎉/\u{8}\u{C}"),
    (#""\u0041""#, "A"),
  ])
  func decodesEscapes(_ text: String, _ expected: String) throws {
    #expect(try JSON.parse(text) == .string(expected))
  }

  @Test(arguments: [
    ("0", JSON.int(0)), ("-0", .int(0)), ("12", .int(12)), ("-3.25", .double(-3.25)),
    ("1e3", .double(1000)), ("2E-2", .double(0.02)), ("99999999999999999999", .double(1e20)),
  ])
  func parsesNumbers(_ text: String, _ expected: JSON) throws {
    #expect(try JSON.parse(text) == expected)
  }

  @Test func parsesWhitespaceAndLiterals() throws {
    #expect(try JSON.parse(" \t\r\n[true , false,null ] ") == .array([.bool(true), .bool(false), .null]))
  }

  @Test func accessors() throws {
    let value = try JSON.parse(#"{"s":"x","i":3,"d":2.0,"b":true,"a":[1],"o":{}}"#)
    #expect(value["s"]?.stringValue == "x")
    #expect(value["i"]?.intValue == 3)
    #expect(value["d"]?.intValue == 2)
    #expect(value["b"]?.boolValue == true)
    #expect(value["a"]?.arrayValue == [.int(1)])
    #expect(value["o"]?.objectValue?.isEmpty == true)
    #expect(value["missing"] == nil)
    #expect(JSON.int(1)["key"] == nil)
  }

  @Test func equalValuesHashEqually() {
    #expect(JSON.double(0.0) == JSON.double(-0.0))
    #expect(Set([JSON.double(0.0), JSON.double(-0.0)]).count == 1)
    #expect(JSON.object([("a", .int(1))]) != JSON.object([("a", .int(2))]))
  }

  @Test func nonFiniteDoublesSerializeAsNull() {
    #expect(JSON.double(.infinity).serialized == "null")
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    let input: String
    let error: JSONError
    var testDescription: String { input }
  }

  static let failures: [Failure] = [
    Failure(input: "", error: .unexpectedEnd),
    Failure(input: "[1,", error: .unexpectedEnd),
    Failure(input: #""abc"#, error: .unexpectedEnd),
    Failure(input: "tru", error: .unexpectedEnd),
    Failure(input: "[1,]", error: .unexpectedByte(UInt8(ascii: "]"), offset: 3)),
    Failure(input: #"{"a" 1}"#, error: .unexpectedByte(UInt8(ascii: "1"), offset: 5)),
    Failure(input: "{1:2}", error: .unexpectedByte(UInt8(ascii: "1"), offset: 1)),
    Failure(input: "[1 2]", error: .unexpectedByte(UInt8(ascii: "2"), offset: 3)),
    Failure(input: "nul", error: .unexpectedEnd),
    Failure(input: "\"a\u{1}\"", error: .unexpectedByte(1, offset: 2)),
    Failure(input: "x", error: .unexpectedByte(UInt8(ascii: "x"), offset: 0)),
    Failure(input: #""\x""#, error: .invalidEscape(offset: 2)),
    Failure(input: #""\u12G4""#, error: .invalidEscape(offset: 5)),
    Failure(input: #""\ud800x""#, error: .invalidEscape(offset: 7)),
    Failure(input: #""\udc00""#, error: .invalidEscape(offset: 7)),
    Failure(input: "01", error: .invalidNumber(offset: 0)),
    Failure(input: "-", error: .invalidNumber(offset: 0)),
    Failure(input: "1.", error: .invalidNumber(offset: 0)),
    Failure(input: "1e+", error: .invalidNumber(offset: 0)),
    Failure(input: "1e999", error: .invalidNumber(offset: 0)),
    Failure(input: String(repeating: "[", count: 65), error: .tooDeep),
    Failure(input: "1 2", error: .trailingBytes(offset: 2)),
    Failure(input: #"{"op":"open","op":"state"}"#, error: .duplicateKey("op")),
    Failure(
      input: "{" + (0..<40).map { "\"k\($0)\":0," }.joined() + #""k7":1}"#, error: .duplicateKey("k7")),
  ]

  @Test(arguments: failures)
  func reportsTheFirstBadByte(_ failure: Failure) {
    #expect(throws: failure.error) { try JSON.parse(failure.input) }
  }

  /// The duplicate-key check is linear in the number of keys. It copied its whole set of keys
  /// on every key (copy-on-write, with a second reference alive), so this object took about
  /// 25 s per 40,000 keys in a debug build and quadrupled with each doubling: 200,000 keys,
  /// about ten minutes. Linear, it takes well under a second; the 120 s given here only
  /// bound a hang and are no duration asserted.
  @Test func anObjectWithTwoHundredThousandKeysIsCheckedForDuplicatesInLinearTime() {
    let count = 200_000
    let text = "{" + (0..<count).map { "\"k\($0)\":0," }.joined() + #""k199999":1}"#
    let outcome = Locked<(any Error)?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      do { _ = try JSON.parse(text) } catch { outcome.withLock { $0 = error } }
      done.signal()
    }.start()
    guard done.wait(timeout: .now() + 120) == .success else {
      Issue.record("parsing an object of \(count) keys did not end within 120 s")
      return
    }
    #expect(outcome.withLock { $0 as? JSONError } == .duplicateKey("k199999"))
  }

  @Test func rejectsInvalidUTF8InStrings() {
    #expect(throws: JSONError.invalidUTF8) { try JSON.parse([0x22, 0xFF, 0x22]) }
    // After an escape, where the text is copied in runs: a bad byte, a cut sequence.
    #expect(throws: JSONError.invalidUTF8) { try JSON.parse([0x22, 0x5C, 0x6E, 0x61, 0xFF, 0x62, 0x22]) }
    #expect(throws: JSONError.invalidUTF8) { try JSON.parse([0x22, 0x5C, 0x74, 0xE2, 0x94, 0x22]) }
  }

  /// Strings are read eight bytes at a time: a byte that is not UTF-8, a quote and a control
  /// byte are each found at every offset of a string longer than two words, and the text
  /// before a quote comes back whole.
  @Test func findsEveryEndOfARunAtEveryOffset() throws {
    for offset in 0..<20 {
      var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
      bytes[offset] = 0xFF
      #expect(throws: JSONError.invalidUTF8, "0xFF at \(offset)") {
        try JSON.parse([0x22] + bytes + [0x22])
      }
      bytes[offset] = 0x01
      #expect(throws: JSONError.unexpectedByte(0x01, offset: offset + 1), "0x01 at \(offset)") {
        try JSON.parse([0x22] + bytes + [0x22])
      }
      bytes[offset] = UInt8(ascii: "\"")
      let text = String(repeating: "a", count: offset)
      #expect(try JSON.parse([0x22] + bytes.prefix(offset + 1)) == .string(text), "quote at \(offset)")
    }
  }

  /// Strings with escapes are decoded in runs between them: every ASCII character and a few
  /// multi-byte ones, escaped or not, at every offset between two escapes, come back as they
  /// were written, against an encoder written out here byte by byte.
  @Test func decodesEveryCharacterAtEveryOffsetBetweenEscapes() throws {
    func encoded(_ text: String) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20:
          out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    }
    let characters = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["é", "─", "›", "🔑"]
    for character in characters {
      for offset in 0..<12 {
        let text =
          "\n" + String(repeating: "a", count: offset) + character
          + String(repeating: "b", count: 11 - offset)
          + "\t" + character
        #expect(try JSON.parse(encoded(text)) == .string(text), "\(character.debugDescription) at \(offset)")
      }
    }
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(throws: Never.self) { try JSON.parse(text) }
  }

  @Test(arguments: [
    (JSONError.unexpectedEnd, "JSON ends too early"),
    (.unexpectedByte(UInt8(ascii: "x"), offset: 3), "unexpected 'x' at offset 3 in JSON"),
    (.unexpectedByte(0x01, offset: 0), "unexpected byte 0x1 at offset 0 in JSON"),
    (.invalidEscape(offset: 4), "invalid escape at offset 4 in JSON string"),
    (.invalidNumber(offset: 0), "invalid number at offset 0 in JSON"),
    (.invalidUTF8, "JSON text is not UTF-8"),
    (.tooDeep, "JSON nests deeper than 64 levels"),
    (.trailingBytes(offset: 2), "unexpected bytes after the JSON value at offset 2"),
    (.duplicateKey("op"), #"the key "op" appears twice in one JSON object"#),
  ])
  func messages(_ error: JSONError, _ message: String) {
    #expect(error.message == message)
  }
}
