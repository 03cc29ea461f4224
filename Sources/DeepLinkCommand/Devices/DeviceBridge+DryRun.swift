import DeepLinkRoutes
import DeepLinkWire

/// What `--dry-run` prints for a device target: the command lines it would run.
extension DeviceBridge {
  /// Placeholders `--dry-run` prints for a device chosen only when the command runs.
  static let udidPlaceholder = "<UDID>"
  static let serialPlaceholder = "<SERIAL>"
  static let deviceIDPlaceholder = "<DEVICE-ID>"
  static let fileplaceholder = "<FILE>"
  static let bundleIDPlaceholder = "<BUNDLE-ID>"

  /// The command lines `--dry-run` prints for delivering `urls` to `target`, shell-quoted. A
  /// device chosen only at run time (the one booted, a simulator by name) shows as `<UDID>` or
  /// `<SERIAL>`, after the command that lists the devices.
  func plannedCommands(_ urls: [String], to target: DeliveryTarget) -> [String] {
    var commands: [[String]] = []
    switch target {
    case .app:
      return urls.map { "send \($0) to the app on \(context.socketPath)" }
    case .simulator(let device):
      var udid = Self.udidPlaceholder
      if let device, SimulatorDevice.looksLikeUDID(device) {
        udid = device
      } else {
        commands.append(["xcrun"] + SimulatorDevice.listArguments)
      }
      commands += urls.map { ["xcrun"] + SimulatorCommands.openURL($0, udid: udid) }
    case .device(let wanted):
      // The device is always chosen from the list: it says whether the phone can be reached.
      commands.append(["xcrun"] + PhysicalDevice.listArguments(file: Self.fileplaceholder))
      let identifier =
        wanted.flatMap { SimulatorDevice.looksLikeUDID($0) ? $0 : nil } ?? Self.deviceIDPlaceholder
      let app = (try? bundleID()) ?? nil
      commands += urls.map {
        ["xcrun"]
          + PhysicalDeviceCommands.launch(
            $0, bundleID: app ?? Self.bundleIDPlaceholder, identifier: identifier)
      }
    case .android(let serial):
      let chosen = serial ?? androidSerial
      if chosen == nil { commands.append(["adb"] + AndroidDevice.listArguments) }
      commands += urls.map {
        ["adb"] + androidArguments($0, serial: chosen ?? Self.serialPlaceholder)
      }
    }
    return commands.map(Self.printable)
  }

  /// A command line for `--dry-run`: each word shell-quoted, placeholders as they are.
  static func printable(_ words: [String]) -> String {
    words.map {
      [udidPlaceholder, serialPlaceholder, deviceIDPlaceholder, fileplaceholder, bundleIDPlaceholder]
        .contains($0)
        ? $0 : ShellQuoting.quote($0)
    }
    .joined(separator: " ")
  }
}
