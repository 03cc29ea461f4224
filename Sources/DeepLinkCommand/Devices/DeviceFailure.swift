import DeepLinkWire

/// Why a link could not be delivered to a simulator or an Android device, with its exit code.
///
/// The message names the problem and the fix; where the tool's own words explain it, they
/// follow on lines of their own.
enum DeviceFailure: CommandFailure, Hashable, Sendable {
  /// `xcrun` or `adb` is not on `PATH`.
  case toolMissing(DeviceProgram)
  /// The tool could not be started (`posix_spawn` failed).
  case cannotRun(DeviceProgram, call: String, Errno)
  /// The command line was still running at `--timeout`; it was killed.
  case timedOut([String], seconds: Double)
  /// The tool printed something this version does not understand.
  case unexpectedOutput(DeviceProgram, String)
  /// The tool failed in a way not recognized: its exit status and message.
  case toolFailed([String], status: Int32, toolMessage: String)

  /// No simulator is booted (`shutDown` devices exist).
  case noBootedSimulator(shutDown: Int)
  /// More than one booted simulator fits (`matching` is the name given, if any).
  case severalSimulators([SimulatorDevice], matching: String?)
  /// No simulator has that UDID or name.
  case unknownSimulator(String, booted: [SimulatorDevice])
  /// The simulator exists but is not booted.
  case simulatorNotBooted(SimulatorDevice, matches: Int)
  /// No iPhone or iPad can be reached; `listed` are those devicectl lists anyway.
  case noPhysicalDevice(listed: [PhysicalDevice])
  /// More than one reachable iPhone or iPad fits (`matching` is the name given, if any).
  case severalPhysicalDevices([PhysicalDevice], matching: String?)
  /// No listed iPhone or iPad has that identifier, UDID or name.
  case unknownPhysicalDevice(String, listed: [PhysicalDevice])
  /// The iPhone or iPad is listed but cannot be reached (not paired, tunnel unavailable).
  case physicalDeviceUnreachable(PhysicalDevice)
  /// A link to an iPhone or iPad, with no bundle id to name the app that opens it.
  case bundleIDNeeded(DeliveryTarget)
  /// No Android device is in state `device`; `others` are listed in other states.
  case noAndroidDevice(others: [AndroidDevice])
  /// More than one Android device is ready.
  case severalAndroidDevices([AndroidDevice])
  /// The chosen device went away, is offline, unauthorized or unknown to the tool.
  case deviceUnavailable(String, advice: String, toolMessage: String)
  /// No app on the device handles the link's scheme.
  case schemeNotRegistered(scheme: String, kind: DeliveryTarget.Kind, toolMessage: String)

  /// A command that needs the agent's answers (`state`, text `screen`) on a device target.
  case needsAgent(String, DeliveryTarget)
  /// `tour` on a simulator or Android target whose app cannot acknowledge its links, without
  /// `--settle`: nothing would say when a screen is final for its picture.
  case unacknowledgedTour(DeliveryTarget)
  /// A command for another kind of target (`approve` is for simulators).
  case wrongTarget(String, DeliveryTarget, expected: String)
  /// `screen --png` on the app target: the headless app has no pixels.
  case noPixels
  /// The screenshot tool printed no PNG.
  case notAScreenshot([String], toolMessage: String)
  /// A file could not be written.
  case cannotWrite(String, Errno)
  /// A file could not be read.
  case cannotRead(String, Errno)
  /// `wait`: the device was not booted and ready within `seconds`.
  case notReady(String, seconds: Double, advice: String)
  /// `--bundle-id` with a target that is no simulator.
  case bundleIDNeedsSimulator(DeliveryTarget)
  /// No bundle id was given and several apps' agents answer on the simulator.
  case severalAgents([SimulatorAgent], udid: String)
  /// What answers on the socket of the app `bundleID` on simulator `udid` is another agent
  /// (`found`, or one that names no simulator app when `nil`).
  case notThatAgent(socket: String, bundleID: String, udid: String, found: SimulatorAgent?)
  /// `DEEPLINK_TARGET` or `ANDROID_SERIAL` holds something unusable.
  case invalidEnvironment(name: String, value: String, expected: String)

  var exitCode: ExitCode {
    switch self {
    case .toolMissing, .noBootedSimulator, .unknownSimulator, .simulatorNotBooted, .noAndroidDevice,
      .deviceUnavailable, .notThatAgent, .noPhysicalDevice, .unknownPhysicalDevice,
      .physicalDeviceUnreachable:
      .unavailable
    case .needsAgent(_, let target), .unacknowledgedTour(let target):
      // On a simulator an agent can answer; none did, as no app answers on the app target.
      target.kind == .simulator ? .unavailable : .usage
    case .severalSimulators, .severalAndroidDevices, .wrongTarget, .invalidEnvironment,
      .noPixels, .bundleIDNeedsSimulator, .severalAgents, .severalPhysicalDevices, .bundleIDNeeded:
      .usage
    case .schemeNotRegistered: .rejected
    case .timedOut, .notReady: .timedOut
    case .cannotRun, .unexpectedOutput, .toolFailed, .notAScreenshot, .cannotWrite, .cannotRead:
      .internalError
    }
  }

