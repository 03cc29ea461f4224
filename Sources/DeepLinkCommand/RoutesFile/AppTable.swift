import DeepLinkRoutes
package import DeepLinkWire

/// The route table a running app serves (`{"op":"table"}`, docs/wire-protocol.md), read as
/// input we do not trust: the app may be any program listening on the socket.
///
///     let contents = try AppTable.fetch(socket: "/tmp/deeplink-1000/app.sock", timeoutMilliseconds: 2000)
///     contents.table.scheme  // "shop"
///
/// The reply is one line of at most ``maximumReplyBytes`` (the client stops reading beyond it,
/// so memory stays bounded), parsed by the JSON reader (64 levels deep at most, so a 100,000-deep
/// nesting costs one pass over 1 MiB), holding at most ``maximumRoutes`` routes (counted before
/// any is decoded), decoded by the routes-file decoder with all its checks, and its fingerprint
/// recomputed: a table whose declarations do not give the `version` the app claims is refused,
/// so that `deeplink` never checks a link against another table than the app's. A routes
/// *file*'s `version` is recomputed and never read; an app's must match.
package enum AppTable {
  /// The longest reply accepted: 1 MiB, the reply limit of every request (about 3,000 routes
  /// of the sample's size; ``maximumRoutes`` is reached first).
  package static let maximumReplyBytes = 1 << 20
  /// The most routes accepted: 1,000, ten times what a large app declares.
  package static let maximumRoutes = 1_000

  /// Connects to the app on `socket`, asks for its table and decodes it.
  ///
  /// - Parameter timeoutMilliseconds: the whole exchange's budget (connect, send, read).
  /// - Throws: ``AppTableError`` naming `socket`: no app there, no answer in time, an app
  ///   that serves no table, or a table refused.
  package static func fetch(socket: String, timeoutMilliseconds: Int) throws(AppTableError)
    -> RoutesFileContents
  {
    let deadline = Deadline.after(milliseconds: timeoutMilliseconds)
    let client: LineClient
    do {
      client = try LineClient.connect(path: socket, deadline: deadline, maximumLineLength: maximumReplyBytes)
    } catch {
      throw AppTableError(app: socket, problem: .socket(error))
    }
    defer { client.close() }
    return try fetch(client: client, deadline: deadline)
  }

  /// Asks the app on `client`'s connection for its table and decodes it: for a command that
  /// already holds a connection. A reply longer than the client's line limit or
  /// ``maximumReplyBytes``, whichever is smaller, is refused.
  ///
  /// - Throws: ``AppTableError`` naming `client.path`.
  package static func fetch(client: LineClient, deadline: Deadline) throws(AppTableError)
    -> RoutesFileContents
  {
    let reply: [UInt8]
    do {
      reply = try client.request(Request.table.line, deadline: deadline)
    } catch .lineTooLong {
      throw AppTableError(app: client.path, problem: .tooLarge(limit: maximumReplyBytes))
    } catch {
      throw AppTableError(app: client.path, problem: .socket(error))
    }
    return try decode(reply: reply, app: client.path)
  }

  /// The table in `reply`, a reply line to `{"op":"table"}` (without its newline), from the
  /// app `app` (its socket path, for messages). Pure: what the fuzz target checks.
  ///
  /// - Throws: ``AppTableError`` naming `app` and the problem.
  package static func decode(reply: [UInt8], app: String) throws(AppTableError) -> RoutesFileContents {
    func refuse(_ problem: AppTableProblem) -> AppTableError { AppTableError(app: app, problem: problem) }
    guard reply.count <= maximumReplyBytes else { throw refuse(.tooLarge(limit: maximumReplyBytes)) }
    let document: JSON
    do {
      document = try JSON.parse(reply)
    } catch {
      throw refuse(.notJSON(error))
    }
    guard let ok = document["ok"]?.boolValue, let claimed = document["version"]?.stringValue else {
      throw refuse(.notAReply)
    }
    guard ok else {
      let kind = document["error"]?["kind"]?.stringValue ?? "unknown"
      let message = document["error"]?["message"]?.stringValue ?? "no message"
      // An agent older than the `table` operation says so in the words of any unknown op.
      if kind == ErrorKind.badRequest.rawValue, message.hasPrefix("unknown op") { throw refuse(.unsupported) }
      throw refuse(.rejected(kind: kind, message: message))
    }
    guard let table = document["table"] else { throw refuse(.noTable) }
    do {
      return try contents(of: table, claimedVersion: claimed)
    } catch {
      throw refuse(error)
    }
  }

  /// The table a routes-file document `table` declares, which claims to be `claimedVersion`:
  /// at most ``maximumRoutes`` routes, every rule of the format, and the claimed version its
  /// fingerprint (and its own `version`, if it states one). What an app serves, and what the
  /// cache keeps of it.
  ///
  /// - Throws: the ``AppTableProblem``.
  static func contents(of table: JSON, claimedVersion claimed: String) throws(AppTableProblem)
    -> RoutesFileContents
  {
    if case .array(let routes)? = table["routes"], routes.count > maximumRoutes {
      throw .tooManyRoutes(count: routes.count, limit: maximumRoutes)
    }
    let contents: RoutesFileContents
    do {
      contents = try RoutesFileDecoder.contents(table)
    } catch {
      throw .invalidTable(place: error.location.rendered, problem: error.problem)
    }
    // The table's own `version`, if it states one, is the reply's: one claim, not two.
    if let stated = table["version"], stated != .string(claimed) {
      throw .versionsDisagree(reply: claimed, table: stated.stringValue ?? stated.kindName)
    }
    let computed = contents.table.version
    guard computed == claimed else { throw .versionMismatch(claimed: claimed, computed: computed) }
    return RoutesFileContents(
      table: contents.table.knowing(version: computed), androidPackage: contents.androidPackage,
      iosBundleID: contents.iosBundleID)
  }
}
