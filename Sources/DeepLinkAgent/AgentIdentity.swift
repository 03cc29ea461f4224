import DeepLinkWire

/// Which app an agent is, as its `ping` reply says: the bundle id the app gave, the simulator
/// it runs on (`SIMULATOR_UDID`, set by CoreSimulator) and its process id, so that `deeplink`
/// can list and check the agents it finds.
///
///     {"ok":true,"version":"…","debugLinks":true,"helpVersion":"…","pid":4242,"bundleId":"com.example.Recipes","simulatorUdid":"5B6D…"}
struct AgentIdentity: Hashable, Sendable {
  var bundleID: String?
  var simulatorUDID: String?
  var processID: Int32

  /// This process, with `bundleID`, reading `SIMULATOR_UDID` with `environmentValue`.
  init(bundleID: String?, environmentValue: (String) -> String? = FileSystem.environmentValue) {
    self.bundleID = bundleID
    let udid = environmentValue(SimulatorSocket.udidVariable.name)
    self.simulatorUDID = udid?.isEmpty == false ? udid : nil
    self.processID = FileSystem.processID
  }

  /// The members `ping` adds after `debugLinks` and `helpVersion`: `pid`, then `bundleId` and `simulatorUdid`
  /// when known.
  var pingFields: [JSON.Member] {
    var fields = [JSON.Member("pid", .int(Int(processID)))]
    if let bundleID { fields.append(JSON.Member("bundleId", .string(bundleID))) }
    if let simulatorUDID { fields.append(JSON.Member("simulatorUdid", .string(simulatorUDID))) }
    return fields
  }

  /// ` as com.example.Recipes on simulator 5B6D…`, for the log's "listening" line; empty
  /// when neither is known.
  var logSuffix: String {
    var text = ""
    if let bundleID { text += " as \(bundleID)" }
    if let simulatorUDID { text += " on simulator \(simulatorUDID)" }
    return text
  }
}
