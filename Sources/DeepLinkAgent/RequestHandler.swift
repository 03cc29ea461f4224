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
  /// What every success reply starts with: `{"ok":true,"version":"…"`.
  private let successPrefix: [UInt8]
  /// The last URL parsed, its link and its canonical URL. The same URL again (a retry, an
  /// agent's repeated tool call, a script's loop) is not parsed again: the table never changes,
  /// so a URL always parses to the same link, and the link is still applied. A URL that did not
  /// parse is not kept.
  private var lastLink: ParsedURL?
  /// The last request line read (without its newline) and what it asked.
  private var lastRequest: (line: [UInt8], request: ReceivedRequest)?
  /// The last state a link's reply carried and its JSON text. A state with the same text
  /// (``AppState/hasSameText(as:)``) is written from it: the handler still applies every link and
  /// is asked for its state after each; only the writing of the same state again is skipped.
  private var lastState: (state: AppState, json: [UInt8])?

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
    var prefix = Array(#"{"ok":true,"version":"#.utf8)
    JSON.string(table.version).serialize(into: &prefix)
    self.successPrefix = prefix
  }

  /// Appends the reply to `line` (without its newline) to `output`, as the server sends it, and
  /// when a link was applied or dropped as expired, its log line (``logPrefix``, the message
  /// and `\n`) to `log`.
  package mutating func reply(to line: Span<UInt8>, into output: inout [UInt8], log: inout [UInt8]) {
    let start = output.count
    do throws(RequestError) {
      let request = try line.withUnsafeBufferPointer { line throws(RequestError) in
        try self.request(in: line)
      }
      try respond(to: request, into: &output, log: &log)
    } catch {
      output.removeSubrange(start...)
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

  /// Appends a success reply to `output`: `ok`, `version`, then `result`'s members.
  private func writeSuccess(_ result: [JSON.Member], into output: inout [UInt8]) {
    output.append(contentsOf: successPrefix)
    for member in result {
      output.append(UInt8(ascii: ","))
      JSON.string(member.key).serialize(into: &output)
      output.append(UInt8(ascii: ":"))
      member.value.serialize(into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// What `line` asks, read again only when it is not the line read last. A request line
  /// always reads the same way, so a client that repeats one (an agent's tool call on its kept
  /// connection, a script's loop, a retry) skips its JSON parse; the request is still answered
  /// in full. A line that could not be read is not kept.
  private mutating func request(in line: UnsafeBufferPointer<UInt8>) throws(RequestError) -> ReceivedRequest {
    if let lastRequest,
      lastRequest.line.withUnsafeBytes({ $0.hasSameBytes(as: UnsafeRawBufferPointer(line)) })
    {
      return lastRequest.request
    }
    let request = try ReceivedRequest(line: line)
    lastRequest = (Array(line), request)
    return request
  }

  /// Appends the reply to `request` to `output`, and the log line of a link applied or expired,
  /// if one was, to `log`; a request that fails throws before it writes.
  private mutating func respond(
    to request: ReceivedRequest, into output: inout [UInt8], log: inout [UInt8]
  ) throws(RequestError) {
    switch request {
    case .open(let url, let deadline, let built):
      // The fingerprint of the table the link was built from, when the client sends it: a
      // link from another table is refused unread, whatever it says.
      if let built, built != version { throw .staleTable(built: built.logExcerpt, serves: version) }
      try open(url, deadline: deadline, into: &output, log: &log)
    case .state:
      output.append(contentsOf: successPrefix)
      output.append(#","state":"#)
      handler.state.writeJSON(into: &output)
      output.append(UInt8(ascii: "}"))
    case .screen:
      writeSuccess([JSON.Member("screen", .string(handler.screen))], into: &output)
    case .ping:
      writeSuccess(
        [
          JSON.Member("debugLinks", .bool(debugLinksEnabled)),
          JSON.Member("helpVersion", .string(helpVersion)),
        ]
          + identity.pingFields, into: &output)
    case .routes:
      writeSuccess([JSON.Member("routes", .array(table.routes.map { .string($0.name) }))], into: &output)
    case .table:
      let document = tableDocument ?? RoutesDocument.json(table: table, iosBundleID: identity.bundleID)
      tableDocument = document
      writeSuccess([JSON.Member("table", document)], into: &output)
    case .values(let name, let parameter):
      guard let route = table.route(named: name) else {
        throw .link(.unknownRoute(name, suggestion: table.suggestion(for: name)))
      }
      let values = (route.parameter(named: parameter).map { handler.suggestions(for: $0, of: route) } ?? [])
        .map {
          JSON.object([("value", .string($0.value)), ("description", .string($0.description))])
        }
      writeSuccess([JSON.Member("values", .array(values))], into: &output)
    }
  }

  /// Parses the link `url` names, checks its deadline, applies it and appends its reply to
  /// `output`: the canonical URL and the state after it; its log line is appended to `log`. A
  /// link whose deadline has passed is not applied, and logged (its client gave up and will
  /// never read the `expired` reply).
  private mutating func open(
    _ url: String, deadline: Int?, into output: inout [UInt8], log: inout [UInt8]
  ) throws(RequestError) {
    guard debugLinksEnabled else { throw .debugLinksDisabled(scheme: table.scheme) }
    let parsed: ParsedURL
    if let lastLink, lastLink.url.hasSameUTF8(as: url) {
      parsed = lastLink
    } else {
      do {
        parsed = ParsedURL(url: url, link: try table.parse(url), table: table)
      } catch {
        throw .link(error)
      }
      lastLink = parsed
    }
    let canonical = parsed.canonical
    if let deadline, case let now = now(), now > deadline {
      // Any integer may arrive: a deadline near Int.min must not overflow the subtraction.
      let (difference, overflow) = now.subtractingReportingOverflow(deadline)
      let late = overflow ? Int.max : difference
      appendLogLine("expired ", canonical, ": read \(late) ms after its deadline, not applied", to: &log)
      throw .expired(lateByMilliseconds: late)
    }
    do {
      try handler.apply(parsed.link)
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
    let stateJSON: [UInt8]
    if let lastState, lastState.state.hasSameText(as: state) {
      stateJSON = lastState.json
    } else {
      var json: [UInt8] = []
      // Room for the screen and the rest without growing on the way.
      json.reserveCapacity(state.screen.utf8.count + 512)
      state.writeJSON(into: &json)
      (stateJSON, lastState) = (json, (state, json))
    }
    output.append(contentsOf: successPrefix)
    output.append(contentsOf: parsed.appliedMember)
    output.append(#","state":"#)
    output.append(contentsOf: stateJSON)
    output.append(UInt8(ascii: "}"))
  }

  /// Appends a log line to `log`: ``logPrefix``, `event`, the URL as ``String/logExcerpt``
  /// quotes it, `detail`, `tail` and `\n`, written as bytes without a `String` between.
  private func appendLogLine(
    _ event: StaticString, _ url: String, _ detail: String,
    _ tail: UnsafeBufferPointer<UInt8> = .init(start: nil, count: 0),
    to log: inout [UInt8]
  ) {
    log.append(utf8: logPrefix)
    log.append(event)
    log.append(utf8: url.logExcerpt)
    log.append(utf8: detail)
    log.append(contentsOf: tail)
    log.append(UInt8(ascii: "\n"))
  }
}

/// A URL the handler parsed: its link, and its canonical URL as log lines and replies say it.
private final class ParsedURL {
  /// The URL as the request gave it.
  let url: String
  let link: Link
  let canonical: String
  /// `,"applied":"…"`: the reply's member naming the canonical URL, as JSON.
  let appliedMember: [UInt8]

  init(url: String, link: Link, table: RouteTable) {
    self.url = url
    self.link = link
    self.canonical = table.url(for: link)
    var member: [UInt8] = []
    member.reserveCapacity(canonical.utf8.count + 16)
    member.append(#","applied":"#)
    JSON.string(canonical).serialize(into: &member)
    self.appliedMember = member
  }
}

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
