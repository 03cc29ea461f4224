import DeepLinkWire

/// What `check-release` found: every file read, every path that could not be read, and the
/// outcome: the exit code, and the failure to report when it is not 0.
///
///     debug registered in Recipes.app/Info.plist at CFBundleURLTypes[1].CFBundleURLSchemes[0]
///     agent linked in Recipes.app/Recipes (DeepLinkAgent's release marker at byte 1843712)
///     debug not registered in Shop.app/Info.plist (its URL schemes: shop)
///     no agent in Shop.app/Shop (4211840 bytes read)
struct ReleaseCheckReport {
  /// The table's scheme.
  let scheme: String
  /// `--expect-registered`: the check of a debug build.
  let expectRegistered: Bool
  var files: [CheckedFile] = []
  var unreadable: [ReleaseCheckError] = []

  /// The files that register the scheme.
  var registering: [CheckedFile] { files.filter { !$0.registrations(of: scheme).isEmpty } }

  /// The executables that carry the agent.
  var linkingAgent: [ScannedExecutable] { files.compactMap(\.executable).filter(\.linksAgent) }

  /// The checks that failed, for `--json`: `unreadable`, `scheme` (registered in a release
  /// build, or missing from a debug one), `agent` (linked into a release build).
  var failedChecks: [String] {
    if !unreadable.isEmpty { return ["unreadable"] }
    if expectRegistered {
      return files.contains { $0.registrations(of: scheme).isEmpty } ? ["scheme"] : []
    }
    return (registering.isEmpty ? [] : ["scheme"]) + (linkingAgent.isEmpty ? [] : ["agent"])
  }

  /// The failure, or `nil` when the check passed: unreadable input first (66: nothing is
  /// proved about it), then the scheme registered in a release build or missing from a
  /// debug build (1).
  var failure: ReleaseCheckFailure? {
    if !unreadable.isEmpty {
      return ReleaseCheckFailure(
        exitCode: .unreadable, kind: FailureKind.unreadable.rawValue,
        message: unreadable.map(\.message).joined(separator: "; "),
        hint: "Give a built .app, .xcarchive, .ipa, Info.plist or AndroidManifest.xml.")
    }
    let found = registering
    if expectRegistered {
      let missing = files.filter { $0.registrations(of: scheme).isEmpty }
      guard !missing.isEmpty else { return nil }
      return ReleaseCheckFailure(
        exitCode: .checkFailed, kind: FailureKind.notRegistered.rawValue,
        message: "\(scheme) is not registered in \(missing.map(\.path).joined(separator: ", ")); a debug "
          + "build must register it for its debug links to open",
        hint: "Is this the debug build? Its Info.plist (or manifest) needs the scheme in CFBundleURLTypes "
          + "(or an intent-filter's <data android:scheme>).")
    }
    let agents = linkingAgent
    let agentMessage =
      "the deeplink agent is linked into \(agents.map(\.path).joined(separator: ", ")); a release build "
      + "must not start it"
    let agentHint = "Start the agent only under #if DEBUG (see docs/release-builds.md)."
    guard !found.isEmpty else {
      guard !agents.isEmpty else { return nil }
      return ReleaseCheckFailure(
        exitCode: .checkFailed, kind: FailureKind.agentLinked.rawValue, message: agentMessage, hint: agentHint
      )
    }
    let schemeMessage =
      "\(scheme) is registered in \(found.map(\.path).joined(separator: ", ")); a release build "
      + "must not register the debug scheme"
    let schemeHint = "Strip it by scheme, not by index, and fail loudly: see docs/release-builds.md."
    return ReleaseCheckFailure(
      exitCode: .checkFailed, kind: FailureKind.registered.rawValue,
      message: agents.isEmpty ? schemeMessage : schemeMessage + "; and " + agentMessage,
      hint: agents.isEmpty ? schemeHint : schemeHint + "\n" + agentHint)
  }

  /// One line per file: where the scheme is registered, or that it is not.
  var text: String {
    var lines = ""
    for file in files {
      let matches = file.registrations(of: scheme)
      if matches.isEmpty {
        let others = file.registrations.map(\.scheme)
        lines +=
          "\(scheme) not registered in \(file.path) "
          + (others.isEmpty
            ? "(it registers no URL scheme)" : "(its URL schemes: \(others.joined(separator: ", ")))") + "\n"
      }
      for match in matches {
        let written = match.scheme == scheme ? "" : " (written '\(match.scheme)')"
        lines += "\(scheme) registered in \(file.path) at \(match.location)\(written)\n"
      }
      if let executable = file.executable {
        if let offset = executable.markerOffset {
          lines += "agent linked in \(executable.path) (DeepLinkAgent's release marker at byte \(offset))\n"
        } else {
          lines += "no agent in \(executable.path) (\(executable.bytesRead) bytes read)\n"
        }
      }
    }
    return ControlCharacters.escaped(lines, keepingNewlines: true)
  }

  /// `--json`: `scheme`, `expectRegistered`, `ok`, `failed` (the checks that failed:
  /// `scheme`, `agent`, `unreadable`), then `files` (each `path`, `kind`, `registered`, `at`:
  /// the places of the scheme, `schemes`: every scheme it registers, and for an app's
  /// Info.plist `executable`: `path`, `agent`, `markerOffset` when found, `bytesRead`) and
  /// `unreadable` (each `path`, `reason`).
  var json: JSON {
    .object([
      ("scheme", .string(scheme)),
      ("expectRegistered", .bool(expectRegistered)),
      ("ok", .bool(failure == nil)),
      ("failed", .array(failedChecks.map { .string($0) })),
      (
        "files",
        .array(
          files.map { file in
            let matches = file.registrations(of: scheme)
            var fields: [(String, JSON)] = [
              ("path", .string(file.path)),
              ("kind", .string(file.kind.rawValue)),
              ("registered", .bool(!matches.isEmpty)),
              ("at", .array(matches.map(Self.json))),
              ("schemes", .array(file.registrations.map { .string($0.scheme) })),
            ]
            if let executable = file.executable { fields.append(("executable", Self.json(executable))) }
            return .object(fields)
          })
      ),
      (
        "unreadable",
        .array(unreadable.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })
      ),
    ])
  }

  static func json(_ executable: ScannedExecutable) -> JSON {
    var fields: [(String, JSON)] = [
      ("path", .string(executable.path)), ("agent", .bool(executable.linksAgent)),
    ]
    if let offset = executable.markerOffset { fields.append(("markerOffset", .int(offset))) }
    fields.append(("bytesRead", .int(executable.bytesRead)))
    return .object(fields)
  }

  static func json(_ registration: CheckedFile.Registration) -> JSON {
    var fields: [(String, JSON)] = [("scheme", .string(registration.scheme))]
    if let place = registration.place { fields.append(("place", .string(place))) }
    if let line = registration.line { fields.append(("line", .int(line))) }
    if let activity = registration.activity { fields.append(("activity", .string(activity))) }
    return .object(fields)
  }
}
