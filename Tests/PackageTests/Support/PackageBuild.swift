import Foundation
import TestSupport

/// Builds of packages other than this one, which depend on it by path: the shop example and
/// the example package of docs/your-own-app.md. Slow the first time (a whole second build of deeplink), incremental
/// after. `DEEPLINK_SKIP_PACKAGE_BUILDS=1` (or the sanitizer runs' `DEEPLINK_SKIP_RELEASE_BUILDS=1`)
/// skips the suites that need them, which are then recorded as skipped.
enum PackageBuild {
  static let skipped =
    ProcessInfo.processInfo.environment["DEEPLINK_SKIP_PACKAGE_BUILDS"] == "1"
    || ProcessInfo.processInfo.environment["DEEPLINK_SKIP_RELEASE_BUILDS"] == "1"

  /// This package's root directory.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// Builds the package at `path` (debug) and returns its binaries' directory. `make test`
  /// builds each such package before the tests (scripts/build-test-packages.sh), which makes
  /// this build a no-op there.
  static func build(_ path: String) throws -> String {
    let build = try Command.run(
      "/usr/bin/env", ["swift", "build", "--package-path", path], environment: Command.buildEnvironment,
      timeout: Patience.buildSeconds)
    guard build.status == 0 else { throw Failure("swift build --package-path \(path):\n\(build)") }
    // SwiftPM links `.build/debug` to the platform's folder (no second `swift build` for
    // `--show-bin-path`).
    return path + "/.build/debug"
  }
}

struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
