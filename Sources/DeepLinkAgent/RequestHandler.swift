package import DeepLinkRoutes
package import DeepLinkWire

/// Turns one request line into one reply line, applying links through the app's handler,
/// which it owns.
///
/// The wire protocol (docs/wire-protocol.md): a line that does not start with `{` is a
/// bare debug URL to open; otherwise it is a JSON object with an `op`, one of ``Operation``:
/// `open` (with `url`, an optional `deadline`, Unix epoch milliseconds, and an optional `table`,
/// the fingerprint of the table the link was built from: another table's link is refused
/// with `stale-table`), `state`, `screen`,
/// `routes`, `values` (with `route` and `parameter`), `ping`, `table`. Every reply is one JSON object
/// with `ok`, the route table's `version`, and the result or an `error` (an ``ErrorKind`` and
/// a `message`).
///
/// Synchronous and single-owner: the server calls it for one line at a time, so each link
/// is applied completely before the next is read.
package struct RequestHandler {
  /// The app's handler.
  package private(set) var handler: any LinkHandler
  let table: RouteTable
  let debugLinksEnabled: Bool
  /// Wall-clock Unix epoch milliseconds, injected so deadlines are testable.
  let now: () -> Int
  /// What each log line starts with: the daemon's name, so that its lines stand out in a CI
  /// log shared with other programs.
  let logPrefix: String
  private let version: String
  /// ``RouteTable/helpVersion`` of ``table``, which `ping` states: a client holding the same
  /// routes with other help text fetches the table again.
  private let helpVersion: String
  /// Which app this is, for `ping`'s reply and the `ios.bundleId` of `table`'s.
  var identity = AgentIdentity(bundleID: nil) {
    didSet { tableDocument = nil }
  }
  /// `table`'s document, built at the first `table` request and kept (the table never changes).
  private var tableDocument: JSON?

  package init(
    handler: some LinkHandler, table: RouteTable,
    debugLinksEnabled: Bool = BuildConfiguration.debugLinksEnabled, logPrefix: String = "",
    now: @escaping () -> Int
  ) {
    self.handler = handler
    self.table = table
    self.debugLinksEnabled = debugLinksEnabled
    self.logPrefix = logPrefix
    self.now = now
    self.version = table.version
    self.helpVersion = table.helpVersion
  }

  /// Appends the reply to `line` (without its newline) to `output`, as the server sends it, and
  /// when a link was applied or dropped as expired, its log line (``logPrefix``, the message
  /// and `\n`) to `log`.
  package mutating func reply(to line: Span<UInt8>, into output: inout [UInt8], log: inout [UInt8]) {
    do throws(RequestError) {
      let reply = try line.withUnsafeBufferPointer { line throws(RequestError) in
        try respond(to: line, log: &log)
      }
      reply.serialize(into: &output)
    } catch {
      output.append(
        contentsOf: Self.errorReply(kind: error.kind, message: error.message, version: version).utf8)
    }
  }

  /// ``reply(to:into:log:)`` as text: the reply, and the log line without its `\n`.
  package mutating func handle(_ line: ArraySlice<UInt8>) -> (reply: String, log: String?) {
    var output: [UInt8] = []
    var log: [UInt8] = []
    reply(to: line.span, into: &output, log: &log)
    return (
      String(decoding: output, as: UTF8.self),
      log.isEmpty ? nil : String(decoding: log.dropLast(), as: UTF8.self)
    )
  }

  /// An error reply line, also used by the server for lines it rejects before parsing.
  package static func errorReply(kind: ErrorKind, message: String, version: String) -> String {
    ErrorReply.line(kind: kind, message: message, version: version)
  }

  /// A success reply: `ok`, `version`, then `result`'s members.
  private func success(_ result: [JSON.Member]) -> JSON {
    var members: [JSON.Member] = []
    members.reserveCapacity(result.count + 2)
    members.append(JSON.Member("ok", .bool(true)))
    members.append(JSON.Member("version", .string(version)))
    members.append(contentsOf: result)
    return .object(members)
  }

  /// The reply to `line`; the log line of a link applied or expired, if one was, is appended to
  /// `log`. `line` is the server's input buffer, borrowed for the call: only what is decoded
  /// from it outlives it.
  private mutating func respond(to line: UnsafeBufferPointer<UInt8>, log: inout [UInt8]) throws(RequestError)
    -> JSON
  {
    guard !line.contains(0) else { throw .badRequest("the request contains a NUL byte") }
    // Trimmed as bytes, before decoding: ASCII whitespace is never part of a longer UTF-8
    // sequence, so this accepts and rejects exactly what trimming the decoded text did.
    let bytes = line.trimmingASCIIWhitespace()
    guard let trimmed = String(validUTF8: bytes) else {
      throw .badRequest("the request is not UTF-8 text")
    }
    guard trimmed.hasPrefix("{") else {
      guard !trimmed.isEmpty else {
        throw .badRequest("empty request; send a debug URL or a JSON request such as {\"op\":\"ping\"}")
      }
      return try open(trimmed, deadline: nil, log: &log)
    }
    let request: JSON
    do {
      request = try JSON.parse(trimmed)
    } catch {
      throw .badRequest("the request is not valid JSON: \(error.message)")
    }
    guard let op = request["op"]?.stringValue else {
      throw .badRequest("the request has no \"op\"; use one of \(Self.operations)")
    }
    guard let operation = Operation(rawValue: op) else {
      throw .badRequest("unknown op '\(op)'; use one of \(Self.operations)")
    }
    switch operation {
    case .open:
      guard let url = request["url"]?.stringValue else {
        throw .badRequest("\"open\" needs a \"url\" string")
      }
      let deadline = request["deadline"]
      guard deadline == nil || deadline?.intValue != nil else {
        throw .badRequest("\"deadline\" must be an integer (Unix epoch milliseconds)")
      }
      // The fingerprint of the table the link was built from, when the client sends it: a
      // link from another table is refused unread, whatever it says.
      if let built = request["table"] {
        guard let built = built.stringValue else {
          throw .badRequest(
            "\"table\" must be a string (the fingerprint of the route table the link was built from)")
        }
        guard built == version else { throw .staleTable(built: built.logExcerpt, serves: version) }
      }
      return try open(url, deadline: deadline?.intValue, log: &log)
    case .state:
      return success([JSON.Member("state", handler.state.json)])
    case .screen:
      return success([JSON.Member("screen", .string(handler.screen))])
    case .ping:
      return success(
        [
          JSON.Member("debugLinks", .bool(debugLinksEnabled)),
          JSON.Member("helpVersion", .string(helpVersion)),
        ]
          + identity.pingFields)
    case .routes:
      return success([JSON.Member("routes", .array(table.routes.map { .string($0.name) }))])
    case .table:
      let document = tableDocument ?? RoutesDocument.json(table: table, iosBundleID: identity.bundleID)
      tableDocument = document
      return success([JSON.Member("table", document)])
    case .values:
      guard let name = request["route"]?.stringValue, let parameter = request["parameter"]?.stringValue
      else {
        throw .badRequest("\"values\" needs \"route\" and \"parameter\" strings")
      }
      guard let route = table.route(named: name) else {
        throw .link(.unknownRoute(name, suggestion: table.suggestion(for: name)))
      }
      let values = (route.parameter(named: parameter).map { handler.suggestions(for: $0, of: route) } ?? [])
        .map {
          JSON.object([("value", .string($0.value)), ("description", .string($0.description))])
        }
      return success([JSON.Member("values", .array(values))])
    }
  }

  /// `open, state, screen, routes, values, ping, table`, for "use one of …".
  private static var operations: String { operationNames }

  /// Parses the link `url` names, checks its deadline, applies it and returns its reply:
  /// the canonical URL and the state after it; its log line is appended to `log`. A link whose
  /// deadline has passed is not applied, and logged (its client gave up and will never read
  /// the `expired` reply).
  private mutating func open(_ url: String, deadline: Int?, log: inout [UInt8]) throws(RequestError) -> JSON {
    guard debugLinksEnabled else { throw .debugLinksDisabled(scheme: table.scheme) }
    let link: Link
    do {
      link = try table.parse(url)
    } catch {
      throw .link(error)
    }
    let canonical = table.url(for: link)
    if let deadline, case let now = now(), now > deadline {
      // Any integer may arrive: a deadline near Int.min must not overflow the subtraction.
      let (difference, overflow) = now.subtractingReportingOverflow(deadline)
      let late = overflow ? Int.max : difference
      appendLogLine("expired ", canonical, ": read \(late) ms after its deadline, not applied", to: &log)
      throw .expired(lateByMilliseconds: late)
    }
    do {
      try handler.apply(link)
    } catch {
      throw .refused(error.reason)
    }
    let state = handler.state
    // The screen's first line: what it shows, in the words of its breadcrumb.
    var screen = state.screen
    screen.withUTF8 { screen in
      let firstLine = UnsafeBufferPointer(
        rebasing: screen[..<(screen.firstIndex(of: UInt8(ascii: "\n")) ?? screen.endIndex)])
      appendLogLine("applied ", canonical, " → ", firstLine, to: &log)
    }
    return success([JSON.Member("applied", .string(canonical)), JSON.Member("state", state.json)])
  }

  /// Appends a log line to `log`: ``logPrefix``, `event`, the URL as ``String/logExcerpt``
  /// quotes it, `detail`, `tail` and `\n`, written as bytes without a `String` between.
  private func appendLogLine(
    _ event: StaticString, _ url: String, _ detail: String,
    _ tail: UnsafeBufferPointer<UInt8> = .init(start: nil, count: 0),
    to log: inout [UInt8]
  ) {
    log.append(contentsOf: logPrefix.utf8)
    log.append(contentsOf: UnsafeBufferPointer(start: event.utf8Start, count: event.utf8CodeUnitCount))
    log.append(contentsOf: url.logExcerpt.utf8)
    log.append(contentsOf: detail.utf8)
    log.append(contentsOf: tail)
    log.append(UInt8(ascii: "\n"))
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Without leading and trailing ASCII spaces, tabs, CRs and LFs.
  func trimmingASCIIWhitespace() -> UnsafeBufferPointer<UInt8> {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return UnsafeBufferPointer(rebasing: self[endIndex...]) }
    return UnsafeBufferPointer(rebasing: self[first...last])
  }
}

/// `open, state, screen, routes, values, ping, table`, for "use one of …".
private let operationNames = Operation.allCases.map(\.rawValue).joined(separator: ", ")

extension String {
  /// The text as a log line quotes a URL: whole up to 200 bytes, else its first 160
  /// characters and its length, so that a 64 KiB link logs one readable line.
  ///
  ///     String(repeating: "x", count: 1_000).logExcerpt  // "xxx…x… (1000 bytes)"
  var logExcerpt: String {
    guard utf8.count > 200 else { return self }
    return String(unicodeScalars.prefix(160)) + "… (\(utf8.count) bytes)"
  }
}

extension RequestHandler {
  /// The app's handler, which must be of type `type`.
  package func handler<Handler: LinkHandler>(as type: Handler.Type = Handler.self) -> Handler {
    guard let handler = handler as? Handler else {
      preconditionFailure("the handler is not a \(Handler.self)")
    }
    return handler
  }
}
