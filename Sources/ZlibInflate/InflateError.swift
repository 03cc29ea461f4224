/// Why ``Inflater/inflate(_:format:limit:)`` gave no output.
package enum InflateError: Error, Hashable, Sendable {
  /// The stream inflates to more than `limit` bytes; inflating stopped there.
  case tooLarge(limit: Int)
  /// The input ends before the stream does (a truncated file).
  case truncated
  /// zlib found the data invalid; `reason` is zlib's own message (`invalid block type`).
  case corrupt(reason: String)
  /// Bytes follow the end of the stream.
  case trailingBytes(count: Int)
  /// zlib could not start (out of memory, a mismatched library version).
  case unavailable(reason: String)

  /// One sentence, for the message of whoever asked.
  package var message: String {
    switch self {
    case .tooLarge(let limit): "it inflates to more than \(limit) bytes, the limit"
    case .truncated: "the compressed data ends before its stream does (a truncated file?)"
    case .corrupt(let reason): "the compressed data is corrupt (zlib: \(reason))"
    case .trailingBytes(let count): "\(count) bytes follow the end of the compressed stream"
    case .unavailable(let reason): "zlib could not start: \(reason)"
    }
  }
}
