import DeepLinkWire

/// Why `tour` did not succeed, besides the app's and the devices' failures.
enum TourFailure: CommandFailure {
  /// `tour --check`: the recording cannot be read (why, naming the file).
  case unreadableRecording(String)
  /// `tour --check`: the tour differs from the recording (a summary; each difference was
  /// reported before).
  case differences(String)
  /// A file of the tour could not be written.
  case cannotWrite(String, Errno)

  var exitCode: ExitCode {
    switch self {
    case .unreadableRecording: .unreadable
    case .differences: .checkFailed
    case .cannotWrite: .internalError
    }
  }

  var kind: String {
    switch self {
    case .unreadableRecording: FailureKind.unreadableRecording.rawValue
    case .differences: FailureKind.differences.rawValue
    case .cannotWrite: FailureKind.system.rawValue
    }
  }

  var message: String {
    switch self {
    case .unreadableRecording(let reason): reason
    case .differences(let summary): summary
    case .cannotWrite(let path, let errno): "cannot write \(path): \(errno)"
    }
  }

  func message(for tool: ToolIdentity) -> String { message }

  func hint(for tool: ToolIdentity) -> String? {
    guard case .unreadableRecording = self else { return nil }
    return
      "A recording is what '\(tool.name) tour --out DIR' wrote; record one again if this one was damaged."
  }
}
