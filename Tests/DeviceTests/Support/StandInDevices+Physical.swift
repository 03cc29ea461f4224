import Foundation
import TestSupport

extension StandInDevices {
  /// A `devicectl list devices --json-output` file listing `devices` (identifier, name, tunnel
  /// state, pairing state), each an iPhone on iOS 17.4.1, pretty-printed one key per line as
  /// the stand-in reads it; returns its path.
  static func physicalDevices(
    _ devices: [(String, String, String, String)], in directory: TemporaryDirectory
  ) throws -> String {
    let items = devices.enumerated().map { index, device in
      """
            {
              "connectionProperties" : {
                "pairingState" : "\(device.3)",
                "transportType" : "wired",
                "tunnelState" : "\(device.2)"
              },
              "deviceProperties" : {
                "developerModeStatus" : "enabled",
                "name" : "\(device.1)",
                "osVersionNumber" : "17.4.1"
              },
              "hardwareProperties" : {
                "marketingName" : "iPhone 15",
                "platform" : "iOS",
                "reality" : "physical",
                "udid" : "00008110-00\(index)978540290401E"
              },
              "identifier" : "\(device.0)"
            }
      """
    }.joined(separator: ",\n")
    let json = """
      {
        "info" : {
          "jsonVersion" : 2,
          "outcome" : "success"
        },
        "result" : {
          "devices" : [
      \(items)
          ]
        }
      }

      """
    let file = directory.file("devices.json")
    try json.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }
}
