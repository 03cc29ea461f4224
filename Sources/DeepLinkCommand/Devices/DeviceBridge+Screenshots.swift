import DeepLinkRoutes
import DeepLinkWire
import Pictures

/// Screenshots of a simulator or an Android device, taken once the screen stopped changing.
extension DeviceBridge {
  /// A picture of `target`, a simulator or Android target, once its screen stopped changing,
  /// and the device it came from: `screen --png FILE` and the `screenshot` tool of
  /// `deeplink mcp`.
  func settledScreenshot(of target: DeliveryTarget, settling: Settling)
    throws(DeviceFailure) -> (ResolvedDevice, SettledScreenshot)
  {
    try requireScreenshotTarget(target)
    let device = try resolve(target, runner: programRunner())
    return (device, try settledScreenshot(of: device, settling: settling))
  }

  /// Takes a screenshot of `device`, already resolved, into the file `path`: each picture of
  /// a tour.
  func captureScreenshot(of device: ResolvedDevice, to path: String, runner: DeviceProgramRunner)
    throws(DeviceFailure)
  {
    switch device.kind {
    case .simulator:
      try runSimctl(SimulatorCommands.screenshot(udid: device.id, to: path), on: device, runner: runner)
    default:
      let arguments = AndroidCommands.screencap(serial: device.id)
      let result = try runner.run(.adb, arguments)
      if let failure = AndroidCommands.failure(
        of: result, command: arguments, scheme: context.table.scheme, serial: device.id,
        tool: context.tool.name)
      {
        throw failure
      }
      guard result.standardOutput.starts(with: Self.pngSignature) else {
        throw .notAScreenshot(
          ["adb"] + arguments, toolMessage: result.errorOutput + result.output.prefix(200))
      }
      do throws(Errno) {
        try BinaryFile.write(result.standardOutput, to: path)
      } catch {
        throw .cannotWrite(path, error)
      }
    }
  }

  /// Fails with exit 64 for an iPhone or iPad: screenshots come from simctl and adb only.
  func requireScreenshotTarget(_ target: DeliveryTarget) throws(DeviceFailure) {
    guard target.kind == .device else { return }
    throw DeviceFailure.wrongTarget(
      ScreenCommand.name, target, expected: "simulator and android targets for --png")
  }

  /// The eight bytes every PNG file starts with.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A picture of `device` now: taken into a new file of a private temporary folder (both
  /// removed after), read, and decoded by ``PNGDecoder``.
  ///
  /// - Throws: what taking a screenshot throws; 70 when the tool gave no PNG.
  func screenshot(of device: ResolvedDevice) throws(DeviceFailure) -> Screenshot {
    let made: (folder: String, file: String)
    do throws(Errno) {
      made = try BinaryFile.makePrivateFile(named: "screen", suffix: ".png")
    } catch {
      throw DeviceFailure.cannotWrite("a temporary file", error)
    }
    defer { BinaryFile.removePrivateFile(made.file, in: made.folder) }
    try captureScreenshot(of: device, to: made.file, runner: programRunner())
    let bytes: [UInt8]
    do throws(Errno) {
      bytes = try BinaryFile.read(made.file)
    } catch {
      throw DeviceFailure.cannotRead(made.file, error)
    }
    do {
      return Screenshot(png: bytes, picture: try PNGDecoder.decode(bytes))
    } catch {
      let command =
        device.kind == .simulator
        ? ["xcrun"] + SimulatorCommands.screenshot(udid: device.id, to: made.file)
        : ["adb"] + AndroidCommands.screencap(serial: device.id)
      throw DeviceFailure.notAScreenshot(command, toolMessage: error.message)
    }
  }

  /// A picture of `device` once its screen stopped changing (``ScreenSettling``): every
  /// picture deeplink takes. A stop signal held during a tour ends the wait at once.
  ///
  /// - Throws: what taking a screenshot throws.
  func settledScreenshot(of device: ResolvedDevice, settling: Settling)
    throws(DeviceFailure) -> SettledScreenshot
  {
    try ScreenSettling.settle(
      settling, now: { Clocks.monotonicMilliseconds }, interrupted: { HeldSignals.pending }
    ) { () throws(DeviceFailure) in try screenshot(of: device) }
  }
}
