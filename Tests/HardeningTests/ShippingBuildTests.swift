import DeepLinkWire
import Foundation
import RecipeSampleApp
import TestSupport
import Testing

/// Set in the sanitizer runs, which check our code rather than build configurations.
let skipReleaseBuilds = ProcessInfo.processInfo.environment["DEEPLINK_SKIP_RELEASE_BUILDS"] == "1"

/// Debug links exist only in builds made for debugging, checked on real optimized binaries: a
/// plain `swift build -c release` (the shipping configuration) refuses `debug://` links; the
/// binaries `make install` installs, built with `-DDEEPLINK_DEBUG_LINKS`, accept them.
///
/// Each flavour builds into its own scratch path under `.build/`, so the debug build the
/// other tests use is left alone; `make test` builds both before the tests
/// (scripts/build-test-packages.sh), and after that, or after the first run, both builds here
/// are incremental no-ops. Set
/// `DEEPLINK_SKIP_RELEASE_BUILDS=1` to skip (the sanitizer runs do: they check our code, not
/// the build configuration).
@Suite(.disabled(if: skipReleaseBuilds, "DEEPLINK_SKIP_RELEASE_BUILDS=1"))
struct ShippingBuildTests {

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// Builds `deeplink-app` with `flags` into `.build/<scratch>` and returns the binary's path.
  static func buildApp(scratch: String, flags: [String]) throws -> String {
    let arguments =
      [
        "swift", "build", "--package-path", packageRoot, "--scratch-path", packageRoot + "/.build/" + scratch,
        "--product", "deeplink-app",
      ] + flags
    let build = try Command.run(
      "/usr/bin/env", arguments, environment: Command.buildEnvironment, timeout: Patience.buildSeconds)
    guard build.status == 0 else { throw Failure("\(arguments.joined(separator: " ")):\n\(build)") }
    // SwiftPM links `<scratch>/release` to the platform's folder (no second `swift build`
    // for `--show-bin-path`).
    return packageRoot + "/.build/" + scratch + "/release/deeplink-app"
  }

  /// The plain release `deeplink-app`, built once for the tests that run it.
  static let shippingApp = Result { try buildApp(scratch: "shipping", flags: ["-c", "release"]) }

  @Test func plainReleaseBuildRefusesDebugLinksAndSaysSo() throws {
    let executable = try Self.shippingApp.get()
    let app = try RunningApp.start(executable: executable)
    defer { app.stop() }

    let before = try AppWire.state(of: app)
    let client = try AppWire.connect(app)
    defer { client.close() }
    #expect(try client.json(#"{"op":"ping"}"#)["debugLinks"] == .bool(false))

    // Raw, as a bare URL line and as a JSON request.
    for line in ["debug://settings", #"{"op":"open","url":"debug://settings"}"#] {
      let reply = try client.json(line)
      #expect(reply["ok"] == .bool(false), "\(line)")
      #expect(reply["error"]?["kind"] == .string("debug-links-disabled"), "\(line)")
      let message = reply["error"]?["message"]?.stringValue ?? ""
      #expect(message.contains("release build"), "\(message)")
      #expect(message.contains("debug:// links do not exist"), "\(message)")
      #expect(reply["state"] == nil && reply["applied"] == nil, "\(reply.serialized)")
    }

    // Through the real CLI: `deeplink open URL` and the route subcommand.
    for arguments in [["open", "debug://settings"], ["settings"]] {
      let result = try Command.run(Command.product("deeplink"), arguments + ["--socket", app.socket])
      #expect(result.status == 65, "\(result)")
      #expect(result.stderr.contains("the app rejected the link"), "\(result)")
      #expect(result.stderr.contains("release build"), "\(result)")
    }

    #expect(try AppWire.state(of: app) == before)
    #expect(ExpectedState.comparable(before) == SampleSpecification.root)
  }

