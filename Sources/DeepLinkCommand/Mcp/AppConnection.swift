import DeepLinkRoutes
import DeepLinkWire

/// The connection to the app that `deeplink mcp` keeps from one tool call to the next: a call
/// then costs a request and its reply, not a connection too (`make bench`, section 9).
///
/// The app closes a connection that stays idle (10 s) and a restarted app has a new socket:
/// a request that finds its kept connection closed is sent once more on a new one, or, when
/// the session follows the app's table (``reportsLoss``), left for the follower, which
/// follows the app that answers now before the request is made again. Either is safe: the
/// app never applied a request on a connection it closed before reading it, and a link
/// describes a whole state, so applying it twice gives the same state. After any other
/// failure (a time-out, a reply that is not the app's) the connection is dropped, so that a
/// late reply is never read as the answer to the next request.
final class AppConnection {
  private var session: AppSession?

  /// Whether a request that finds the kept connection closed throws, nothing sent, and says
  /// so (``takeLoss()``) instead of going out on a new connection: the app may have been
  /// restarted with another table, which its links must be built from.
  var reportsLoss = false

  /// Set when a request found the kept connection closed, with ``reportsLoss``.
  private var lost = false

  deinit { session?.close() }

  /// Whether the connection is kept and every reply on it carried the session's table: the
  /// same process, with the same table, until a request finds it closed.
  var isTrusted: Bool {
    guard let kept = session else { return false }
    return kept.foreignVersion == nil
  }

  /// Whether the last request found the kept connection closed (``reportsLoss``); clears it.
  func takeLoss() -> Bool {
    defer { lost = false }
    return lost
  }

  /// Sends `request` and returns the app's reply, checked as every command checks it.
  func request(_ request: Request, app: AppClient) throws(ClientFailure) -> JSON {
    if var kept = session {
      session = nil
      do {
        let reply = try app.warnAboutVersion(&kept) { (s: inout AppSession) throws(ClientFailure) in
          try s.request(request)
        }
        session = kept
        return reply
      } catch .socket(.connectionClosed(let path)) {
        kept.close()
        if reportsLoss {
          lost = true
          throw .socket(.connectionClosed(path: path))
        }
      } catch {
        keep(kept, after: error)
        throw error
      }
    }
    var fresh = try app.connect()
    do {
      let reply = try app.warnAboutVersion(&fresh) { (s: inout AppSession) throws(ClientFailure) in
        try s.request(request)
      }
      session = fresh
      return reply
    } catch {
      keep(fresh, after: error)
      throw error
    }
  }

  /// The fingerprints of the route table the app serves now: what `deeplink mcp` asks before
  /// each request to follow the app's table. Warns about nothing: a new version is what the
  /// question is for.
  ///
  /// An app declares its table once and keeps it while it runs, so while the kept connection
  /// is idle and open (one non-blocking read says so: no round trip) and every reply on it
  /// carried the session's table, the app is the same process with the same table. Otherwise
  /// (no connection kept, the app closed it because it exited or the connection was idle, a
  /// reply carried another table) one `ping`, on a new connection when needed, tells.
  func servedTable(app: AppClient) throws(ClientFailure) -> ServedTable {
    if let kept = session, kept.foreignVersion == nil, kept.client.isIdleAndOpen {
      // The same process: the same help too.
      return ServedTable(version: kept.tableVersion)
    }
    for attempt in 0..<2 {
      var current: AppSession
      if let kept = session {
        current = kept
      } else {
        current = try app.connect()
      }
      session = nil
      do {
        let reply = try current.request(.ping)
        session = current
        // A reply without a version was refused by `request`.
        return ServedTable(ping: reply) ?? ServedTable(version: "")
      } catch .socket(.connectionClosed) where attempt == 0 {
        current.close()
      } catch {
        keep(current, after: error)
        throw error
      }
    }
    throw .socket(.connectionClosed(path: app.socket))
  }

  /// The table the app serves, asked on the kept connection (``servedTable(app:)`` keeps
  /// one), read as the hostile input it may be (``AppTable``). After a failure the connection
  /// is dropped: what is left of an over-long reply is never read as the next answer.
  ///
  /// - Throws: ``AppTableError`` naming the app.
  func table(app: AppClient) throws(AppTableError) -> RoutesFileContents {
    guard let kept = session else {
      throw AppTableError(app: app.socket, problem: .socket(.connectionClosed(path: app.socket)))
    }
    session = nil
    do {
      let contents = try AppTable.fetch(
        client: kept.client, deadline: .after(milliseconds: app.timeoutMilliseconds))
      session = kept
      return contents
    } catch {
      kept.close()
      throw error
    }
  }

  /// Builds the next requests' links from the table `version`: the kept connection compares
  /// its replies with it, so a table the session took is not warned about.
  func adopt(_ version: String) {
    session?.tableVersion = version
    session?.clearForeignVersion()
  }

  /// Keeps `session` after a request the app answered with an error; closes it otherwise.
  private func keep(_ session: AppSession, after error: ClientFailure) {
    if case .rejected = error {
      self.session = session
    } else {
      session.close()
    }
  }
}
