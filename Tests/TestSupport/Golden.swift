import Foundation
import Testing

/// Golden files: long outputs (screens, help, completion scripts) compared byte for byte with
/// a checked-in file. Set `DEEPLINK_RECORD=1` to rewrite the files instead of comparing: each
/// golden test then fails with the path it wrote, so a recording run never passes for a checked one.
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
      // A recording run checks nothing, so it must not look like a passing one: every golden
      // test it reaches fails, naming the file it wrote (or could not write).
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record(
          "recorded \(file.path) (DEEPLINK_RECORD=1 checks nothing); run the tests again without it",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record \(file.path): \(error)", sourceLocation: sourceLocation)
      }
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
