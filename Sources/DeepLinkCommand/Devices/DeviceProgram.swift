package import DeepLinkWire

/// A program that reaches simulators or devices: found on `PATH` as a shell would find it, run
/// with a deadline.
package enum DeviceProgram: String, Hashable, Sendable, CaseIterable {
  /// Xcode's tool runner, for `xcrun simctl`.
  case xcrun
  /// The Android Debug Bridge.
  case adb

  /// `PATH`: where the programs are looked for.
  package static let pathVariable = EnvironmentVariable(
    "PATH", summary: "Where xcrun and adb are looked for, with --target simulator, device or android")

  /// Where the program comes from, for the message when it is missing.
  var origin: String {
    switch self {
    case .xcrun:
      "xcrun comes with Xcode on macOS (install Xcode, open it once, then check "
        + "`xcode-select -p`); simulators exist only on a Mac"
    case .adb:
      "adb comes with the Android SDK Platform-Tools (Android Studio's SDK Manager, or "
        + "https://developer.android.com/tools/releases/platform-tools); put its folder on PATH"
    }
  }

  /// The program's path: the first executable `name` in a folder of `path` (`PATH`'s value), as
  /// `execvp(3)` looks; `nil` when there is none.
  func locate(path: String?) -> String? {
    ChildProcess.locate(rawValue, path: path)
  }
}

/// Runs the device programs for one command: each run shares the command's deadline.
struct DeviceProgramRunner {
  /// Runs one program line for a runner: the real program (``spawn``), or a test's stand-in that
  /// records the lines and answers as the program would.
  typealias Launcher =
    @Sendable (DeviceProgram, [String], DeviceProgramRunner) throws(DeviceFailure) ->
    ChildProcess.Result

  /// `PATH`'s value.
  let path: String?
  /// When the whole command must be done.
  let deadline: Deadline
  /// `--timeout` (or its default) in seconds, for messages.
  let seconds: Double
  /// What runs each line.
  var launcher: Launcher = spawn
  /// Variables (`NAME=VALUE` each) added to the program's environment for one run: what
  /// ``run(_:_:environment:)`` was given (`SIMCTL_CHILD_…` for `simctl launch`).
  var environment: [String] = []

  /// Runs the program `tool` with `arguments`, and `environment` (`NAME=VALUE` each) added to its
  /// environment (`SIMCTL_CHILD_…` for `simctl launch`).
  ///
  /// - Throws: ``DeviceFailure/toolMissing(_:)`` when `tool` is not on `PATH`,
  ///   ``DeviceFailure/timedOut(_:seconds:)`` when it is still running at the deadline (it
  ///   was killed).
  func run(_ tool: DeviceProgram, _ arguments: [String], environment: [String] = []) throws(DeviceFailure)
    -> ChildProcess.Result
  {
    var runner = self
    runner.environment = environment
    return try launcher(tool, arguments, runner)
  }

  /// Finds `tool` on the runner's `PATH` and runs it until the runner's deadline, with the
  /// runner's ``environment`` added.
  static let spawn: Launcher = { (tool, arguments, runner) throws(DeviceFailure) in
    guard let executable = tool.locate(path: runner.path) else { throw .toolMissing(tool) }
    do throws(ChildProcess.Failure) {
      return try ChildProcess.run(
        [executable] + arguments, deadline: runner.deadline, environment: runner.environment)
    } catch {
      switch error {
      case .timedOut: throw .timedOut([tool.rawValue] + arguments, seconds: runner.seconds)
      case .system(let call, let errno): throw .cannotRun(tool, call: call, errno)
      }
    }
  }
}
