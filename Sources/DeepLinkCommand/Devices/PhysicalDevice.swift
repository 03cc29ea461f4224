import DeepLinkWire

/// One iPhone or iPad as `xcrun devicectl list devices --json-output FILE` describes it
/// (Xcode 15+, iOS 17+).
///
/// The file (its `info.jsonVersion` is 2) lists devices under `result.devices`:
///
///     {"info": {"jsonVersion": 2, "outcome": "success"}, "result": {"devices": [
///       {"identifier": "A1B2…", "deviceProperties": {"name": "Ann's iPhone", "osVersionNumber": "17.4.1"},
///        "hardwareProperties": {"udid": "00008110-…", "platform": "iOS", "reality": "physical", …},
///        "connectionProperties": {"pairingState": "paired", "tunnelState": "disconnected", …}}]}}
///
/// Sources (the shape as read by tools that parse it; devicectl was never run here): expo/expo
/// `packages/@expo/cli/src/start/platforms/ios/devicectl.ts` (`jsonVersion` 2, the fields and
/// their example values), software-mansion/argent
/// `packages/tool-server/src/utils/ios-device/devicectl.ts` (`reality` absent on older
/// toolchains, `hardwareProperties` that may be empty), sweetpad-dev/sweetpad (`tunnelState`
/// `connected`, `disconnected` or `unavailable`).
struct PhysicalDevice: Hashable, Sendable {
  /// CoreDevice's identifier, what `--device` takes.
  var identifier: String
  var name: String
  /// The hardware UDID (`00008110-000978540290401E`), when listed.
  var udid: String? = nil
  /// `iOS`, `xrOS`, …
  var platform: String? = nil
  var osVersion: String? = nil
  /// `paired`, or another state.
  var pairingState: String? = nil
  /// `connected`, `disconnected` (devicectl connects on demand) or `unavailable`.
  var tunnelState: String? = nil
  /// `physical` or `simulated`; absent on older toolchains.
  var reality: String? = nil

  /// Whether devicectl can reach it now: paired and not `unavailable` (a `disconnected` tunnel
  /// is opened by the command itself: "Acquired tunnel connection to device.").
  var isReachable: Bool { pairingState == "paired" && tunnelState != "unavailable" }

  /// A phone or tablet, not a simulator (CoreDevice lists those too on recent Xcode) nor a Mac.
  var isPhysicalIOSDevice: Bool {
    (reality == nil || reality == "physical")
      && (platform == nil || ["iOS", "iPadOS"].contains(platform ?? ""))
  }

  /// The `--target` value that selects it: by identifier, which never changes.
  var target: DeliveryTarget { .device(id: identifier) }

  /// `Ann's iPhone (iOS 17.4.1)`.
  var label: String { name + (osVersion.map { " (iOS \($0))" } ?? "") }

  /// The arguments after `xcrun` that list every device into `file` as JSON.
  static func listArguments(file: String) -> [String] {
    ["devicectl", "list", "devices", "--json-output", file]
  }

  /// The physical iOS devices of a `devicectl list devices` JSON file, in its order.
  ///
  /// - Throws: ``DeviceFailure/unexpectedOutput(_:_:)`` when it is not that JSON.
  static func parseList(_ bytes: [UInt8]) throws(DeviceFailure) -> [PhysicalDevice] {
    let json: JSON
    do {
      json = try JSON.parse(bytes)
    } catch {
      throw .unexpectedOutput(.xcrun, "`devicectl list devices --json-output` wrote no JSON (\(error))")
    }
    guard let devices = json["result"]?["devices"]?.arrayValue else {
      throw .unexpectedOutput(
        .xcrun, "`devicectl list devices --json-output` wrote no \"result.devices\" array")
    }
    return devices.compactMap { item -> PhysicalDevice? in
      let hardware = item["hardwareProperties"]
      let properties = item["deviceProperties"]
      let connection = item["connectionProperties"]
      guard let identifier = item["identifier"]?.stringValue ?? hardware?["udid"]?.stringValue else {
        return nil
      }
      let device = PhysicalDevice(
        identifier: identifier, name: properties?["name"]?.stringValue ?? identifier,
        udid: hardware?["udid"]?.stringValue, platform: hardware?["platform"]?.stringValue,
        osVersion: properties?["osVersionNumber"]?.stringValue,
        pairingState: connection?["pairingState"]?.stringValue,
        tunnelState: connection?["tunnelState"]?.stringValue, reality: hardware?["reality"]?.stringValue)
      return device.isPhysicalIOSDevice ? device : nil
    }
  }

  /// The device a `device[:ID-or-name]` target means among `devices`: without one, the one
  /// reachable; with one, the device with that identifier or UDID (any case), else the one of
  /// that exact name.
  ///
  /// - Throws: 69 for none reachable, an unknown device or one that cannot be reached; 64 for
  ///   several that match.
  static func select(_ wanted: String?, among devices: [PhysicalDevice]) throws(DeviceFailure)
    -> PhysicalDevice
  {
    let reachable = devices.filter(\.isReachable)
    guard let wanted else {
      guard let only = reachable.first else { throw .noPhysicalDevice(listed: devices) }
      guard reachable.count == 1 else { throw .severalPhysicalDevices(reachable, matching: nil) }
      return only
    }
    let upper = wanted.uppercased()
    let byID = devices.filter { $0.identifier.uppercased() == upper || $0.udid?.uppercased() == upper }
    let matches = byID.isEmpty ? devices.filter { $0.name == wanted } : byID
    let reachableMatches = matches.filter(\.isReachable)
    if reachableMatches.count == 1 { return reachableMatches[0] }
    if reachableMatches.count > 1 { throw .severalPhysicalDevices(reachableMatches, matching: wanted) }
    guard let first = matches.first else { throw .unknownPhysicalDevice(wanted, listed: devices) }
    throw .physicalDeviceUnreachable(first)
  }

  /// Every physical iOS device `xcrun devicectl list devices` lists, through a JSON file in a
  /// private temporary folder (removed afterwards).
  ///
  /// - Throws: 69 when this Xcode has no devicectl (before Xcode 15: `xcrun: error: unable to
  ///   find utility "devicectl"`); what running the tool and reading its file throw.
  static func list(runner: DeviceProgramRunner) throws(DeviceFailure) -> [PhysicalDevice] {
    let made: (folder: String, file: String)
    do {
      made = try BinaryFile.makePrivateFile(named: "devicectl-devices", suffix: ".json")
    } catch {
      throw .cannotWrite("a temporary file for devicectl's list", error)
    }
    defer { BinaryFile.removePrivateFile(made.file, in: made.folder) }
    let arguments = listArguments(file: made.file)
    let result = try runner.run(.xcrun, arguments)
    guard result.status == 0 else {
      let message = result.errorOutput + result.output
      if message.contains("unable to find utility \"devicectl\"") {
        throw .deviceUnavailable(
          "xcrun devicectl",
          advice: "it comes with Xcode 15 or later (and reaches iOS 17 or later); update Xcode",
          toolMessage: message)
      }
      throw .toolFailed(["xcrun"] + arguments, status: result.status, toolMessage: message)
    }
    let bytes: [UInt8]
    do {
      bytes = try BinaryFile.read(made.file)
    } catch {
      throw .cannotRead(made.file, error)
    }
    return try parseList(bytes)
  }
}
