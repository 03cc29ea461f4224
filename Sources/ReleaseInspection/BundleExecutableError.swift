/// Why the executable of an app bundle cannot be checked for the agent: `check-release`
/// exits 66, as nothing is proved about a program it did not read whole.
package enum BundleExecutableError: Error, Hashable, Sendable {
  /// The Info.plist has no `CFBundleExecutable` string.
  case noName
  /// `CFBundleExecutable` is not one file name inside the bundle: empty, `.` or `..`, with a
  /// `/`, a NUL or another control character. `problem` says which.
  case notAFileName(String, problem: String)
  /// Nothing is at the executable's path (or its entry is not in the archive).
  case missing
  /// The executable, or a folder on its way inside the bundle, is a symbolic link.
  case symbolicLink
  /// The executable is not a regular file (a folder, a device, a socket).
  case notARegularFile
  /// An archive holds the executable's name more than once.
  case duplicateEntry(count: Int)
  /// The file does not start as a Mach-O or ELF program does.
  case notAnExecutable
  /// The bytes could not be read: a system error, a truncated or damaged archive entry.
  case unreadable(String)

  /// One sentence naming the problem and, where one exists, the fix.
  package var message: String {
    switch self {
    case .noName:
      "its Info.plist has no CFBundleExecutable string, so the program to check for the agent is unknown"
    case .notAFileName(let name, let problem):
      "CFBundleExecutable '\(Self.visible(name))' is not a file name inside the bundle (\(problem)); nothing outside the "
        + "bundle is read"
    case .missing: "the executable CFBundleExecutable names is not there (an incomplete build or copy?)"
    case .symbolicLink:
      "a symbolic link; the executable (and every folder to it) must be inside the bundle, and is not followed"
    case .notARegularFile: "not a regular file"
    case .duplicateEntry(let count):
      "the archive holds \(count) entries of that name; which one an installer takes is unknown"
    case .notAnExecutable: "not a Mach-O or ELF executable (it does not start as one)"
    case .unreadable(let reason): reason
    }
  }

  /// `name` with each control character written as `\u{…}`, so a hostile name cannot break
  /// the line it is shown on.
  static func visible(_ name: String) -> String {
    var text = ""
    for scalar in name.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        text += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }
}
