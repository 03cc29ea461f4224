import DeepLinkRoutes
import DeepLinkWire
import Synchronization

@testable import DeepLinkCommand

/// What a command wrote, captured in memory instead of the process's descriptors 1 and 2.
final class CapturedOutput: OutputSink {
  private let captured = Mutex<(out: [UInt8], err: String)>(([], ""))

  func out(_ bytes: UnsafeRawBufferPointer) -> Errno? {
    captured.withLock { $0.out += bytes }
    return nil
  }

  func err(_ text: String) { captured.withLock { $0.err += text } }

  var stdoutIsTerminal: Bool { false }

  /// Standard output so far, as text.
  var standardOutput: String { captured.withLock { String(decoding: $0.out, as: UTF8.self) } }
  /// Standard error so far.
  var standardError: String { captured.withLock { $0.err } }
}

/// A stand-in for `xcrun` and `adb` that records each command line and answers from a script,
/// as the real tool would (see each test for the documented behaviour it plays).
final class RecordedDevicePrograms: Sendable {
  private let lines = Mutex<[[String]]>([])
  private let environments = Mutex<[[String]]>([])
  private let answer: @Sendable ([String]) -> (status: Int32, output: String)

  init(answer: @escaping @Sendable ([String]) -> (status: Int32, output: String)) {
    self.answer = answer
  }

  /// Every command line run so far, the tool first: `["xcrun", "simctl", …]`.
  var commandLines: [[String]] { lines.withLock { $0 } }

  /// The variables (`NAME=VALUE`) added to each command line's environment, in step with
  /// ``commandLines``.
  var addedEnvironments: [[String]] { environments.withLock { $0 } }

  var launcher: DeviceProgramRunner.Launcher {
    { (tool, arguments, runner) throws(DeviceFailure) in
      let line = [tool.rawValue] + arguments
      self.lines.withLock { $0.append(line) }
      self.environments.withLock { $0.append(runner.environment) }
      let (status, output) = self.answer(line)
      return ChildProcess.Result(status: status, standardOutput: Array(output.utf8), standardError: [])
    }
  }
}

/// Standard input given as bytes, read in chunks as a pipe would give them.
final class InputBytes: InputSource {
  private let remaining: Mutex<[UInt8]>

  init(_ text: String) { remaining = Mutex(Array(text.utf8)) }

  func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
    remaining.withLock { bytes in
      let count = min(buffer.count, bytes.count)
      buffer.replaceSubrange(0..<count, with: bytes.prefix(count))
      bytes.removeFirst(count)
      return count
    }
  }

  var isTerminal: Bool { false }
}

/// One run of a tool in this process: its exit code and what it wrote.
struct CommandRun {
  let code: Int32
  let output: CapturedOutput

  /// `deeplink` as its executable builds it, with `environment` instead of the process's (by
  /// default a socket where no app listens, and no cache) and no current directory.
  static func deeplink(
    environment: [String: String] = ["DEEPLINK_SOCKET": "/nonexistent/deeplink/app.sock"],
    currentDirectory: String? = nil
  ) -> DeepLinkTool {
    DeepLinkTool(
      name: "deeplink", table: .recipeSample, readsRoutesFiles: true, appCommand: "deeplink-app",
      environment: environment, currentDirectory: currentDirectory)
  }

  /// Runs `tool` with `arguments` and `input` on standard input (none by default), its output
  /// captured, the device tools (if given) recorded.
  init(
    _ arguments: [String], tool: DeepLinkTool = DeepLinkTool(table: .recipeSample, environment: [:]),
    input: String = "", devices: RecordedDevicePrograms? = nil
  ) {
    var tool = tool
    let output = CapturedOutput()
    tool.output = output
    tool.input = InputBytes(input)
    if let devices { tool.deviceLauncher = devices.launcher }
    self.code = tool.main(arguments: arguments)
    self.output = output
  }

  var standardOutput: String { output.standardOutput }
  var standardError: String { output.standardError }
}

extension CommandRun: CustomStringConvertible {
  /// The exit code and both streams, for a failed expectation's message.
  var description: String { "exit \(code)\nstdout: \(standardOutput)\nstderr: \(standardError)" }
}
