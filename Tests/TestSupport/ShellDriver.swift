import Foundation

/// One candidate a shell offers: the word it completes to (without a `--option=` the line
/// already holds) and, in zsh and fish, its description.
public struct Offer: Hashable, Sendable, CustomStringConvertible {
  public let word: String
  public let help: String?

  public init(word: String, help: String?) {
    self.word = word
    self.help = help
  }

  public var description: String { word + (help.map { " — " + $0 } ?? "") }
}

/// What a shell offered for a line, and what its process printed besides.
public struct ShellAnswer: Sendable {
  public let offers: [Offer]
  public let result: CommandResult

  public var words: [String] { offers.map(\.word) }
}

/// Drives each real shell's own completion machinery on the checked-in scripts of
/// `completions/`: bash through its completion function and COMP_* variables, zsh under
/// zpty with compinit, fish with `complete -C`. A shell is named by its raw value (`bash`,
/// `zsh`, `fish`: `CompletionShell`'s cases).
public enum ShellDriver {
  /// Tests/TestSupport, which holds the drivers.
  static let supportFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  public static let repository = supportFolder.deletingLastPathComponent().deletingLastPathComponent()
  public static let completionsFolder = repository.appendingPathComponent("completions")

  /// The checked-in script of `shell`, named as `CompletionScript.fileName(for:)` names it.
  public static func script<Shell: RawRepresentable>(_ shell: Shell) -> String
  where Shell.RawValue == String {
    let name = shell.rawValue == "zsh" ? "_deeplink" : "deeplink." + shell.rawValue
    return completionsFolder.appendingPathComponent(name).path
  }

  /// zsh's dump of its completion functions with the repository's scripts first on `fpath`,
  /// made once a test process in `.build/zsh-compdump`; `nil` if it could not be made. Each
  /// zsh a test starts loads it (`compinit -C -d`) instead of reading every completion
  /// function on `fpath` (about 0.45 s of a core each time, 20 ms with the dump). The dump is
  /// written beside and renamed into place, so that a zsh never reads half of one.
  static let zshDump: String? = {
    let dump = repository.appendingPathComponent(".build/zsh-compdump").path
    let partial = dump + ".\(getpid())"
    let made = try? Command.run(
      "/usr/bin/env",
      [
        "zsh", "-f", "-c", #"fpath=("$1" $fpath); autoload -Uz compinit; compinit -u -d "$2""#, "zsh",
        completionsFolder.path, partial,
      ])
    guard made?.status == 0, rename(partial, dump) == 0 else {
      unlink(partial)
      return nil
    }
    return dump
  }()

  static func driver(_ name: String) -> String {
    supportFolder.appendingPathComponent("Drivers").appendingPathComponent(name).path
  }

  /// Asks `shell` what it offers at the end of `line`, in `directory`, with the built
  /// products first on `PATH` and `environment` on top.
  public static func complete<Shell: RawRepresentable>(
    _ line: String, in shell: Shell, directory: TemporaryDirectory,
    environment: [String: String] = [:], pathFirst: String? = nil
  ) throws -> ShellAnswer where Shell.RawValue == String {
    var env = [
      "PATH": [pathFirst, Command.productsDirectory.path, ProcessInfo.processInfo.environment["PATH"]]
        .compactMap { $0 }.joined(separator: ":"),
      "HOME": directory.path,
      "XDG_CONFIG_HOME": directory.file(".config"),
      "XDG_DATA_HOME": directory.file(".local"),
      "XDG_RUNTIME_DIR": directory.file("runtime"),
      "DEEPLINK_SOCKET": directory.file("no-app.sock"),
      "DL_DIR": directory.path,
      "DL_LINE": line,
      "DL_SCRIPT": script(shell),
    ]
    env.merge(environment) { $1 }
    let result: CommandResult
    var lines: [(String, String?)]
    switch shell.rawValue {
    case "bash":
      result = try Command.run(
        "/usr/bin/env", ["bash", "--norc", "--noprofile", driver("bash-complete.bash"), script(shell), line],
        environment: env)
      lines = result.stdout.split(separator: "\n").map { (dequoted(String($0)), nil) }
    case "zsh":
      let out = directory.file(".zsh-offers")
      result = try Command.run(
        "/usr/bin/env",
        ["zsh", "-f", driver("zsh-complete.zsh"), completionsFolder.path, line, out]
          + (zshDump.map { [$0] } ?? []),
        environment: env)
      let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
      lines = text.split(separator: "\n").map { entry in
        let parts = entry.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        let display = parts.count > 1 ? String(parts[1]) : ""
        let description = display.range(of: " -- ").map {
          String(display[$0.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        // _files hands compadd names already quoted (-Q): `more\ steps.txt`.
        return (dequoted(String(parts[0])), description)
      }
    case "fish":
      result = try Command.run(
        "/usr/bin/env",
        ["fish", "--no-config", "-c", #"cd $DL_DIR; source $DL_SCRIPT; complete -C "$DL_LINE""#],
        environment: env)
      lines = result.stdout.split(separator: "\n").map { entry in
        let parts = entry.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
      }
    default:
      throw UnknownShell(name: shell.rawValue)
    }
    // zsh and fish give whole words; bash only what follows the `=` of `--option=`.
    let current = line.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
      let prefix = String(current[...equals])
      lines = lines.map { $0.0.hasPrefix(prefix) ? (String($0.0.dropFirst(prefix.count)), $0.1) : $0 }
    }
    return ShellAnswer(offers: lines.map { Offer(word: $0.0, help: $0.1) }, result: result)
  }

  /// A shell with no driver here.
  public struct UnknownShell: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "no completion driver for the shell \(name)" }
  }

  /// A bash COMPREPLY entry (quoted for the command line) as the word the shell would pass.
  static func dequoted(_ entry: String) -> String {
    var word = ""
    var escaped = false
    for character in entry {
      if escaped {
        word.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        word.append(character)
      }
    }
    return word
  }
}
