/// A command-line option whose value is a path, given at most once, as `--name PATH` or
/// `--name=PATH`: the app's `--socket` and `--log`.
///
///     var socket = PathOption("--socket", noun: "socket path")
///     var index = 0
///     try socket.take(["--socket=/tmp/app.sock"], at: &index)  // true; socket.value "/tmp/app.sock"
///
/// As in `deeplink`'s own options, the spaced form never takes an argument that starts with
/// `--`, nor `-h` (`--log --quiet` is a missing path, not a file named `--quiet`);
/// `--log=--quiet` names such a file. An empty path is refused in either form.
struct PathOption {
  /// The option, `--socket`.
  let name: String
  /// What the path names, in messages: `socket path`, `file path`.
  let noun: String
  /// The path given, if any.
  private(set) var value: String?

  init(_ name: String, noun: String) {
    self.name = name
    self.noun = noun
  }

  /// Takes `arguments[index]` when it is this option, with its path, and moves `index` past
  /// both; any other argument is left alone (`false`, `index` unchanged).
  ///
  /// - Throws: ``PathOptionError`` when the path is missing or empty, or the option was
  ///   given before.
  mutating func take(_ arguments: [String], at index: inout Int) throws(PathOptionError) -> Bool {
    let argument = arguments[index]
    let path: String
    if argument == name {
      guard index + 1 < arguments.count else { throw .missing(option: name, noun: noun, instead: nil) }
      let next = arguments[index + 1]
      guard !next.hasPrefix("--"), next != "-h" else {
        throw .missing(option: name, noun: noun, instead: next)
      }
      path = next
      index += 2
    } else if argument.utf8.starts(with: (name + "=").utf8) {
      // Bytes, not `Character`s: `=` followed by a combining mark is one `Character`.
      path = String(decoding: argument.utf8.dropFirst(name.utf8.count + 1), as: UTF8.self)
      index += 1
    } else {
      return false
    }
    guard value == nil else { throw .givenTwice(option: name) }
    guard !path.isEmpty else { throw .empty(option: name, noun: noun) }
    value = path
    return true
  }
}
