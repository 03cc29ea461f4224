import Foundation

/// A fresh private directory under /tmp, removed by ``remove()``. Short paths keep socket
/// paths under the 107-byte limit.
public struct TemporaryDirectory: Sendable {
  public let path: String

  public init() throws {
    var template = Array("/tmp/dl-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else { throw CocoaError(.fileWriteUnknown) }
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A directory that already exists, such as a folder inside another temporary directory.
  public init(existing path: String) {
    self.path = path
  }

  /// A path inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
