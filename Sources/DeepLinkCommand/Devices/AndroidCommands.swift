import DeepLinkWire

/// The `adb` command lines that drive an Android device, and what their results mean.
///
/// Behaviour relied on, as documented (no phone or emulator ran these tests; see
/// docs/simulators-and-devices.md):
/// - adb's client joins the words after `shell` with spaces, without escaping, and the
///   device's shell parses that string again (AOSP `adb/client/commandline.cpp`). So the whole
///   command goes as one word, with the URL single-quoted for the device shell (`'` written
///   `'\''`, as AOSP's own `escape_arg` does): an `&`, `;`, `$(…)` or quote in a link stays
///   in the link.
/// - `am start -W` prints `Status: ok` on success, and `Error: Activity not started, unable to
///   resolve Intent { … }` when no app handles the link, exiting 0 either way on Android up to
///   at least 14 (AOSP `ActivityManagerShellCommand`): the text decides.
enum AndroidCommands {
  /// The intent action of a link.
  static let viewAction = "android.intent.action.VIEW"

  /// The command for the device shell:
  /// `am start -W -a android.intent.action.VIEW -d '<URL>' [<package>]`.
  static func startCommand(_ url: String, package: String?) -> String {
    var command = "am start -W -a \(viewAction) -d " + singleQuoted(url)
    if let package { command += " " + singleQuoted(package) }
    return command
  }

  /// `-s <SERIAL> shell '<command>'`: the command as one word.
  /// `-s SERIAL exec-out screencap -p`: a PNG of the device's screen on standard output
  /// (`adb shell screencap -h`; `exec-out` keeps the bytes binary).
  static func screencap(serial: String) -> [String] {
    ["-s", serial, "exec-out", "screencap", "-p"]
  }

  /// `[-s SERIAL] wait-for-device`: returns once the device answers adb.
  static func waitForDevice(serial: String?) -> [String] {
    (serial.map { ["-s", $0] } ?? []) + ["wait-for-device"]
  }

  /// `-s SERIAL shell getprop sys.boot_completed`: `1` once the system has booted.
  static func bootCompleted(serial: String) -> [String] {
    shell("getprop sys.boot_completed", serial: serial)
  }

  static func shell(_ command: String, serial: String) -> [String] {
    ["-s", serial, "shell", command]
  }

  /// `text` in single quotes for a POSIX shell, every `'` written `'\''`: the shell gives
  /// back exactly `text`, whatever it holds.
  ///
  ///     AndroidCommands.singleQuoted("a'b")  // 'a'\''b'
  static func singleQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }

  /// Whether `name` is an application id Android accepts: two or more segments separated by
  /// dots, each a letter followed by letters, digits or underscores (`com.example.app`).
  static func isPackageName(_ name: String) -> Bool {
    let segments = name.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count >= 2 else { return false }
    return segments.allSatisfy { segment in
      guard let first = segment.unicodeScalars.first, first.isASCIILetter else { return false }
      return segment.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }
  }

  /// What an `adb -s SERIAL shell 'am start …'` result means.
  ///
  /// - `unable to resolve Intent` (stdout, exit 0) or another `Error:` line from `am` → 65.
  /// - adb's own errors (its exit 1): `device '…' not found`, `device offline`,
  ///   `device unauthorized`, `no devices/emulators found` → 69.
  /// - Any other non-zero exit → 70, with the tool's message.
  static func failure(
    of result: ChildProcess.Result, command: [String], scheme: String, serial: String, tool: String
  ) -> DeviceFailure? {
    let output = result.output
    let message = result.errorOutput + output
    if output.contains("unable to resolve Intent") || output.contains("Error: Activity not started")
      || output.contains("Error: Activity class")
    {
      return .schemeNotRegistered(scheme: scheme, kind: .android, toolMessage: message)
    }
    guard result.status != 0 else { return nil }
    if message.contains("unauthorized") {
      return .deviceUnavailable(
        "Android device \(serial)", advice: "unlock it and accept the USB debugging prompt, then retry",
        toolMessage: message)
    }
    if message.contains("offline") {
      return .deviceUnavailable(
        "Android device \(serial)", advice: "reconnect it, or run `adb reconnect`", toolMessage: message)
    }
    if message.contains("device '\(serial)' not found") || message.contains("no devices/emulators") {
      return .deviceUnavailable(
        "Android device \(serial)", advice: "`\(tool) targets` lists the attached devices",
        toolMessage: message)
    }
    return .toolFailed(["adb"] + command, status: result.status, toolMessage: message)
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
