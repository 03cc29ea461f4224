/// The exit status of `deeplink`: stable, documented in `deeplink help` and README.md, and the
/// same for every command, so a CI script can branch on it.
///
/// The values follow BSD's `sysexits.h` where one fits.
package enum ExitCode: Int32, CaseIterable, Hashable, Sendable {
  /// The link was applied, or the command did what it was asked.
  case success = 0
  /// `check-release`: the table's scheme is registered in a release build (or, with
  /// `--expect-registered`, missing from a debug build), or an app's executable carries the
  /// agent. `tour --check`: an entry's screen or
  /// state changed, or an entry is new or missing (as `diff` and `cmp` exit 1 on a difference).
  /// `mcp install`: a different entry of the server is already in the client's file, kept.
  case checkFailed = 1
  /// The command line was wrong (`EX_USAGE`); nothing was sent.
  case usage = 64
  /// The app received the link and rejected it (`EX_DATAERR`). `mcp install`: a client's file
  /// that does not parse, left as it was.
  case rejected = 65
  /// Input that cannot be read (`EX_NOINPUT`). `check-release`: a path that is missing, not a
  /// build artifact, a truncated file, a broken archive or property list, an app whose
  /// executable is missing, damaged, a symbolic link or named outside the bundle. `tour --check`: a
  /// recording that is not one (a `tour.json` that is not a manifest, a file name that leaves
  /// the recording, a file missing). `mcp install`: a client's file that cannot be read or written.
  case unreadable = 66
  /// No app is listening on the socket (`EX_UNAVAILABLE`).
  case unavailable = 69
  /// Something went wrong in `deeplink` or the app (`EX_SOFTWARE`).
  case internalError = 70
  /// The app did not answer in time (`EX_TEMPFAIL`).
  case timedOut = 75
  /// Standard output's reader went away (`deeplink routes | head -1`): the command stopped at
  /// once without a message. 128 + `SIGPIPE`, what a shell reports for a filter that the
  /// signal killed; `deeplink` leaves `SIGPIPE` as it inherited it, so with the default it is
  /// that signal, and with `SIGPIPE` ignored it exits 141 itself.
  case closedOutput = 141

  /// One line for help text and README.md, as `tool` says it.
  package func summary(for tool: ToolIdentity) -> String {
    switch self {
    case .success: "the link was applied, or the command succeeded"
    case .checkFailed:
      "check-release: the scheme is registered (--expect-registered: missing) or the agent linked; tour --check: the tour differs from its recording; mcp install: a different entry is kept"
    case .unreadable:
      "check-release: a path (or an app's executable) cannot be read as an app, archive, plist or manifest; tour --check: the recording cannot be read"
    case .usage: "usage error: the command line is wrong; nothing was sent"
    case .rejected:
      "the app rejected the link, or no app on the device handles its scheme; mcp install: a file does not parse"
    case .unavailable: "no app is listening on the socket, or no usable simulator, device or tool"
    case .internalError: "internal error in \(tool.name) or the app"
    case .timedOut: "the app, or the simulator or device tool, did not answer in time"
    case .closedOutput:
      "stdout was closed by its reader (| head): stopped at once, silently, as if by SIGPIPE"
    }
  }
}
