import Foundation

/// Just enough of an ELF file (64-bit, little-endian) to tell a static executable from a
/// dynamic one: a dynamically linked program names its loader in a `PT_INTERP` program header.
enum ELFFile {
  /// Whether the executable at `path` has a `PT_INTERP` program header.
  static func hasInterpreter(_ path: String) throws -> Bool {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    guard bytes.count >= 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1 else {
      throw Failure("\(path) is not a 64-bit little-endian ELF file")
    }
    func integer(at offset: Int, size: Int) -> Int {
      (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
    let headers = integer(at: 0x20, size: 8)  // e_phoff
    let size = integer(at: 0x36, size: 2)  // e_phentsize
    let count = integer(at: 0x38, size: 2)  // e_phnum
    let interpreter = 3  // PT_INTERP
    return (0..<count).contains { index in
      let offset = headers + index * size
      return offset + 4 <= bytes.count && integer(at: offset, size: 4) == interpreter
    }
  }
}
