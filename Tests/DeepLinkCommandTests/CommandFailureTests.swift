import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// What each feature's failure reports (``CommandFailure``): its exit code, its `--json` kind,
/// its message and hint, and the batch line it belongs to; and the report itself, in text and
/// in JSON, whatever the feature.
@Suite struct CommandFailureTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let failure: any CommandFailure & Sendable
    let exitCode: ExitCode
    let kind: String
    let message: String
    var hint: String? = nil
    var line: Int? = nil
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a usage error a command finds",
      failure: UsageError.invalidUse("--keep and --dry-run", hint: nil),
      exitCode: .usage, kind: "usage", message: "--keep and --dry-run"),
    Case(
      name: "a usage error with a hint",
      failure: UsageError.invalidUse("no example", hint: "Give --scenario"),
      exitCode: .usage, kind: "usage", message: "no example", hint: "Give --scenario"),
    Case(
      name: "a parsing error", failure: UsageError.missingArgument("open", what: "a URL"),
      exitCode: .usage, kind: "usage", message: "open needs a URL",
      hint: "Run 'deeplink help open' for its usage."),
    Case(
      name: "a device failure of the command line", failure: DeviceFailure.noPixels, exitCode: .usage,
      kind: "usage",
      message: "screen --png needs a simulator or android --target: the headless app has no pixels "
        + "(`deeplink screen` prints its screen as text)"),
    Case(
      name: "a device failure", failure: DeviceFailure.toolMissing(.adb), exitCode: .unavailable,
      kind: "device",
      message: "adb is not installed (not found on PATH); \(DeviceProgram.adb.origin)"),
    Case(
      name: "a batch step", failure: BatchFailure(line: 3, ClientFailure.badReply("x"), tool: .deeplink),
      exitCode: .internalError,
      kind: "bad-reply", message: "line 3: unexpected reply from the app: x", line: 3),
    Case(
      name: "a batch file", failure: BatchFailure(line: nil, usage: "cannot read f: gone"), exitCode: .usage,
      kind: "usage", message: "cannot read f: gone"),
    Case(
      name: "a result not written", failure: StreamFailure.output(.fileTooLarge), exitCode: .internalError,
      kind: "output", message: "cannot write the result to standard output: \(Errno.fileTooLarge)"),
    Case(
      name: "input not read", failure: StreamFailure.input(.invalidArgument), exitCode: .usage, kind: "input",
      message: "cannot read standard input: \(Errno.invalidArgument)"),
    Case(
      name: "a closed output", failure: StreamFailure.closedOutput, exitCode: .closedOutput,
      kind: "closed-output", message: "standard output was closed by its reader"),
    Case(
      name: "an unreadable recording", failure: TourFailure.unreadableRecording("cannot open r: gone"),
      exitCode: .unreadable, kind: "unreadable-recording", message: "cannot open r: gone",
      hint: "A recording is what 'deeplink tour --out DIR' wrote; record one again if this one was damaged."),
    Case(
      name: "a tour that differs", failure: TourFailure.differences("2 of 12 screens differ"),
      exitCode: .checkFailed, kind: "differences", message: "2 of 12 screens differ"),
    Case(
      name: "a tour file not written", failure: TourFailure.cannotWrite("t/a.png", .fileTooLarge),
      exitCode: .internalError, kind: "system", message: "cannot write t/a.png: \(Errno.fileTooLarge)"),
    Case(
      name: "a socket not watched", failure: KeepWatchFailure(reason: "/x: gone"), exitCode: .unavailable,
      kind: "system", message: "--keep cannot watch for the app's comebacks: /x: gone"),
    Case(
      name: "a release check",
      failure: ReleaseCheckFailure(
        exitCode: .checkFailed, kind: "registered", message: "debug is registered", hint: "Strip it."),
      exitCode: .checkFailed, kind: "registered", message: "debug is registered", hint: "Strip it."),
  ]

  @Test(arguments: cases)
  func whatItReports(_ testCase: Case) {
    let failure = testCase.failure
    #expect(failure.exitCode == testCase.exitCode)
    #expect(failure.kind == testCase.kind)
    #expect(failure.message(for: .deeplink) == testCase.message)
    #expect(failure.hint(for: .deeplink) == testCase.hint)
    #expect(failure.line == testCase.line)
  }

  /// The one report, as text: the message after the tool's name, then the hint.
  @Test func reportedAsText() {
    let output = CapturedOutput()
    CommandContext.report(
      TourFailure.unreadableRecording("cannot open r: gone"), json: false, tool: .deeplink, to: output)
    #expect(
      output.standardError
        == "deeplink: error: cannot open r: gone\nA recording is what 'deeplink tour --out DIR' wrote; "
        + "record one again if this one was damaged.\n")
  }

  /// The one report, with `--json`: one object, the batch line and the exit code in it.
  @Test func reportedAsJSON() {
    let output = CapturedOutput()
    CommandContext.report(
      BatchFailure(line: 2, DeviceFailure.noPixels, tool: .deeplink), json: true, tool: .deeplink, to: output)
    #expect(
      output.standardError
        == #"{"ok":false,"error":{"kind":"usage","message":"line 2: screen --png needs a simulator or android "#
        + #"--target: the headless app has no pixels (`deeplink screen` prints its screen as text)","line":2,"#
        + #""exitCode":64}}"# + "\n")
  }

  /// An error no feature declared (a bug) is still reported, as an internal error naming it.
  @Test func anUndeclaredErrorIsAnInternalError() {
    struct Stray: Error {}
    let failure = Stray().commandFailure
    #expect(failure.exitCode == .internalError)
    #expect(failure.kind == "system")
    #expect(failure.message(for: .deeplink) == "unexpected failure: Stray()")
  }
}
