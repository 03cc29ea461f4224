import Foundation
import TestSupport

/// Inputs written by programs that share no code with the readers: Python's `plistlib` and
/// `zipfile`, and the toolchain's `plutil`. A test needing one records itself as skipped
/// where it is missing (``ExternalTool``).
enum IndependentWriters {

  /// Runs a Python 3 script with `arguments` (`sys.argv[1:]`) and returns its stdout's bytes,
  /// base64 in transit.
  static func python(_ script: String, _ arguments: [String] = []) throws -> [UInt8] {
    let wrapped = """
      import base64, sys, io
      out = io.BytesIO()
      \(script.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n"))
      sys.stdout.write(base64.b64encode(out.getvalue()).decode())
      """
    let result = try Command.run(try ExternalTool.require("python3"), ["-c", wrapped] + arguments)
    guard result.status == 0, let data = Data(base64Encoded: result.stdout) else {
      throw Failure(description: "python3 failed: \(result)")
    }
    return Array(data)
  }

  /// `plistlib.dumps` of a Python literal, as XML or binary.
  static func plist(_ literal: String, binary: Bool = false) throws -> [UInt8] {
    try python(
      "import plistlib\nout.write(plistlib.dumps(\(literal)\(binary ? ", fmt=plistlib.FMT_BINARY" : "")))")
  }

  /// A zip of `entries` (Python literal of a list of (name, bytes expression, deflated?)).
  static func zip(_ entries: String) throws -> [UInt8] {
    try python(
      """
      import zipfile, plistlib
      with zipfile.ZipFile(out, 'w') as z:
          for name, data, deflated in \(entries):
              z.writestr(name, data, zipfile.ZIP_DEFLATED if deflated else zipfile.ZIP_STORED)
      """)
  }

  /// `plutil -convert binary1` of `xml`.
  static func plutilBinary(_ xml: [UInt8]) throws -> [UInt8] {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let input = directory.file("in.plist")
    let output = directory.file("out.plist")
    try Data(xml).write(to: URL(fileURLWithPath: input))
    let result = try Command.run(
      try ExternalTool.require("plutil"), ["-convert", "binary1", input, "-o", output])
    guard result.status == 0 else { throw Failure(description: "plutil failed: \(result)") }
    return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }
}

/// A binary property list built by hand, for the files no writer would produce: objects
/// given as their bytes, offsets of `offsetSize` bytes, references of `referenceSize` bytes.
func handMadeBinaryPlist(
  _ objects: [[UInt8]], top: UInt64 = 0, objectCount: UInt64? = nil, offsetTableShift: Int = 0,
  offsetSize: UInt8 = 1, referenceSize: UInt8 = 1
) -> [UInt8] {
  var bytes = Array("bplist00".utf8)
  var offsets: [UInt8] = []
  for object in objects {
    for shift in (0..<Int(offsetSize)).reversed() {
      offsets.append(UInt8(truncatingIfNeeded: bytes.count >> (shift * 8)))
    }
    bytes += object
  }
  let table = UInt64(bytes.count + offsetTableShift)
  bytes += offsets
  func be(_ value: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
  bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
  bytes += be(objectCount ?? UInt64(objects.count)) + be(top) + be(table)
  return bytes
}
