import DeepLinkRoutes
import DeepLinkWire

/// An app's deeplink agent found answering on a simulator: where it listens and what its
/// `ping` said (`AgentIdentity` in `DeepLinkAgent`).
struct SimulatorAgent: Hashable, Sendable {
  /// `/tmp/deeplink-<uid>/<hash>.sock` (`SimulatorSocket`).
  var socket: String
  var bundleID: String
  /// As the agent's environment spells it (CoreSimulator's `SIMULATOR_UDID`).
  var udid: String
  var processID: Int?

  /// The options that select it: `--target simulator:<UDID> --bundle-id <ID>`.
  var options: String {
    "--target " + ShellQuoting.quote(DeliveryTarget.simulator(device: udid).text) + " --bundle-id "
      + ShellQuoting.quote(bundleID)
  }

  /// Whether this is the app `bundleID` on the simulator `udid`: UDIDs compared in upper case,
  /// bundle ids in lower case, as ``SimulatorSocket`` hashes them.
  func isApp(_ bundleID: String, on udid: String) -> Bool {
    self.udid.uppercased() == udid.uppercased() && self.bundleID.lowercased() == bundleID.lowercased()
  }

  /// How long one agent may take to answer a `ping` while agents are being looked for without
  /// a bundle id: an agent that answers later is not counted (a stopped app, a full backlog).
  static let discoveryMilliseconds = 1000

  /// What listens on `socket`, from its `ping` (one connection, one request, as every command
  /// sends them: ``AppSession``).
  ///
  /// - Returns: `nil` when nothing listens there (no socket, or a stale one); `.other` when
  ///   the agent there names no simulator app (no `bundleId` or `simulatorUdid` in its reply).
  /// - Throws: what connecting to the app target throws (another user's socket, a file that
  ///   is no socket), and 75 when the agent accepts the connection but does not answer within
  ///   `timeoutMilliseconds`.
  static func identify(_ socket: String, timeoutMilliseconds: Int, table: RouteTable) throws(ClientFailure)
    -> Identified?
  {
    var session: AppSession
    do {
      session = try AppSession.connect(
        path: socket, timeoutMilliseconds: timeoutMilliseconds, tableVersion: table.version)
    } catch .socket(.noListener) {
      return nil
    }
    defer { session.close() }
    return Identified(ping: try session.request(.ping), socket: socket)
  }

  /// What ``identify(_:timeoutMilliseconds:table:)`` found listening.
  enum Identified: Hashable, Sendable {
    case agent(SimulatorAgent)
    /// An agent that is no simulator app's (started with an explicit socket there, say).
    case other(processID: Int?)

    /// What the `ping` reply of the agent on `socket` says it is.
    init(ping reply: JSON, socket: String) {
      guard let bundleID = reply["bundleId"]?.stringValue, let udid = reply["simulatorUdid"]?.stringValue
      else {
        self = .other(processID: reply["pid"]?.intValue)
        return
      }
      self = .agent(
        SimulatorAgent(socket: socket, bundleID: bundleID, udid: udid, processID: reply["pid"]?.intValue))
    }

    /// The agent, when it is the app `bundleID` on the simulator `udid`.
    ///
    /// - Throws: 69 naming what answers on `socket` instead.
    func agent(_ bundleID: String, on udid: String, socket: String) throws(DeviceFailure) -> SimulatorAgent {
      switch self {
      case .agent(let agent) where agent.isApp(bundleID, on: udid):
        return agent
      case .agent(let agent):
        throw DeviceFailure.notThatAgent(socket: socket, bundleID: bundleID, udid: udid, found: agent)
      case .other:
        throw DeviceFailure.notThatAgent(socket: socket, bundleID: bundleID, udid: udid, found: nil)
      }
    }
  }

  /// `wait`'s and `launch`'s report: `<bundle id> answers on simulator <UDID> (pid N) at
  /// <socket>`, or with `--json` `listening`, `socket`, `bundleId`, `simulatorUdid`, `pid`.
  func report(json: Bool) -> String {
    guard json else {
      return "\(bundleID) answers on simulator \(udid)" + (processID.map { " (pid \($0))" } ?? "")
        + " at \(socket)\n"
    }
    return JSON.object([
      ("listening", .bool(true)), ("socket", .string(socket)), ("bundleId", .string(bundleID)),
      ("simulatorUdid", .string(udid)), ("pid", processID.map { .int($0) } ?? .null),
    ]).serialized + "\n"
  }

  /// Every simulator app's agent that answers, on any simulator: the sockets of the user's
  /// shared directory (`SimulatorSocket.directory(userID:)`), each pinged, sorted by UDID
  /// and bundle id. What cannot be reached or does not answer in time is left out.
  static func discover(table: RouteTable) -> [SimulatorAgent] {
    let directory = SimulatorSocket.directory()
    return (FileSystem.entries(of: directory) ?? []).filter { $0.hasSuffix(".sock") }.sorted()
      .compactMap { name -> SimulatorAgent? in
        guard
          case .agent(let agent)? = try? identify(
            directory + "/" + name, timeoutMilliseconds: discoveryMilliseconds, table: table)
        else { return nil }
        return agent
      }
      .sorted { ($0.udid, $0.bundleID) < ($1.udid, $1.bundleID) }
  }
}
