import DeepLinkRoutes
import DeepLinkWire

/// Delivering links to a simulator, an iPhone or an Android device, and what is said about it.
extension DeviceBridge {
  /// Sends `url` to a simulator or Android device, or with `--dry-run` prints how it would.
  ///
  /// - Parameter resolved: the device `target` means, when looking for its agent already
  ///   chose it (``routed()``): `simctl list` is not run twice.
  func deliver(
    _ url: String, to target: DeliveryTarget, resolved: ResolvedDevice? = nil
  )
    throws
  {
    try requireBundleID(for: target)
    if context.options.dryRun {
      try context.write(plannedCommands([url], to: target).joined(separator: "\n") + "\n")
      return
    }
    let runner = programRunner()
    let device: ResolvedDevice
    if let resolved { device = resolved } else { device = try resolve(target, runner: runner) }
    try deliver(url, to: device, runner: runner)
    try reportDelivery(url, to: device)
  }

  /// Sends `url` to `device` (already resolved).
  func deliver(_ url: String, to device: ResolvedDevice, runner: DeviceProgramRunner)
    throws(DeviceFailure)
  {
    var deviceBundleID: String? = nil
    if device.kind == .device { deviceBundleID = try bundleID() }
    switch device.kind {
    case .simulator:
      try runSimctl(SimulatorCommands.openURL(url, udid: device.id), on: device, runner: runner)
    case .device:
      guard let bundleID = deviceBundleID else { throw DeviceFailure.bundleIDNeeded(device.target) }
      let arguments = PhysicalDeviceCommands.launch(url, bundleID: bundleID, identifier: device.id)
      let result = try runner.run(.xcrun, arguments)
      let physical = PhysicalDevice(identifier: device.id, name: device.name)
      if let failure = PhysicalDeviceCommands.failure(
        of: result, command: arguments, bundleID: bundleID, device: physical)
      {
        throw failure
      }
    case .android:
      let arguments = androidArguments(url, serial: device.id)
      let result = try runner.run(.adb, arguments)
      if let failure = AndroidCommands.failure(
        of: result, command: arguments, scheme: context.table.scheme, serial: device.id,
        tool: context.tool.name)
      {
        throw failure
      }
    case .app:
      preconditionFailure("the app target is served over the socket")
    }
  }

  func androidArguments(_ url: String, serial: String) -> [String] {
    AndroidCommands.shell(AndroidCommands.startCommand(url, package: androidPackageName()), serial: serial)
  }

  /// The app that must open links on Android: `--package`, else the routes file's
  /// `android.package`, else none (an implicit intent).
  func androidPackageName() -> String? {
    context.options.package ?? context.androidPackage
  }

  /// The one line that says where the link went, or its JSON form.
  func reportDelivery(_ url: String, to device: ResolvedDevice) throws(StreamFailure) {
    guard !context.options.quiet else { return }
    if context.options.json {
      let object = JSON.object([
        ("delivered", .bool(true)), ("acknowledged", .bool(false)), ("url", .string(url)),
        ("target", .string(device.target.text)), ("kind", .string(device.kind.rawValue)),
        ("name", .string(device.name)), ("id", .string(device.id)),
      ])
      try context.write(object.serialized + "\n")
    } else {
      try context.write(
        "delivered \(url) to \(device.description); " + Self.unacknowledged(device.kind) + "\n")
    }
  }

  /// Why a delivered link has no acknowledgement, and how to get one.
  static func unacknowledged(_ kind: DeliveryTarget.Kind) -> String {
    if kind == .device {
      return "not acknowledged, so no screen follows: a phone cannot reach this computer's /tmp, where "
        + "an agent's socket would be, so the app cannot answer"
    }
    return kind == .simulator
      ? "not acknowledged, so no screen follows: no app's deeplink agent answers on that simulator "
        + "(embed DeepLinkAgent in the app's debug build, giving it the app's bundle id, and start "
        + "the app)"
      : "the app cannot acknowledge it without the deeplink agent, so no screen follows"
  }
}