  /// `usage` for a failure of the command line (exit 64), else `device`.
  var kind: String {
    exitCode == .usage ? FailureKind.usage.rawValue : FailureKind.device.rawValue
  }

  func message(for identity: ToolIdentity) -> String {
    switch self {
    case .toolMissing(let tool):
      "\(tool.rawValue) is not installed (not found on PATH); \(tool.origin)"
    case .cannotRun(let tool, let call, let errno):
      "cannot run \(tool.rawValue): \(call) failed: \(errno)"
    case .timedOut(let command, let seconds):
      "`\(Self.commandLine(command))` was still running after \(GlobalOption.formatted(seconds)) s and "
        + "was stopped; the link may or may not have arrived (raise --timeout if the device is just slow)"
    case .unexpectedOutput(let tool, let what):
      "unexpected output from \(tool.rawValue): \(what)"
    case .toolFailed(let command, let status, let toolMessage):
      "`\(Self.commandLine(command))` failed with exit status \(status)" + Self.quoted(toolMessage)

    case .noBootedSimulator(let shutDown):
      "no simulator is booted; boot one with `xcrun simctl boot <UDID>` or open Simulator.app"
        + (shutDown > 0 ? " (`xcrun simctl list devices` lists the \(shutDown) shut down)" : "")
    case .severalSimulators(let devices, let name):
      (name.map { "\(devices.count) booted simulators are named '\($0)'" }
        ?? "\(devices.count) simulators are booted")
        + "; choose one with --target:" + Self.list(devices.map { ($0.label, $0.target.text) })
    case .unknownSimulator(let device, let booted):
      "no simulator has the UDID or name '\(device)'"
        + (booted.isEmpty
          ? "; none is booted (boot one with `xcrun simctl boot <UDID>`)"
          : "; the booted ones are:" + Self.list(booted.map { ($0.label, $0.target.text) }))
    case .simulatorNotBooted(let device, let matches):
      "simulator \(device.label) \(device.udid) is \(device.state)"
        + (matches > 1 ? " (as are the \(matches - 1) others of that name)" : "")
        + "; boot it with `xcrun simctl boot \(device.udid)` or from Simulator.app"
    case .noPhysicalDevice(let listed):
      "no iPhone or iPad is connected; connect one by cable, unlock it and accept the Trust prompt "
        + "(devicectl needs iOS 17 or later and Developer Mode on), then check `xcrun devicectl list devices`"
        + listed.map { "\n  \($0.label) \($0.identifier) is " + Self.unreachableState($0) }.joined()
    case .severalPhysicalDevices(let devices, let name):
      (name.map { "\(devices.count) connected devices are named '\($0)'" }
        ?? "\(devices.count) iPhones or iPads are connected")
        + "; choose one with --target:" + Self.list(devices.map { ($0.label, $0.target.text) })
    case .unknownPhysicalDevice(let wanted, let listed):
      "no iPhone or iPad has the identifier, UDID or name '\(wanted)'"
        + (listed.isEmpty
          ? "; none is listed (connect one by cable and unlock it)"
          : "; the ones listed are:" + Self.list(listed.map { ($0.label, $0.target.text) }))
    case .physicalDeviceUnreachable(let device):
      "device \(device.label) \(device.identifier) is \(Self.unreachableState(device)); connect it by cable, "
        + "unlock it and accept the Trust prompt, then retry"
    case .bundleIDNeeded(let target):
      "--target \(target.text) needs the app's bundle id (--bundle-id ID, $\(DeviceBridge.bundleIDVariable.name) "
        + "or the routes file's ios.bundleId): devicectl opens a URL in the app it names"
    case .noAndroidDevice(let others):
      "no Android device is attached; start an emulator (`emulator -avd <name>`, or Android "
        + "Studio's Device Manager) or connect a phone with USB debugging on"
        + others.map { "\n  \($0.serial) is \($0.state)" + Self.advice(forState: $0.state) }.joined()
    case .severalAndroidDevices(let devices):
      "\(devices.count) Android devices are attached; choose one with --target (or ANDROID_SERIAL):"
        + Self.list(devices.map { ($0.label, $0.target.text) })
    case .deviceUnavailable(let what, let advice, let toolMessage):
      "\(what) is not available; \(advice)" + Self.quoted(toolMessage)
    case .schemeNotRegistered(let scheme, .android, let toolMessage):
      "no app on the device handles '\(scheme)://' links; check that the app is installed (and that "
        + "--package names it) and that an intent-filter in its AndroidManifest.xml has the action "
        + "VIEW, the categories DEFAULT and BROWSABLE and <data android:scheme=\"\(scheme)\"/>"
        + Self.quoted(toolMessage)
    case .schemeNotRegistered(let scheme, _, let toolMessage):
      "no app on the simulator handles '\(scheme)://' links; check that the app is installed on it "
        + "and declares the scheme '\(scheme)' under URL types (CFBundleURLTypes) in its Info.plist"
        + Self.quoted(toolMessage)
    case .needsAgent(let command, let target) where target.kind == .simulator:
      "\(command) needs the app's answer, and no app's deeplink agent answers on --target "
        + "\(target.text) (embed DeepLinkAgent in the app's debug build, giving it the app's bundle id; "
        + "with several apps, --bundle-id chooses one)"
        + (command == ScreenCommand.name
          ? "; `\(identity.name) screen --png FILE` takes a screenshot instead" : "")
    case .needsAgent(let command, let target) where target.kind == .device:
      "\(command) needs the app's answer, which an iPhone or iPad cannot give: a phone cannot reach "
        + "this computer's /tmp, where its agent's socket would be"
    case .needsAgent(let command, let target):
      "\(command) needs the app's answer, which a link sent to --target \(target.text) cannot "
        + "give (the app has no deeplink agent there)"
        + (command == ScreenCommand.name
          ? "; `\(identity.name) screen --png FILE` takes a screenshot instead" : "")
    case .unacknowledgedTour(let target) where target.kind == .simulator:
      "tour takes each picture once the app has acknowledged its link, and no app's deeplink agent "
        + "answers on --target \(target.text) (embed DeepLinkAgent in the app's debug build, giving it "
        + "the app's bundle id; with several apps, --bundle-id chooses one); or give \(TourCommand.settleFlag) SECONDS "
        + "to wait that long after each link before its picture instead"
    case .unacknowledgedTour(let target):
      "tour takes each picture once the app has acknowledged its link, and an app on --target "
        + "\(target.text) cannot acknowledge (there is no deeplink agent for Android apps, and "
        + "`am start -W` returns once the activity has started, not once it shows the link's screen); "
        + "give \(TourCommand.settleFlag) SECONDS to wait that long after each link before its picture"
    case .wrongTarget(let command, let target, let expected):
      "\(command) works with \(expected), not --target \(target.text)"
    case .noPixels:
      "screen --png needs a simulator or android --target: the headless app has no pixels "
        + "(`\(identity.name) screen` prints its screen as text)"
    case .notAScreenshot(let command, let toolMessage):
      "`\(Self.commandLine(command))` gave no PNG image" + Self.quoted(toolMessage)
    case .cannotWrite(let path, let errno):
      "cannot write \(path): \(errno)"
    case .cannotRead(let path, let errno):
      "cannot read \(path): \(errno)"
    case .notReady(let what, let seconds, let advice):
      "\(what) was not booted and ready within \(GlobalOption.formatted(seconds)) s; \(advice)"
    case .bundleIDNeedsSimulator(let target):
      "--bundle-id goes with a simulator or device target (--target simulator[:DEVICE] or device[:ID]), "
        + "not --target \(target.text)"
        + (target.kind == .android ? "; on Android, --package names the app" : "")
    case .severalAgents(let agents, let udid):
      "\(agents.count) apps' deeplink agents answer on simulator \(udid); choose one:"
        + Self.rows(agents.map { ($0.bundleID, $0.options) })
    case .notThatAgent(let socket, let bundleID, let udid, let found):
      "the agent answering on \(socket), the socket of \(bundleID) on simulator \(udid), is "
        + (found.map { "\($0.bundleID) on simulator \($0.udid)" }
          ?? "no simulator app's (its ping names no bundle id)")
        + "; stop what listens there, or start it without --socket so that it listens on its own"
    case .invalidEnvironment(let name, let value, let expected):
      "\(name) expects \(expected), got '\(value)'; fix or unset it"
    }
  }

