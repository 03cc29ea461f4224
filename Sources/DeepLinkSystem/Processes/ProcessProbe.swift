#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a process (not necessarily our child) still runs, for `deeplink wait --pid`.
///
/// Only a parent can `waitpid` a process, so its exit status is read where the system shows it
/// to others: on Linux, an exited process that its parent has not reaped yet (a zombie) keeps
/// its status in `/proc/<pid>/stat` (field 52, `exit_code`, since Linux 3.5, proc(5)). Once
/// reaped — a shell reaps its background jobs within moments — the process is gone and only
/// its parent knows the status.
package enum ProcessProbe {
  /// How a process ended, decoded from a `waitpid` status word.
  package enum ExitStatus: Hashable, Sendable, CustomStringConvertible {
    case code(Int32)
    case signal(Int32)

    /// `with status 69`, `on signal 9`.
    package var description: String {
      switch self {
      case .code(let code): "with status \(code)"
      case .signal(let signal): "on signal \(signal)"
      }
    }
  }

  package enum State: Hashable, Sendable {
    /// It runs (or belongs to another user, which `kill` cannot tell apart).
    case running
    /// It has exited; `status` when it can still be read.
    case exited(ExitStatus?)
  }

  /// The state of process `pid`: `kill(pid, 0)` (`ESRCH`: gone), then on Linux the process's
  /// state letter in `/proc/<pid>/stat` (`Z`: exited, not yet reaped).
  package static func state(of pid: Int32) -> State {
    if kill(pid, 0) != 0, errno == ESRCH { return .exited(nil) }
    #if os(Linux)
      guard let stat = try? FileReader.contents(of: "/proc/\(pid)/stat", limit: 4096) else { return .running }
      return state(fromStatLine: stat)
    #else
      return .running
    #endif
  }

  /// The state a `/proc/<pid>/stat` line describes: its third field (after the parenthesised
  /// command name, which may hold spaces and parentheses) is the state letter; for a zombie,
  /// field 52 is the `waitpid` status.
  package static func state(fromStatLine bytes: [UInt8]) -> State {
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return .running }
    let fields = bytes[(close + 1)...].split(whereSeparator: {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n")
    })
    guard let letter = fields.first, letter.elementsEqual("Z".utf8) || letter.elementsEqual("X".utf8) else {
      return .running
    }
    // Fields after the name start at field 3: field 52 is at offset 49.
    guard fields.count > 49, let word = Int32(String(decoding: fields[49], as: UTF8.self)) else {
      return .exited(nil)
    }
    let signal = word & 0x7F
    return .exited(signal == 0 ? .code((word >> 8) & 0xFF) : .signal(signal))
  }
}
