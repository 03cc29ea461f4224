/// Why a byte stream cannot be cut into lines.
package enum FramingError: Error, Hashable, Sendable {
  /// A line (or the start of one) is longer than `limit` bytes.
  case lineTooLong(limit: Int)

  /// One sentence for people.
  package var message: String {
    switch self {
    case .lineTooLong(let limit): "line longer than \(limit) bytes"
    }
  }
}
