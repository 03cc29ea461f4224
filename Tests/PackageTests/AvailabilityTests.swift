import Foundation
import TestSupport
import Testing

/// Whether this machine is what `scripts/check-availability.sh` builds its stand-in SDK from.
private let isX86_64Linux: Bool = {
  #if os(Linux) && arch(x86_64)
    true
  #else
    false
  #endif
}()

/// The platforms `Package.swift` promises (macOS 13, iOS 16) are true of the libraries an app
/// links: `scripts/check-availability.sh` type-checks them for those Apple targets with this
/// toolchain's compiler, against a stand-in SDK made of the toolchain's own module interfaces,
/// which carry every standard-library declaration's Apple availability. Nothing is compiled
/// for, or run on, an Apple platform (docs/your-own-app.md, "Platforms").
@Suite(
  .serialized, .disabled(if: PackageBuild.skipped, "DEEPLINK_SKIP_PACKAGE_BUILDS=1"),
  .enabled(
    if: ExternalTool.runs(needing: isX86_64Linux),
    "the stand-in SDK is made of x86_64 Linux interfaces and headers"))
struct AvailabilityTests {

  /// The stand-in SDK and its module cache, shared by the tests (the first run builds the
  /// standard library from its interfaces, about a minute of CPU per platform).
  static let cache = PackageBuild.root + "/.build/availability"

  static func check(_ root: String, _ targets: [String] = []) throws -> CommandResult {
    try Command.run(
      PackageBuild.root + "/scripts/check-availability.sh", [root] + targets,
      environment: ["DEEPLINK_AVAILABILITY_CACHE": cache], timeout: Patience.buildSeconds)
  }

  @Test func theLibrariesUseNoAPINewerThanTheirDeploymentTargets() throws {
    let result = try Self.check(PackageBuild.root)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "check-availability: DeepLinkRoutes DeepLinkWire DeepLinkAgent ZlibInflate Pictures ReleaseInspection DeepLinkCommand type-check "
        + "for macOS 13 and iOS 16\n")
  }

  /// The check itself can fail: a library using `InlineArray` (macOS 26 / iOS 26), `Array.span`
  /// (26 / 26), `Atomic` (15 / 18) and `String(validating:as:)` (15 / 18) is refused at each
  /// use, named by file:line, for both platforms; the same APIs under `if #available` are not.
  @Test func theCheckRefusesAnAPINewerThanTheDeploymentTargetUnlessGuarded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let manifest = try String(contentsOfFile: PackageBuild.root + "/Package.swift", encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: directory.file("Sources/DeepLinkSystemC/include"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: directory.file("Sources/DeepLinkRoutes"), withIntermediateDirectories: true)
    try manifest.write(toFile: directory.file("Package.swift"), atomically: true, encoding: .utf8)
    try "".write(
      toFile: directory.file("Sources/DeepLinkSystemC/include/DeepLinkSystemC.h"), atomically: true,
      encoding: .utf8)
    try """
    import Synchronization

    func inlineArray() -> Int {
      let pair: InlineArray<2, Int> = [1, 2]
      return pair[0]
    }
    func atomic() -> Int { Atomic<Int>(0).load(ordering: .relaxed) }
    func validating(_ bytes: [UInt8]) -> String? { String(validating: [UInt8](bytes), as: UTF8.self) }
    func arraySpan(_ bytes: [UInt8]) -> Int { bytes.span.count }

    func guarded(_ bytes: [UInt8]) -> Int {
      if #available(macOS 26, iOS 26, *) {
        let pair: InlineArray<2, Int> = [1, 2]
        return pair[1] + bytes.span.count
      }
      return bytes[...].span.count
    }

    """.write(
      toFile: directory.file("Sources/DeepLinkRoutes/Fixture.swift"), atomically: true, encoding: .utf8)

    let result = try Self.check(directory.path, ["DeepLinkRoutes"])
    #expect(result.status == 1, "\(result)")
    let file = directory.file("Sources/DeepLinkRoutes/Fixture.swift")
    for (platform, newer, newest) in [("macOS", "15.0", "26.0"), ("iOS", "18.0", "26.0")] {
      for (line, column, message) in [
        (4, 13, "'InlineArray' is only available in \(platform) \(newest) or newer"),
        (7, 24, "'Atomic' is only available in \(platform) \(newer) or newer"),
        (8, 48, "'init(validating:as:)' is only available in \(platform) \(newer) or newer"),
        (9, 49, "'span' is only available in \(platform) \(newest) or newer"),
      ] {
        #expect(
          result.stderr.contains("\(file):\(line):\(column): error: \(message)\n"),
          "\(platform) line \(line): \(result.stderr)")
      }
    }
    // The guarded uses, and `ArraySlice.span` (back-deployed to macOS 10.14.4), pass.
    for line in 11...17 { #expect(!result.stderr.contains("\(file):\(line):"), "line \(line)") }
    #expect(result.stderr.contains("DeepLinkRoutes does not type-check for x86_64-apple-macosx13"))
    #expect(result.stderr.contains("DeepLinkRoutes does not type-check for x86_64-apple-ios16-simulator"))
  }
}
