import DeepLinkRoutes
import DeepLinkWire

/// `deeplink <route> … --keep` (and `open URL --keep`): the link, applied again each time the
/// app comes back.
struct KeptLink {
  /// The link to keep applied.
  let link: Link

  /// How long after a new socket file appears a comeback waits for the app to listen on it
  /// (its agent binds, then listens, a moment later), retrying the connection every 5 ms.
  static let keepSettleMilliseconds = 2000

  /// `deeplink <route> … --keep` (and `open URL --keep`): applies the link and prints the
  /// screen, as without `--keep`, then stays; each time the app comes back (a new agent listens
  /// on the app's socket: the app restarted, or was rebuilt and relaunched), applies the link
  /// again and prints the new screen. A stop signal (Ctrl-C) ends it, exit 0.
  ///
  /// It never polls on Linux: between comebacks it sleeps in `poll(2)` on an `inotify(7)` watch
  /// of the socket's directory and a stop-signal pipe (``ListenerWatch``); elsewhere it looks
  /// at the socket's path every 250 ms. An app that is not running yet is waited for. A link
  /// the app refuses, or an app that does not answer, is reported on stderr and the next
  /// comeback tried, since a rebuild may fix it.
  ///
  /// - Throws: 64 with `--dry-run`, with an Android target, or with a simulator target but no
  ///   bundle id and no agent answering; 69 when the socket's directory cannot be watched.
  func run(in context: CommandContext) throws {
    guard !context.options.dryRun else {
      throw UsageError.invalidUse(
        "--keep and --dry-run do not go together: a dry run sends nothing to apply again", hint: nil)
    }
    let app = try keptApp(in: context)
    var watch: ListenerWatch
    do throws(ListenerWatch.Failure) {
      try ListenerWatch.prepareDirectory(of: app.socket)
      watch = try ListenerWatch(path: app.socket)
    } catch {
      throw KeepWatchFailure(reason: error.message)
    }
    defer { watch.close() }
    let aimed = context.aimed(at: app.socket)
    let url = context.table.url(for: link)
    var comeback = false
    while true {
      try applyKept(url: url, to: app, in: aimed, comeback: comeback)
      do throws(ListenerWatch.Failure) {
        guard try watch.next() == .appeared else { return }
      } catch {
        throw KeepWatchFailure(reason: error.message)
      }
      comeback = true
    }
  }

  /// The app `--keep` follows: its socket, and for a simulator app the identity its agent's
  /// `ping` must give.
  struct KeptApp {
    var socket: String
    /// The simulator's UDID and the app's bundle id, for a simulator target.
    var identity: (udid: String, bundleID: String)?
  }

  /// The app target's socket, or a simulator app's agent's: computed from the UDID and the
  /// bundle id (``SimulatorSocket``), so that an app not started yet is waited for there.
  func keptApp(in context: CommandContext) throws -> KeptApp {
    guard let device = try context.devices.simulatorDevice() else {
      let target = try context.devices.target()
      guard target == .app else {
        throw UsageError.invalidUse(
          "--keep needs an app whose agent acknowledges links (the app target, or a simulator app's); "
            + "a link to --target \(target.text) cannot be seen arriving, so it cannot be kept", hint: nil)
      }
      return KeptApp(socket: context.socketPath)
    }
    let (udid, _) = try context.devices.simulatorUDID(device)
    if let bundleID = try context.devices.bundleID() {
      return KeptApp(socket: SimulatorSocket.path(udid: udid, bundleID: bundleID), identity: (udid, bundleID))
    }
    guard let agent = try context.devices.findAgent(udid: udid) else {
      throw UsageError.invalidUse(
        "--keep with a simulator target needs the app's bundle id when no app's agent answers there yet: "
          + "--bundle-id ID (or $\(DeviceBridge.bundleIDVariable.name), or the routes file's ios.bundleId)",
        hint: nil
      )
    }
    return KeptApp(socket: agent.socket, identity: (udid, agent.bundleID))
  }

  /// One application of a kept link: sends it and prints what the app shows. On a comeback,
  /// first waits (up to ``keepSettleMilliseconds``) for the app to listen on its new socket.
  /// A failure is reported on stderr and the watch goes on, except a closed standard output.
  func applyKept(url: String, to app: KeptApp, in context: CommandContext, comeback: Bool)
    throws
  {
    do {
      if comeback {
        let client = try? LineClient.waitForListener(
          path: app.socket, deadline: .after(milliseconds: Self.keepSettleMilliseconds))
        client?.close()
      }
      if let identity = app.identity {
        guard
          try SimulatorAgent.identify(
            app.socket, timeoutMilliseconds: context.options.timeoutMilliseconds, table: context.table)?
            .agent(identity.bundleID, on: identity.udid, socket: app.socket) != nil
        else { throw ClientFailure.socket(.noListener(path: app.socket)) }
      }
      let state = try AppClient.appliedState(try context.app.send(link))
      if comeback {
        context.err("\(context.tool.name): the app is back on \(app.socket): applied \(url) again\n")
      }
      try context.write(
        context.options.json ? state.json.serialized + "\n" : CommandContext.visible(state.screen))
    } catch let failure as StreamFailure {
      throw failure
    } catch ClientFailure.socket(.noListener) {
      context.err(
        "\(context.tool.name): waiting for the app to listen on \(app.socket), to apply \(url)"
          + (comeback ? " again" : "") + " (Ctrl-C stops)\n")
    } catch {
      context.report(error.commandFailure)
      context.err("\(context.tool.name): waiting for the app to come back on \(app.socket) (Ctrl-C stops)\n")
    }
  }
}
