import DeepLinkWire

/// One Android emulator or device as `adb devices -l` lists it:
///
///     List of devices attached
///     emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64xa transport_id:1
///     R58M12345AB            unauthorized usb:1-1 transport_id:2
struct AndroidDevice: Hashable, Sendable {
  var serial: String
  /// `device` when it can be driven; else `offline`, `unauthorized`, `authorizing`,
  /// `bootloader`, `recovery`, `no permissions …`.
  var state: String
  /// The `model:` field (`Pixel_7`), when listed.
  var model: String?

  var isReady: Bool { state == "device" }

  /// The `--target` value that selects it.
  var target: DeliveryTarget { .android(serial: serial) }

  /// `Pixel_7 (emulator-5554)`, or the serial alone.
  var label: String { model.map { "\($0) (\(serial))" } ?? serial }

  /// `ANDROID_SERIAL`: the device adb uses when `-s` is not given; so does `--target android`.
  static let serialVariable = EnvironmentVariable(
    "ANDROID_SERIAL", summary: "The Android device of --target android, as for adb (android:SERIAL wins)")

  /// `devices -l`.
  static let listArguments = ["devices", "-l"]

  /// The devices of `adb devices -l`'s output. The header, blank lines and the server's
  /// start-up lines (`* daemon not running; starting now at tcp:5037`) are skipped.
  static func parseList(_ output: String) -> [AndroidDevice] {
    var devices: [AndroidDevice] = []
    for line in output.split(whereSeparator: \.isNewline) {
      guard !line.hasPrefix("List of devices"), !line.hasPrefix("*") else { continue }
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard words.count >= 2 else { continue }
      // The state may be two words ("no permissions (…)"); fields are key:value.
      let fields = words.dropFirst()
      let stateWords = fields.prefix(while: { !$0.contains(":") || $0.hasPrefix("(") })
      let model = fields.first(where: { $0.hasPrefix("model:") }).map { String($0.dropFirst(6)) }
      devices.append(
        AndroidDevice(
          serial: String(words[0]), state: stateWords.joined(separator: " "), model: model))
    }
    return devices
  }

  /// The device an `android` target without a serial means: the one in state `device`.
  ///
  /// - Throws: ``DeviceFailure/noAndroidDevice(others:)`` (69) for none,
  ///   ``DeviceFailure/severalAndroidDevices(_:)`` (64) for several.
  static func select(among devices: [AndroidDevice]) throws(DeviceFailure) -> AndroidDevice {
    let ready = devices.filter(\.isReady)
    guard let only = ready.first else { throw .noAndroidDevice(others: devices) }
    guard ready.count == 1 else { throw .severalAndroidDevices(ready) }
    return only
  }
}
