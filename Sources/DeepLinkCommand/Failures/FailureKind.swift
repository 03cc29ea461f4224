/// The `kind` of a failure that `deeplink` finds itself, for `--json` errors; failures the app
/// reports keep the wire's kind (`ErrorKind`: `unknown-route`, `expired`, …).
///
///     deeplink recipe --id abc --json
///     // stderr: {"ok":false,"error":{"kind":"usage","message":"--id expects an integer, got 'abc'",
///     //          "hint":"Run 'deeplink help recipe' for its options.","exitCode":64}}
package enum FailureKind: String, CaseIterable, Hashable, Sendable {
  /// The command line (or a batch line) is wrong; nothing was sent. Exit 64.
  case usage
  /// Nobody listens on the socket. Exit 69.
  case noApp = "no-app"
  /// Something that is not a socket is at the socket's path. Exit 69.
  case notASocket = "not-a-socket"
  /// `wait --pid`: the app's process exited before it listened. Exit 69.
  case appExited = "app-exited"
  /// The app closed the connection before answering. Exit 69.
  case connectionClosed = "connection-closed"
  /// The app did not accept or answer in time. Exit 75.
  case timeout
  /// The reply is not a deeplink-app's. Exit 70.
  case badReply = "bad-reply"
  /// The route table an app served is refused (too large, not JSON, a lying fingerprint, …).
  case badTable = "bad-table"
  /// A result could not be written to standard output (a full disk). Exit 70.
  case output
  /// Standard output's reader went away: never printed (the command stops silently), listed
  /// for completeness. Exit 141.
  case closedOutput = "closed-output"
  /// A system call failed unexpectedly. Exit 70.
  case system
  /// Standard input could not be read (`deeplink mcp`). Exit 64.
  case input
  /// `check-release`: the scheme is registered in a release build. Exit 1.
  case registered
  /// `check-release --expect-registered`: the scheme is missing from a debug build. Exit 1.
  case notRegistered = "not-registered"
  /// `check-release`: an app's executable carries the agent (`DeepLinkAgent.releaseMarker`)
  /// in a release build. Exit 1. (With the scheme also registered, the kind is `registered`
  /// and the message names both.)
  case agentLinked = "agent-linked"
  /// `check-release`: a path cannot be read. Exit 66.
  case unreadable
  /// A simulator or Android target failed (its message says how); its exit code is the
  /// failure's own.
  case device
  /// `tour --check`: the tour differs from the recording. Exit 1.
  case differences
  /// `tour --check`: the recording cannot be read. Exit 66.
  case unreadableRecording = "unreadable-recording"
}
