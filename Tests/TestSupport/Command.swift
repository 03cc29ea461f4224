import Foundation

/// What a finished process printed and how it exited.
public struct CommandResult: Sendable, CustomStringConvertible {
  public let status: Int32
  public let stdout: String
  public let stderr: String

  public var description: String {
    "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
  }
}

/// Runs the package's real executables (built beside the test bundle) and other programs.
public enum Command {
  /// The folder holding the built products: `.build/debug` (or release).
  public static let productsDirectory: URL = {
    let bundle = Bundle.main.bundleURL
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
      if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("deeplink").path) {
        return candidate
      }
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/debug").standardized
  }()

  /// The path of a built product such as `deeplink` or `deeplink-app`.
  public static func product(_ name: String) -> String {
    productsDirectory.appendingPathComponent(name).path
  }

  /// Runs `executable` with `arguments`, feeding `input` on stdin, and waits for it to end.
  /// The child sees `environment` on top of ours, minus `DEEPLINK_SOCKET`, `DEEPLINK_ROUTES`
  /// and `NO_COLOR` unless given.
  public static func run(
    _ executable: String, _ arguments: [String] = [], input: String? = nil,
    environment: [String: String] = [:]
  ) throws -> CommandResult {
    TestProcess.ignoreBrokenPipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["DEEPLINK_SOCKET"] = nil
    env["DEEPLINK_ROUTES"] = nil
    env["NO_COLOR"] = nil
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input {
      // A child that exits without reading all of its input closes the pipe first: the write
      // then fails with EPIPE (SIGPIPE is ignored here, see TestProcess), which is no failure
      // of the run; the child's status and output are what the test checks.
      do {
        try inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      } catch let error as NSError
        where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(EPIPE)
      {}
    }
    try inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty child never blocks on a full pipe.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the real `deeplink` binary.
  public static func deeplink(
    _ arguments: String..., input: String? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try run(product("deeplink"), arguments, input: input, environment: environment)
  }

  /// Runs the real `deeplink` binary with an array of arguments.
  public static func deeplink(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try run(product("deeplink"), arguments, input: input, environment: environment)
  }
}
