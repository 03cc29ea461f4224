#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Settings of the test process itself, the host of every in-process test.
public enum TestProcess {
  /// Ignores SIGPIPE in the test process, once. The libraries leave a host's disposition
  /// alone (a host decides), and this host writes into pipes to child processes (stdin of a
  /// `deeplink mcp` session, a command's input) that may have exited: a write then fails with
  /// `EPIPE` instead of killing the test runner. Children inherit the disposition; a test
  /// about SIGPIPE sets the one it needs with `env --default-signal=PIPE` or
  /// `--ignore-signal=PIPE`. Called by the helpers that start processes.
  public static func ignoreBrokenPipe() {
    _ = ignoringBrokenPipe
  }

  private static let ignoringBrokenPipe: Bool = {
    _ = signal(SIGPIPE, SIG_IGN)
    return true
  }()
}
