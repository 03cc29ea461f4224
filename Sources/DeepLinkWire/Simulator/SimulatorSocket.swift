/// Where an app's agent listens on the iOS Simulator: computed the same way inside the app
/// (``agentPath(explicit:bundleID:environmentValue:userID:)``) and by `deeplink` on the host
/// (``path(udid:bundleID:userID:)``), so neither has to tell the other.
///
///     SimulatorSocket.path(udid: "5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D", bundleID: "com.example.Recipes", userID: 501)
///     // "/tmp/deeplink-501/<16 hexadecimal digits>.sock"
///
/// Why this place and this name (facts from public sources; no simulator was run here):
/// - A process on the iOS Simulator sees the host's `/tmp` and runs as the host user's uid:
///   idb's in-app REPL puts its socket in `/tmp`, "a namespace shared between the host
///   companion and the simulator app (which runs as the same user)", in a per-user 0700
///   directory checked with `lstat` (facebook/idb,
///   `FBSimulatorControl/Commands/FBSimulatorReplCommands.swift`, `replSocketDirectory()` and
///   `ensureReplSocketDirectory(_:)`). `TMPDIR` and `HOME` are not used: inside the app they
///   name its own container, which the host does not know, and a socket there is too long for
///   `sun_path` (iCepa/Tor.framework#64; AvdLee/RocketSimApp#1034 for a long user name).
/// - The name is a 64-bit FNV-1a hash of the UDID, a NUL and the bundle id, as 16 hexadecimal
///   digits, as idb's `replSocketPath(udid:bundleID:)` and `stableHashHex(_:)` do, because
///   `sockaddr_un.sun_path` holds 104 bytes on macOS and the UDID plus a bundle id "would not
///   reliably fit". The path is then at most 46 bytes, whatever their lengths: nothing is ever
///   truncated. (Swift's `Hasher` is seeded per process and could not name a shared path.)
/// - The UDID is hashed in upper case (`simctl list` and `SIMULATOR_UDID` spell it so, and
///   `--target simulator:<udid>` typed in lower case names the same device), the bundle id in
///   lower case ("Bundle IDs are case insensitive", developer.apple.com/help/glossary/bundle-id).
/// - The directory is the one the agent's default socket already uses, `/tmp/deeplink-<uid>`,
///   with the same guarantees (``PrivateDirectory``: 0700, owned by the user, not a symlink).
package enum SimulatorSocket {
  /// Set by CoreSimulator in every process it starts on a simulator: that simulator's UDID
  /// (XCTest helpers read it to find the current simulator, e.g. a `Simulator.current` that
  /// reads `SIMULATOR_UDID` and `HOME`; Kotlin Multiplatform code tests it for "is a simulator").
  package static let udidVariable = EnvironmentVariable(
    "SIMULATOR_UDID", summary: "Set on the iOS Simulator: the simulator the app runs on")

  /// The shared directory: `/tmp/deeplink-<uid>`.
  package static func directory(userID: UInt32? = nil) -> String {
    "/tmp/deeplink-\(userID ?? FileSystem.userID)"
  }

  /// The socket of the app `bundleID` on the simulator `udid`, for the user `userID` (this
  /// process's by default).
  package static func path(udid: String, bundleID: String, userID: UInt32? = nil) -> String {
    directory(userID: userID) + "/" + hashHex(udid.uppercased() + "\u{0}" + bundleID.lowercased()) + ".sock"
  }

  /// Where an agent listens: the explicit path, else `$DEEPLINK_SOCKET`, else, for an app
  /// that gave its bundle id and runs on a simulator (`SIMULATOR_UDID` set), that app's
  /// simulator socket, else the default search order (``SocketPath``). Without
  /// `SIMULATOR_UDID` or a bundle id, exactly ``SocketPath/resolve(explicit:environmentValue:userID:)``.
  package static func agentPath(
    explicit: String?, bundleID: String?, environmentValue: (String) -> String?, userID: UInt32? = nil
  ) -> String {
    if let explicit, !explicit.isEmpty { return explicit }
    if let bundleID, environmentValue(SocketPath.socketVariable.name)?.isEmpty ?? true,
      let udid = environmentValue(udidVariable.name), !udid.isEmpty
    {
      return path(udid: udid, bundleID: bundleID, userID: userID)
    }
    return SocketPath.resolve(explicit: nil, environmentValue: environmentValue, userID: userID)
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes as 16 lower-case hexadecimal digits.
  ///
  ///     SimulatorSocket.hashHex("")  // "cbf29ce484222325"
  package static func hashHex(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
