import DeepLinkRoutes
import DeepLinkWire

extension DeepLinkTool {
  /// `deeplink batch [FILE|-]`: checks every line first (a usage error sends nothing), then
  /// sends the links one by one over one connection, stopping at the first failure. A batch
  /// with no link is a usage error, like a bare `deeplink`: an empty scenario is a mistake
  /// (a wrong path, a generator that wrote nothing), never a green step.
  ///
  /// Output per applied line: the screen (text); with `--json` one object per line (JSON
  /// Lines): `line` (the batch line's number), `applied` (the canonical URL) and the state's
  /// `path`, `overrides` and `screen`; nothing with `--quiet`.
  func runBatch(_ path: String?, options: GlobalOptions) throws(ClientFailure) {
    let steps = try BatchScript.steps(of: path, table: table).map { (line: $0.line, url: $0.url) }
    let target = try target(options)
    guard target == .app else {
      try deliverBatch(steps, to: target, options: options)
      return
    }
    if options.dryRun {
      try write(
        plannedCommands(steps.map(\.url), to: target, options: options).joined(separator: "\n") + "\n")
      return
    }
    var session = try connect(options)
    defer { session.close() }
    for (number, url) in steps {
      let reply: JSON
      do {
        // Each link's deadline counts from when it is sent, after the steps before it.
        let request = AppSession.openRequest(url, timeoutMilliseconds: options.timeoutMilliseconds)
        reply = try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
          try s.request(request)
        }
      } catch {
        throw .batch(line: number, kind: error.kind, error.exitCode, error.message)
      }
      // Each state is printed as soon as its link is applied; --json lines name their batch
      // line and the canonical URL applied, so a script can match them to its steps.
      let state: (json: JSON, screen: String)
      do {
        state = try Self.appliedState(reply, leading: [("line", .int(number))])
      } catch {
        throw .batch(line: number, kind: error.kind, error.exitCode, error.message)
      }
      try write(
        options.json
          ? state.json.serialized + "\n" : "» line \(number): \(url)\n" + Self.visible(state.screen) + "\n")
    }
  }

  /// `batch` over a simulator or Android target: the device is chosen once, then each link is
  /// delivered in order, stopping at the first failure with its line number.
  func deliverBatch(_ steps: [(line: Int, url: String)], to target: DeliveryTarget, options: GlobalOptions)
    throws(ClientFailure)
  {
    try requireBundleID(for: target, options)
    if options.dryRun {
      try write(
        plannedCommands(steps.map(\.url), to: target, options: options).joined(separator: "\n") + "\n")
      return
    }
    let runner = toolRunner(options)
    let device = try resolve(target, runner: runner)
    for (number, url) in steps {
      do {
        try deliver(url, to: device, runner: runner, options: options)
        try reportDelivery(url, to: device, options: options)
      } catch {
        throw .batch(line: number, kind: error.kind, error.exitCode, error.message)
      }
    }
  }
}
