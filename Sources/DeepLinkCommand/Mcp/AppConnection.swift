import DeepLinkWire

/// The connection to the app that `deeplink mcp` keeps from one tool call to the next: a call
/// then costs a request and its reply, not a connection too (`make bench`, section 9).
///
/// The app closes a connection that stays idle (10 s) and a restarted app has a new socket:
/// a request that finds its kept connection closed is sent once more on a new one. That is
/// safe: the app never applied a request on a connection it closed before reading it, and a
/// link describes a whole state, so applying it twice gives the same state. After any other
/// failure (a time-out, a reply that is not the app's) the connection is dropped, so that a
/// late reply is never read as the answer to the next request.
final class AppConnection {
  private var session: AppSession?

  deinit { session?.close() }

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
      } catch .socket(.connectionClosed) {
        kept.close()
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

  /// Keeps `session` after a request the app answered with an error; closes it otherwise.
  private func keep(_ session: AppSession, after error: ClientFailure) {
    if case .rejected = error {
      self.session = session
    } else {
      session.close()
    }
  }
}
