import Foundation
import TestSupport

/// A private world of stand-in `xcrun` and `adb` (Tests/DeviceTests/StandIns, first on `PATH`)
/// in which the real `deeplink` binary runs: the simulators `xcrun simctl list` reports, the
/// Android devices `adb devices -l` lists, and files where the stand-ins record what reached
/// them.
///
///     let world = try StandInDevices(android: ["emulator-5554\tdevice model:Pixel_7"])
///     defer { world.remove() }
///     try world.deeplink("--target", "android", "recipe", "--id", "42")
///     world.receivedByAm()  // ["start", "-W", "-a", "android.intent.action.VIEW", "-d", "debug://recipe?id=42"]
struct StandInDevices {
  /// Tests/DeviceTests/StandIns.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("StandIns").path

  /// What the stand-in scripts run besides shell built-ins.
  static let basicPrograms = ["sh", "awk", "cat", "sleep", "wc", "dirname", "mv"]

  let directory: TemporaryDirectory
  var environment: [String: String]

  /// - Parameters:
  ///   - simulators: the JSON file of StandIns/ that `simctl list devices -j` answers with.
  ///   - android: the device lines of `adb devices -l` (serial, state, fields).
  ///   - tools: which stand-ins are on `PATH`; the others are not found at all.
  init(
    simulators: String = "simulators.json", android: [String] = [], tools: Set<String> = ["xcrun", "adb"]
  ) throws {
    directory = try TemporaryDirectory()
    let bin = directory.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for tool in tools {
      try FileManager.default.createSymbolicLink(
        atPath: bin + "/" + tool, withDestinationPath: Self.folder + "/bin/" + tool)
    }
    // The basic programs the stand-ins use, and nothing else: a real adb installed in
    // /usr/bin (Debian's adb package) must not answer instead of the stand-in.
    let system = directory.file("system")
    try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
    for program in Self.basicPrograms {
      guard
        let found = ["/usr/bin/", "/bin/"].map({ $0 + program }).first(
          where: FileManager.default.isExecutableFile)
      else { continue }
      try FileManager.default.createSymbolicLink(atPath: system + "/" + program, withDestinationPath: found)
    }
    try (android.map { $0 + "\n" }.joined()).write(
      toFile: directory.file("adb-devices"), atomically: true, encoding: .utf8)
    environment = [
      // Only the stand-ins and the basic tools they use: a real adb or xcrun elsewhere on
      // this machine's PATH must not answer instead.
      "PATH": bin + ":" + system,
      "STANDIN_SIMULATORS": Self.folder + "/" + simulators,
      "STANDIN_ADB_DEVICES": directory.file("adb-devices"),
      "STANDIN_DEVICE_BIN": Self.folder + "/device",
      "STANDIN_AM_RECORD": directory.file("am-arguments"),
      "STANDIN_OPENED": directory.file("opened"),
      "STANDIN_DEFAULTS": directory.file("defaults"),
      "STANDIN_LOG": directory.file("log"),
      "STANDIN_PIDFILE": directory.file("pids"),
      "ANDROID_SERIAL": "",
      "DEEPLINK_TARGET": "",
    ]
  }

  func remove() { directory.remove() }

  /// Runs the real `deeplink` in this world.
  func deeplink(_ arguments: String..., environment extra: [String: String] = [:]) throws -> CommandResult {
    try deeplink(arguments, environment: extra)
  }

  func deeplink(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) throws
    -> CommandResult
  {
    try Command.deeplink(arguments, input: input, environment: environment.merging(extra) { $1 })
  }

  /// The arguments the `am` stand-in got, as the device shell split them; `nil` if it never ran.
  func receivedByAm() -> [String]? {
    records(directory.file("am-arguments"))
  }

  /// The URL after `-d` in what `am` got.
  func urlReceivedByAm() -> String? {
    guard let arguments = receivedByAm(), let index = arguments.firstIndex(of: "-d"),
      index + 1 < arguments.count
    else { return nil }
    return arguments[index + 1]
  }

  /// The URLs `simctl openurl` opened, in order.
  func openedOnSimulator() -> [String] { records(directory.file("opened")) ?? [] }

  /// The arguments of `simctl spawn … defaults write`, in order.
  func defaultsWritten() -> [String] { records(directory.file("defaults")) ?? [] }

  /// Every invocation of a stand-in, each as its argument list (`["adb", "-s", …]`).
  func invocations() -> [[String]] {
    guard let data = FileManager.default.contents(atPath: directory.file("log")) else { return [] }
    return data.split(separator: UInt8(ascii: "\n")).map { line in
      line.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
        String(decoding: $0, as: UTF8.self)
      }
    }
  }

  /// The pids the stand-ins wrote down.
  func recordedPIDs() -> [Int32] {
    guard let text = try? String(contentsOfFile: directory.file("pids"), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { Int32($0) }
  }

  /// NUL-separated records of a file, decoded as UTF-8 byte for byte.
  private func records(_ path: String) -> [String]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}