  /// `executable` copied into an iOS-layout `.app` in `directory`, with an Info.plist naming it.
  static func bundle(_ executable: String, named name: String, in directory: TemporaryDirectory) throws
    -> String
  {
    let app = directory.file(name + ".app")
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: executable, toPath: app + "/" + name)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleExecutable</key><string>\(name)</string></dict></plist>
      """.utf8
    ).write(to: URL(fileURLWithPath: app + "/Info.plist"))
    return app
  }

  /// The agent's marker survives what a shipping build does to the code (`-O`, whole-module
  /// optimization, `--gc-sections`): the plain release `deeplink-app` in a bundle fails
  /// `check-release`, as an app that forgot `#if DEBUG` around the agent would.
  @Test func theShippingBuildStillCarriesTheAgentsMarker() throws {
    let executable = try Self.shippingApp.get()
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try Self.bundle(executable, named: "Shipping", in: directory)
    let result = try Command.run(Command.product("deeplink"), ["check-release", app])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdout.contains("agent linked in \(app)/Shipping (DeepLinkAgent's release marker at byte "))
  }

  /// What `make install` installs (the `make release` build: optimized, `-DDEEPLINK_DEBUG_LINKS`,
  /// on Linux `-static-executable`), installed into a temporary prefix: static, accepting
  /// debug links, and driven by the installed `deeplink`.
  @Test func theBinariesMakeInstallInstallsAcceptDebugLinks() throws {
    let prefix = try TemporaryDirectory()
    defer { prefix.remove() }
    let make = try Command.run(
      "/usr/bin/env",
      [
        "make", "-s", "-C", Self.packageRoot, "install", "PREFIX=" + prefix.path,
        "RELEASE_SCRATCH=" + Self.packageRoot + "/.build/installed",
      ], environment: Command.buildEnvironment, timeout: Patience.buildSeconds)
    #expect(make.status == 0, "\(make)")
    let executable = prefix.file("bin/deeplink-app")
    let deeplink = prefix.file("bin/deeplink")
    #if os(Linux)
      // -static-executable: no program interpreter (dynamic loader) in either binary.
      for binary in [executable, deeplink] {
        #expect(try ELFFile.hasInterpreter(binary) == false, "\(binary) is dynamically linked")
      }
    #endif
    // The installed tool does not link the agent, and finds itself clean (its needle is made
    // at run time); the installed app carries the marker.
    for (binary, name, status) in [(deeplink, "Tool", 0), (executable, "App", 1)] as [(String, String, Int32)]
    {
      let bundle = try Self.bundle(binary, named: name, in: prefix)
      let check = try Command.run(deeplink, ["check-release", bundle])
      #expect(check.status == status, "\(check)")
    }
    let app = try RunningApp.start(executable: executable)
    defer { app.stop() }

    let client = try AppWire.connect(app)
    defer { client.close() }
    #expect(try client.json(#"{"op":"ping"}"#)["debugLinks"] == .bool(true))
    let reply = try client.json("debug://settings")
    #expect(reply["ok"] == .bool(true), "\(reply.serialized)")
    #expect(reply["applied"] == .string("debug://settings"))

    let result = try Command.run(deeplink, ["open", "debug://recipe?id=42", "--socket", app.socket])
    #expect(result.status == 0, "\(result)")
    let state = try AppWire.state(of: app)
    #expect(
      ExpectedState.comparable(state).serialized
        == #"{"path":[{"destination":"recipe","id":42}],"overrides":{}}"#)
  }
}

/// The check the shipping-build test makes of the installed binaries can fail: a dynamically
/// linked program (the system's `sh`) names its loader, a static one does not.
@Suite struct ELFFileTests {
  #if os(Linux)
    @Test func aDynamicallyLinkedProgramNamesItsLoader() throws {
      #expect(try ELFFile.hasInterpreter("/bin/sh"))
    }
  #endif

  @Test func aFileThatIsNotELFIsAnError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "#!/bin/sh\n".write(toFile: directory.file("script"), atomically: true, encoding: .utf8)
    #expect(throws: Failure.self) { try ELFFile.hasInterpreter(directory.file("script")) }
  }
}
