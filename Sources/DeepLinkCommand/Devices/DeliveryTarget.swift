package import DeepLinkWire

/// Where a link goes: `--target VALUE` or `DEEPLINK_TARGET`.
///
///     DeliveryTarget(parsing: "app")                     // .app: the socket (the default)
///     DeliveryTarget(parsing: "simulator")               // the one booted iOS Simulator
///     DeliveryTarget(parsing: "simulator:iPhone 15")     // a simulator by UDID or exact name
///     DeliveryTarget(parsing: "device:Ann's iPhone")      // an iPhone or iPad by identifier or name
///     DeliveryTarget(parsing: "android:emulator-5554")   // an Android device by serial
///     DeliveryTarget(parsing: "iphone")                  // nil
package enum DeliveryTarget: Hashable, Sendable {
  /// The app on the socket, which acknowledges each link (the default).
  case app
  /// An iOS Simulator: a UDID or an exact device name, or `nil` for the one booted.
  case simulator(device: String?)
  /// An Android emulator or device: a serial, or `nil` for `ANDROID_SERIAL` or the one attached.
  case android(serial: String?)
  /// A physical iPhone or iPad reached with `xcrun devicectl`: its identifier, UDID or exact
  /// name, or `nil` for the one connected. Delivery only: a phone cannot reach the host's `/tmp`.
  case device(id: String?)

  /// The kinds, as `deeplink targets` names them.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    case app
    case simulator
    case device
    case android
  }

  /// `DEEPLINK_TARGET`: the target when `--target` is not given.
  package static let variable = EnvironmentVariable(
    "DEEPLINK_TARGET",
    summary: "The --target when none is given (app, simulator[:DEVICE], device[:ID], android[:SERIAL])")

  /// The forms `--target` accepts, for messages and help.
  package static let forms =
    "app, simulator, simulator:DEVICE, device, device:ID-or-name, android or android:SERIAL"

  /// Parses a `--target` value; `nil` when it is none of ``forms``.
  package init?(parsing text: String) {
    let kindText: Substring
    let device: Substring?
    if let colon = text.firstIndex(of: ":") {
      kindText = text[..<colon]
      device = text[text.index(after: colon)...]
    } else {
      kindText = text[...]
      device = nil
    }
    guard let kind = Kind(rawValue: String(kindText)) else { return nil }
    if let device, device.isEmpty || device.contains(where: \.isNewline) { return nil }
    switch kind {
    case .app:
      guard device == nil else { return nil }
      self = .app
    case .simulator: self = .simulator(device: device.map(String.init))
    case .android: self = .android(serial: device.map(String.init))
    case .device: self = .device(id: device.map(String.init))
    }
  }

  /// The value that selects this target: `simulator:<UDID>`.
  package var text: String {
    switch self {
    case .app: "app"
    case .simulator(let device): "simulator" + (device.map { ":" + $0 } ?? "")
    case .android(let serial): "android" + (serial.map { ":" + $0 } ?? "")
    case .device(let id): "device" + (id.map { ":" + $0 } ?? "")
    }
  }

  package var kind: Kind {
    switch self {
    case .app: .app
    case .simulator: .simulator
    case .android: .android
    case .device: .device
    }
  }
}
