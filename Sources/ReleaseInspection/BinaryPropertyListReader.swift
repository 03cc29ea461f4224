/// Reads the binary form of a property list (`bplist00`, what `plutil -convert binary1` and
/// Xcode's "binary" Info.plist output write), checking every size before it is used.
///
/// The layout (CoreFoundation's `CFBinaryPList.c`): the 8-byte magic, the objects, an offset
/// table, and a 32-byte trailer giving the width of an offset and of an object reference,
/// the number of objects, the top object and where the offset table starts. Every offset,
/// count and reference is checked against the file's size before anything is read or
/// allocated, so a hostile file is an error, never a crash, a hang or a large allocation:
/// a reference to an object being read (a cycle), nesting deeper than ``maximumDepth``, and
/// more than ``maximumValues`` values in all (a small file whose arrays share one another
/// would otherwise expand to billions) are errors too.
package enum BinaryPropertyListReader {
  /// The deepest nesting of arrays and dictionaries accepted.
  package static let maximumDepth = 128
  /// The most values one file may expand to (shared objects count once per use).
  package static let maximumValues = 200_000

  /// Whether `bytes` starts with `bplist00`.
  package static func isBinary(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array("bplist00".utf8))
  }

  /// The top object of `bytes`.
  ///
  /// - Throws: ``PropertyListError/binary(offset:problem:)`` naming the byte at fault.
  package static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
    var reader = try Reader(bytes)
    return try reader.object(reader.topObject, depth: 0)
  }

  /// One read: the trailer's fields, checked, and what has been visited.
  struct Reader {
    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTable: Int
    /// The objects being read, from the top one down: a reference to one is a cycle.
    var reading: [Int] = []
    var values = 0

    init(_ bytes: [UInt8]) throws(PropertyListError) {
      self.bytes = bytes
      guard bytes.count >= 8 + 1 + 32 else {
        throw .binary(
          offset: bytes.count, problem: "the file is \(bytes.count) bytes, too short for a trailer")
      }
      let trailer = bytes.count - 32
      offsetSize = Int(bytes[trailer + 6])
      referenceSize = Int(bytes[trailer + 7])
      guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
        throw .binary(
          offset: trailer + 6,
          problem: "offsets of \(offsetSize) bytes and references of \(referenceSize) bytes")
      }
      let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
      let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
      let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
      // The offset table lies between the objects and the trailer: at least one object, and
      // `count` offsets of `offsetSize` bytes each, which must fit (no overflow: count is
      // compared with the space first).
      guard count >= 1, table >= 9, table <= UInt64(trailer),
        count <= (UInt64(trailer) - table) / UInt64(offsetSize)
      else {
        throw .binary(
          offset: trailer + 8,
          problem:
            "\(count) objects with an offset table at \(table) do not fit before the trailer at \(trailer)")
      }
      guard top < count else {
        throw .binary(
          offset: trailer + 16, problem: "the top object \(top) is not one of the \(count) objects")
      }
      objectCount = Int(count)
      topObject = Int(top)
      offsetTable = Int(table)
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
      var value: UInt64 = 0
      for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
      return value
    }

    /// The offset of object `index`, checked to lie among the objects.
    func offset(of index: Int) throws(PropertyListError) -> Int {
      let entry = offsetTable + index * offsetSize
      let offset = Self.bigEndian(bytes, at: entry, size: offsetSize)
      guard offset >= 8, offset < UInt64(offsetTable) else {
        throw .binary(
          offset: entry, problem: "object \(index) is at \(offset), outside the objects (8..<\(offsetTable))")
      }
      return Int(offset)
    }

    /// `count` bytes from `offset`, checked to end before the offset table.
    func range(_ offset: Int, _ count: Int, _ what: String) throws(PropertyListError) -> Range<Int> {
      guard count >= 0, count <= offsetTable - offset else {
        throw .binary(offset: offset, problem: "\(what) of \(count) bytes runs past the objects' end")
      }
      return offset..<offset + count
    }

    mutating func object(_ index: Int, depth: Int) throws(PropertyListError) -> PropertyList {
      guard index < objectCount else {
        throw .binary(offset: offsetTable, problem: "a reference to object \(index) of \(objectCount)")
      }
      values += 1
      guard values <= BinaryPropertyListReader.maximumValues else {
        throw .binary(
          offset: offsetTable,
          problem:
            "more than \(BinaryPropertyListReader.maximumValues) values (objects shared over and over?)")
      }
      let start = try offset(of: index)
      let marker = bytes[start]
      let low = Int(marker & 0x0F)
      switch marker >> 4 {
      case 0x0:
        switch marker {
        case 0x08: return .boolean(false)
        case 0x09: return .boolean(true)
        default: throw .binary(offset: start, problem: "marker 0x\(String(marker, radix: 16)) is not a value")
        }
      case 0x1:
        guard low <= 4 else { throw .binary(offset: start, problem: "an integer of 2^\(low) bytes") }
        let size = 1 << low
        let body = try range(start + 1, size, "an integer")
        // A 16-byte integer keeps its low 8 bytes, as CoreFoundation reads it.
        let value = Self.bigEndian(bytes, at: body.upperBound - min(size, 8), size: min(size, 8))
        return .integer(size >= 8 ? Int64(bitPattern: value) : Int64(value))
      case 0x2:
        guard low == 2 || low == 3 else { throw .binary(offset: start, problem: "a real of 2^\(low) bytes") }
        let body = try range(start + 1, 1 << low, "a real")
        let raw = Self.bigEndian(bytes, at: body.lowerBound, size: 1 << low)
        return .real(low == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
      case 0x3:
        guard marker == 0x33 else {
          throw .binary(offset: start, problem: "marker 0x\(String(marker, radix: 16))")
        }
        let body = try range(start + 1, 8, "a date")
        return .date(String(Double(bitPattern: Self.bigEndian(bytes, at: body.lowerBound, size: 8))))
      case 0x4:
        let (count, body) = try counted(start, low)
        return .data(Array(bytes[try range(body, count, "data")]))
      case 0x5:
        let (count, body) = try counted(start, low)
        let text = bytes[try range(body, count, "an ASCII string")]
        guard text.allSatisfy({ $0 < 0x80 }) else {
          throw .binary(offset: body, problem: "an ASCII string holds a byte above 0x7F")
        }
        return .string(String(decoding: text, as: UTF8.self))
      case 0x6:
        let (count, body) = try counted(start, low)
        guard count <= (offsetTable - body) / 2 else {
          throw .binary(offset: body, problem: "a UTF-16 string of \(count) units runs past the objects' end")
        }
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for unit in 0..<count {
          units.append(UInt16(bytes[body + 2 * unit]) << 8 | UInt16(bytes[body + 2 * unit + 1]))
        }
        return .string(String(decoding: units, as: UTF16.self))
      case 0x8:
        let body = try range(start + 1, low + 1, "a UID")
        guard low < 8 else { throw .binary(offset: start, problem: "a UID of \(low + 1) bytes") }
        return .uid(Self.bigEndian(bytes, at: body.lowerBound, size: low + 1))
      case 0xA, 0xC:
        let (count, body) = try counted(start, low)
        let references = try self.references(body, count, "an array")
        try enter(index, depth: depth, at: start)
        defer { reading.removeLast() }
        var elements: [PropertyList] = []
        elements.reserveCapacity(count)
        for reference in references { elements.append(try object(reference, depth: depth + 1)) }
        return .array(elements)
      case 0xD:
        let (count, body) = try counted(start, low)
        guard count <= (offsetTable - body) / 2 else {
          throw .binary(offset: body, problem: "a dictionary of \(count) entries runs past the objects' end")
        }
        let keys = try references(body, count, "a dictionary's keys")
        let objects = try references(body + count * referenceSize, count, "a dictionary's values")
        try enter(index, depth: depth, at: start)
        defer { reading.removeLast() }
        var entries: [(key: String, value: PropertyList)] = []
        entries.reserveCapacity(count)
        for (key, value) in zip(keys, objects) {
          guard case .string(let name) = try object(key, depth: depth + 1) else {
            throw .binary(offset: start, problem: "a dictionary key (object \(key)) is not a string")
          }
          entries.append((name, try object(value, depth: depth + 1)))
        }
        return .dictionary(entries)
      default:
        throw .binary(offset: start, problem: "marker 0x\(String(marker, radix: 16)) is not a value")
      }
    }

    /// Marks object `index` as being read, refusing a cycle and too deep a nesting.
    mutating func enter(_ index: Int, depth: Int, at offset: Int) throws(PropertyListError) {
      guard !reading.contains(index) else {
        throw .binary(offset: offset, problem: "object \(index) contains itself (a cycle of references)")
      }
      guard depth < BinaryPropertyListReader.maximumDepth else {
        throw .binary(
          offset: offset, problem: "nested deeper than \(BinaryPropertyListReader.maximumDepth) levels")
      }
      reading.append(index)
    }

    /// A count from a marker's low nibble, or from the integer after it when that is 0xF,
    /// and the offset its body starts at.
    func counted(_ start: Int, _ low: Int) throws(PropertyListError) -> (count: Int, body: Int) {
      guard low == 0xF else { return (low, start + 1) }
      let marker = try range(start + 1, 1, "a count")
      let intMarker = bytes[marker.lowerBound]
      guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
        throw .binary(offset: start + 1, problem: "the count is not an integer of 1 to 8 bytes")
      }
      let size = 1 << Int(intMarker & 0x0F)
      let body = try range(start + 2, size, "a count")
      let count = Self.bigEndian(bytes, at: body.lowerBound, size: size)
      // No count can exceed the bytes left: each element takes at least one.
      guard count <= UInt64(offsetTable - body.upperBound) else {
        throw .binary(offset: start, problem: "a count of \(count) runs past the objects' end")
      }
      return (Int(count), body.upperBound)
    }

    /// `count` object references from `offset`.
    func references(_ offset: Int, _ count: Int, _ what: String) throws(PropertyListError) -> [Int] {
      guard count <= (offsetTable - offset) / referenceSize else {
        throw .binary(offset: offset, problem: "\(what) of \(count) references runs past the objects' end")
      }
      var references: [Int] = []
      references.reserveCapacity(count)
      for index in 0..<count {
        references.append(
          Int(
            Self.bigEndian(bytes, at: offset + index * referenceSize, size: referenceSize)
              & 0x7FFF_FFFF_FFFF_FFFF))
      }
      return references
    }
  }
}