  /// `adb -s emulator-5554 shell 'am start …'`: a command as a shell would take it.
  static func commandLine(_ words: [String]) -> String {
    words.map(ShellQuoting.quote).joined(separator: " ")
  }

  /// The tool's own words, indented on lines of their own; nothing when it said nothing.
  static func quoted(_ toolMessage: String) -> String {
    let lines = toolMessage.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
    return lines.prefix(12).map { "\n  | " + $0 }.joined()
  }

  /// Aligned `label  options` lines.
  static func rows(_ rows: [(label: String, options: String)]) -> String {
    let width = rows.map(\.label.count).max() ?? 0
    return rows.map {
      "\n  " + $0.label + String(repeating: " ", count: width - $0.label.count) + "  " + $0.options
    }
    .joined()
  }

  /// Aligned `label  --target value` lines.
  static func list(_ rows: [(label: String, target: String)]) -> String {
    let width = rows.map(\.label.count).max() ?? 0
    return rows.map { row in
      "\n  " + row.label + String(repeating: " ", count: width - row.label.count) + "  --target "
        + ShellQuoting.quote(row.target)
    }.joined()
  }

  /// Why a listed iPhone or iPad cannot be reached: `not paired` or `unavailable`.
  static func unreachableState(_ device: PhysicalDevice) -> String {
    device.pairingState != "paired"
      ? "not paired (\(device.pairingState ?? "no pairing state"))" : device.tunnelState ?? "unavailable"
  }

  static func advice(forState state: String) -> String {
    switch state {
    case "unauthorized": ": unlock it and accept the USB debugging prompt"
    case "offline": ": reconnect it, or run `adb reconnect`"
    case "authorizing": ": wait for it to finish authorizing"
    default: ""
    }
  }
}
