import DeepLinkWire

/// A simulator or Android device chosen for a command.
struct ResolvedDevice: Hashable, Sendable {
  var kind: DeliveryTarget.Kind
  /// The UDID or the serial.
  var id: String
  /// `iPhone 15 (iOS 17.2)`, `Pixel_7`; the id when nothing better is known.
  var name: String

  var target: DeliveryTarget {
    switch kind {
    case .simulator: .simulator(device: id)
    case .device: .device(id: id)
    default: .android(serial: id)
    }
  }

  /// `simulator iPhone 15 (iOS 17.2) 5B6D…`, `device Ann's iPhone (iOS 17.4) A1B2…`,
  /// `android device Pixel_7 emulator-5554`.
  var description: String {
    switch kind {
    case .simulator: "simulator \(name) \(id)"
    case .device: "device \(name) \(id)"
    default: "Android device " + (name == id ? id : "\(name) \(id)")
    }
  }
}
