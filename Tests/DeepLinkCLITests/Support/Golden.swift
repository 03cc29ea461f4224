import Foundation
import Testing

/// Golden files: long outputs checked in under `Golden/`, beside this target's sources.
///
/// Run the tests with `DEEPLINK_RECORD=1` to rewrite them from the current output instead of
/// comparing; review the diff, then commit it.
enum Golden {
  /// `Tests/DeepLinkCLITests/Golden`, found from this file's path (not a bundle resource).
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["DEEPLINK_RECORD"] == "1"
  }

  /// Compares `actual` with the golden file `name`, or records it.
  static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = directory.appendingPathComponent(name)
    if isRecording {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
      } catch {
        Issue.record(Comment(rawValue: "cannot record \(name): \(error)"), sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      let message = "missing golden file \(name); run DEEPLINK_RECORD=1 swift test --filter DeepLinkCLITests"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return
    }
    if actual != expected {
      let difference = firstDifference(expected, actual)
      let message =
        "\(name) differs from its golden file at line \(difference.line):\n"
        + "expected: \(difference.expected)\n  actual: \(difference.actual)\n"
        + "(re-record with DEEPLINK_RECORD=1 if the change is intended)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// The names of the files in `Golden/`.
  static func recordedNames() -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
  }

  private static func firstDifference(_ expected: String, _ actual: String) -> (
    line: Int, expected: String, actual: String
  ) {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? String(a[index]) : "<end>"
      let right = index < b.count ? String(b[index]) : "<end>"
      if left != right { return (index + 1, left, right) }
    }
    return (0, "", "")
  }
}
