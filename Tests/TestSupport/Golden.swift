import Foundation
import Testing

/// Golden files: long outputs (screens, help, completion scripts) compared byte for byte with
/// a checked-in file. Set `DEEPLINK_RECORD=1` to rewrite the files instead of comparing.
public enum Golden {
  /// Compares `actual` with `Golden/<name>` in the folder of the calling test file.
  public static func check(
    _ actual: String, named name: String, testFile: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
      .appendingPathComponent("Golden")
    let file = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["DEEPLINK_RECORD"] == "1" {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try? actual.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "missing golden file \(file.path); run with DEEPLINK_RECORD=1 to create it",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      actual == expected,
      "differs from \(file.path) (DEEPLINK_RECORD=1 re-records it):\n\(actual)",
      sourceLocation: sourceLocation)
  }
}
