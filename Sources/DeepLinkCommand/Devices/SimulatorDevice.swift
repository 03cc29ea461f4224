import DeepLinkWire

/// One iOS Simulator device as `xcrun simctl list devices -j` describes it.
///
/// The JSON groups devices by runtime:
///
///     {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-17-2": [
///       {"udid": "5B6D…", "name": "iPhone 15", "state": "Booted", "isAvailable": true, …}]}}
struct SimulatorDevice: Hashable, Sendable {
  var udid: String
  var name: String
  /// `Booted`, `Shutdown`, `Booting`, `Shutting Down`, as simctl spells them.
  var state: String
  /// The runtime's identifier: `com.apple.CoreSimulator.SimRuntime.iOS-17-2`.
  var runtime: String
  var isAvailable: Bool

  var isBooted: Bool { state == "Booted" }

  /// `iOS 17.2` from `com.apple.CoreSimulator.SimRuntime.iOS-17-2`; the identifier itself when
  /// it has another shape.
  var runtimeName: String {
    let prefix = "com.apple.CoreSimulator.SimRuntime."
    guard runtime.hasPrefix(prefix) else { return runtime }
    let parts = runtime.dropFirst(prefix.count).split(separator: "-")
    guard let platform = parts.first, parts.count > 1 else { return String(runtime.dropFirst(prefix.count)) }
    return platform + " " + parts.dropFirst().joined(separator: ".")
  }

  /// The `--target` value that selects it: by UDID, which never changes and is never shared.
  var target: DeliveryTarget { .simulator(device: udid) }

  /// `iPhone 15 (iOS 17.2)`.
  var label: String { "\(name) (\(runtimeName))" }

  /// The command that lists every device, with the JSON ``parseList(_:)`` reads.
  static let listArguments = ["simctl", "list", "devices", "-j"]

  /// The devices of `simctl list devices -j`'s output, in its order.
  ///
  /// - Throws: ``DeviceFailure/unexpectedOutput(_:_:)`` when it is not that JSON.
  static func parseList(_ output: [UInt8]) throws(DeviceFailure) -> [SimulatorDevice] {
    let json: JSON
    do {
      json = try JSON.parse(output)
    } catch {
      throw .unexpectedOutput(.xcrun, "`simctl list devices -j` printed no JSON (\(error))")
    }
    guard let runtimes = json["devices"]?.objectValue else {
      throw .unexpectedOutput(.xcrun, "`simctl list devices -j` printed no \"devices\" object")
    }
    var devices: [SimulatorDevice] = []
    for member in runtimes {
      let (runtime, list) = (member.key, member.value)
      for item in list.arrayValue ?? [] {
        guard let udid = item["udid"]?.stringValue, let name = item["name"]?.stringValue,
          let state = item["state"]?.stringValue
        else { continue }
        // Xcode 10.1 wrote isAvailable as the string "YES"; later ones as a boolean.
        let available = item["isAvailable"]?.boolValue ?? (item["isAvailable"]?.stringValue == "YES")
        devices.append(
          SimulatorDevice(udid: udid, name: name, state: state, runtime: runtime, isAvailable: available))
      }
    }
    return devices
  }

  /// The device a `simulator[:DEVICE]` target means among `devices`.
  ///
  /// Without a device: the one booted. With one: the device with that UDID (any case), else
  /// the one booted device of that exact name.
  ///
  /// - Throws: ``DeviceFailure`` with exit 69 for none booted, an unknown device or one that is
  ///   not booted; 64 for several that match.
  static func select(_ device: String?, among devices: [SimulatorDevice]) throws(DeviceFailure)
    -> SimulatorDevice
  {
    let booted = devices.filter(\.isBooted)
    guard let device else {
      guard let only = booted.first else { throw .noBootedSimulator(shutDown: devices.count) }
      guard booted.count == 1 else { throw .severalSimulators(booted, matching: nil) }
      return only
    }
    let upper = device.uppercased()
    let matches =
      devices.filter { $0.udid.uppercased() == upper }.isEmpty
      ? devices.filter { $0.name == device } : devices.filter { $0.udid.uppercased() == upper }
    let bootedMatches = matches.filter(\.isBooted)
    if bootedMatches.count == 1 { return bootedMatches[0] }
    if bootedMatches.count > 1 { throw .severalSimulators(bootedMatches, matching: device) }
    guard let first = matches.first else { throw .unknownSimulator(device, booted: booted) }
    throw .simulatorNotBooted(first, matches: matches.count)
  }

  /// Whether `text` has the shape of a UDID (8-4-4-4-12 hexadecimal digits), so that
  /// `--dry-run` can print the delivery exactly without listing devices.
  static func looksLikeUDID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }

  /// The device `wait` waits for: with a UDID or name, that device in any state (a booted
  /// one first); without, the one booted or booting.
  ///
  /// - Throws: 69 for none or an unknown device, 64 for several.
  static func selectForWait(_ device: String?, among devices: [SimulatorDevice]) throws(DeviceFailure)
    -> SimulatorDevice
  {
    let live = devices.filter { $0.isBooted || $0.state == "Booting" }
    guard let device else {
      guard let only = live.first else { throw .noBootedSimulator(shutDown: devices.count) }
      guard live.count == 1 else { throw .severalSimulators(live, matching: nil) }
      return only
    }
    let upper = device.uppercased()
    let byUDID = devices.filter { $0.udid.uppercased() == upper }
    let matches = byUDID.isEmpty ? devices.filter { $0.name == device } : byUDID
    guard let first = matches.first else {
      throw .unknownSimulator(device, booted: devices.filter(\.isBooted))
    }
    guard matches.count > 1 else { return first }
    let liveMatches = matches.filter { $0.isBooted || $0.state == "Booting" }
    guard liveMatches.count == 1 else { throw .severalSimulators(matches, matching: device) }
    return liveMatches[0]
  }
}
