import DeepLinkWire

/// What links can go to right now: the app if one answers on the socket, the booted
/// simulators, the Android devices ready for commands. `deeplink targets` prints it;
/// `--target <TAB>` completes from it.
struct TargetListing {
  /// One target, with the `--target` value that selects it.
  struct Entry: Hashable, Sendable {
    var target: String
    var kind: DeliveryTarget.Kind
    /// `deeplink-app`, `iPhone 15 (iOS 17.2)`, `Pixel_7`.
    var name: String
    /// The socket path, the UDID or the serial.
    var id: String
    /// For a simulator app whose agent answers: its bundle id (then ``id`` is its socket, and
    /// `--bundle-id` with ``target`` selects it).
    var bundleID: String? = nil

    var json: JSON {
      var members: [(String, JSON)] = [
        ("target", .string(target)), ("kind", .string(kind.rawValue)), ("name", .string(name)),
        ("id", .string(id)),
      ]
      if let bundleID { members += [("bundleId", .string(bundleID)), ("acknowledges", .bool(true))] }
      return .object(members)
    }

    /// A simulator app's agent: `simulator:<UDID>` and its bundle id.
    init(agent: SimulatorAgent) {
      self.init(
        target: DeliveryTarget.simulator(device: agent.udid).text, kind: .simulator,
        name: agent.bundleID + " (its agent acknowledges links)", id: agent.socket, bundleID: agent.bundleID)
    }

    init(target: String, kind: DeliveryTarget.Kind, name: String, id: String, bundleID: String? = nil) {
      self.target = target
      self.kind = kind
      self.name = name
      self.id = id
      self.bundleID = bundleID
    }
  }

  var entries: [Entry] = []
  /// Why something may be missing (a tool that failed, a device that is unauthorized), one
  /// line each; a tool that is not installed is no news and gives none.
  var notes: [String] = []

  /// Asks the app on `socket` (unless `nil`), then `xcrun` and `adb` when they are on `PATH`.
  /// The app is listed under `tool`'s app command, the command that starts it, if it knows it;
  /// `tool` says the notes.
  ///
  /// - Parameter runner: gives the runner of each step, with its deadline: one shared by all
  ///   (`deeplink targets`), or a fresh one each, so that one hung tool does not hide the
  ///   other's devices (completion).
  static func discover(
    socket: String?, tool: ToolIdentity, runner makeRunner: () -> DeviceProgramRunner
  ) -> TargetListing {
    var listing = TargetListing()
    if let socket, appAnswers(on: socket, deadline: makeRunner().deadline) {
      listing.entries.append(Entry(target: "app", kind: .app, name: tool.appCommand ?? "app", id: socket))
    }
    var runner = makeRunner()
    if DeviceProgram.xcrun.locate(path: runner.path) != nil {
      do throws(DeviceFailure) {
        let result = try runner.run(.xcrun, SimulatorDevice.listArguments)
        guard result.status == 0 else {
          throw DeviceFailure.toolFailed(
            ["xcrun"] + SimulatorDevice.listArguments, status: result.status,
            toolMessage: result.errorOutput)
        }
        for device in try SimulatorDevice.parseList(result.standardOutput) where device.isBooted {
          listing.entries.append(
            Entry(target: device.target.text, kind: .simulator, name: device.label, id: device.udid))
        }
      } catch {
        listing.notes.append("no simulators listed: " + error.message(for: tool))
      }
      runner = makeRunner()
      do throws(DeviceFailure) {
        for device in try PhysicalDevice.list(runner: runner) {
          if device.isReachable {
            listing.entries.append(
              Entry(target: device.target.text, kind: .device, name: device.label, id: device.identifier))
          } else {
            listing.notes.append(
              "device \(device.label) \(device.identifier) is \(DeviceFailure.unreachableState(device)): connect "
                + "it by cable and unlock it")
          }
        }
      } catch {
        listing.notes.append("no iPhones or iPads listed: " + error.message(for: tool))
      }
    }
    runner = makeRunner()
    if DeviceProgram.adb.locate(path: runner.path) != nil {
      do throws(DeviceFailure) {
        let result = try runner.run(.adb, AndroidDevice.listArguments)
        guard result.status == 0 else {
          throw DeviceFailure.toolFailed(
            ["adb"] + AndroidDevice.listArguments, status: result.status, toolMessage: result.errorOutput)
        }
        for device in AndroidDevice.parseList(result.output) {
          if device.isReady {
            listing.entries.append(
              Entry(
                target: device.target.text, kind: .android, name: device.model ?? device.serial,
                id: device.serial))
          } else {
            listing.notes.append(
              "Android device \(device.serial) is \(device.state)"
                + DeviceFailure.advice(forState: device.state))
          }
        }
      } catch {
        listing.notes.append("no Android devices listed: " + error.message(for: tool))
      }
    }
    return listing
  }

  /// Whether an app answers a ping on `socket` before `deadline` (and within a second).
  static func appAnswers(on socket: String, deadline: Deadline) -> Bool {
    let soon = min(deadline, Deadline.after(milliseconds: 1000))
    guard let client = try? LineClient.connect(path: socket, deadline: soon) else { return false }
    defer { client.close() }
    guard let line = try? client.request(Request.ping.line, deadline: soon),
      let reply = try? JSON.parse(line)
    else { return false }
    return reply["ok"]?.boolValue == true
  }

  /// The text of `deeplink targets`: one aligned row per target.
  var text: String {
    let rows =
      [("TARGET", "KIND", "NAME")]
      + entries.map { entry in
        (
          entry.target + (entry.bundleID.map { " --bundle-id " + ShellQuoting.quote($0) } ?? ""),
          entry.kind.rawValue, entry.name
        )
      }
    let first = rows.map(\.0.count).max() ?? 0
    let second = rows.map(\.1.count).max() ?? 0
    return rows.map { row in
      row.0 + String(repeating: " ", count: first - row.0.count + 2) + row.1
        + String(repeating: " ", count: second - row.1.count + 2) + row.2 + "\n"
    }.joined()
  }

  /// The lines of `deeplink __complete targets`: the general values, then each target found,
  /// as `value<TAB>description`.
  var completionLines: [String] {
    var lines = [
      "app\tthe app on its socket (the default)", "simulator\tthe one booted iOS Simulator",
      "device\tthe one connected iPhone or iPad", "android\tthe one attached Android device",
    ]
    for entry in entries where entry.kind != .app && entry.bundleID == nil {
      lines.append(entry.target + "\t" + ControlCharacters.escaped(entry.name, keepingNewlines: false))
    }
    return lines
  }
}
