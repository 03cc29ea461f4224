/// Why a zip archive, or an entry of it, could not be read.
package enum ZipError: Error, Hashable, Sendable {
  /// No end-of-central-directory record in the last 64 KiB: not a zip, or truncated.
  case notAZip
  /// A structure is broken: `problem` says which and where.
  case corrupt(String)
  /// An entry uses what this reader does not: encryption, a compression method other than
  /// stored (0) and deflated (8), an archive split over several disks.
  case unsupported(String)
  /// An entry inflates (or is stored) larger than the limit.
  case entryTooLarge(name: String, limit: Int)
  /// An entry's data is not what its header says (size, CRC-32, deflate stream).
  case badEntry(name: String, problem: String)
  /// The file could not be read (`errno`'s text).
  case read(String)

  /// One sentence naming the problem.
  package var message: String {
    switch self {
    case .notAZip: "not a zip archive: no end of central directory record (a truncated or partial download?)"
    case .corrupt(let problem): "a broken zip archive: \(problem)"
    case .unsupported(let what): "a zip archive this reader cannot read: \(what)"
    case .entryTooLarge(let name, let limit):
      "\(name) in the archive is larger than \(limit) bytes, the limit"
    case .badEntry(let name, let problem): "\(name) in the archive is broken: \(problem)"
    case .read(let reason): "cannot read the archive: \(reason)"
    }
  }
}
