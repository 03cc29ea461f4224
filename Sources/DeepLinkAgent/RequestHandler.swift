package import DeepLinkRoutes
package import DeepLinkWire

/// Turns one request line into one reply line, applying links through the app's handler,
/// which it owns.
///
/// The wire protocol (README.md, "Wire protocol"): a line that does not start with `{` is a
/// bare debug URL to open; otherwise it is a JSON object with an `op`, one of ``Operation``:
/// `open` (with `url` and an optional `deadline`, Unix epoch milliseconds), `state`, `screen`,
/// `routes`, `values` (with `route` and `parameter`), `ping`. Every reply is one JSON object
/// with `ok`, the route table's `version`, and the result or an `error` (an ``ErrorKind`` and
/// a `message`).
///
/// Synchronous and single-owner: the server calls it for one line at a time, so each link
/// is applied completely before the next is read.
///
/// Not generic over the app's handler, which it reaches through ``ErasedHandler``'s closures:
/// generic code that the compiler cannot specialize for the app (the agent is a library the
/// app's module calls) looked up the type's metadata at run time, twice per link — two thirds
/// of a cached link's instructions.
package struct RequestHandler {
  /// The app's handler.
  private let erased: ErasedHandler
  let table: RouteTable
  let debugLinksEnabled: Bool
  /// Wall-clock Unix epoch milliseconds, injected so deadlines are testable.
  let now: () -> Int
  /// What each log line starts with: the daemon's name, so that its lines stand out in a CI
  /// log shared with other programs. Part of the line held for a link, not added per link.
  let logPrefix: String
  private let version: String
  /// `{"ok":true,"version":"…","applied":`, what every reply to an applied link starts with.
  private let appliedReplyStart: [UInt8]
  /// Links already applied once, by URL text, so that applying one again costs no parsing
  /// and no rendering; only for a handler whose ``LinkHandler/linksDescribeWholeStates``.
  private(set) var appliedReplies = AppliedReplyCache()
  private let reusesReplies: Bool

  package init(
    handler: some LinkHandler, table: RouteTable,
    debugLinksEnabled: Bool = BuildConfiguration.debugLinksEnabled, logPrefix: String = "",
    now: @escaping () -> Int
  ) {
    self.erased = ErasedHandler(handler)
    self.reusesReplies = handler.linksDescribeWholeStates
    self.table = table
    self.debugLinksEnabled = debugLinksEnabled
    self.logPrefix = logPrefix
    self.now = now
    self.version = table.version
    var start = Array("{\"ok\":true,\"version\":".utf8)
    JSON.writeString(table.version, into: &start)
    start.append(contentsOf: ",\"applied\":".utf8)
    self.appliedReplyStart = start
  }

  /// Appends the reply to `line` (without its newline) to `output`, as the server sends it, and
  /// when a link was applied, its log line (``logPrefix`` and the message, and `\n`) to `log`.
  ///
  /// Bytes rather than `String`s, because a link applied before is answered and logged with
  /// bytes held from the first time, copied straight into the connection's output and the log.
  package mutating func reply(to line: Span<UInt8>, into output: inout [UInt8], log: inout [UInt8]) {
    do throws(RequestError) {
      try line.withUnsafeBufferPointer { line throws(RequestError) in
        try respond(to: line, into: &output, log: &log)
      }
    } catch {
      output.appendUTF8(Self.errorReply(kind: error.kind, message: error.message, version: version))
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
  private func success(_ result: [(String, JSON)]) -> String {
    JSON.object([("ok", .bool(true)), ("version", .string(version))] + result).serialized
  }

  /// Appends a success reply with `result`; logs nothing.
  private func answer(_ result: [(String, JSON)], into reply: inout [UInt8]) {
    reply.appendUTF8(success(result))
  }

  /// Appends the reply and the log line held for an applied link.
  private func answer(_ applied: AppliedReply, into reply: inout [UInt8], log: inout [UInt8]) {
    reply.append(bytesOf: applied.reply)
    log.append(bytesOf: applied.log)
  }

  /// Appends the reply and the log line, if any (nothing when it throws). `line` is the
  /// server's input buffer, borrowed for the call: only what is decoded from it outlives it.
  private mutating func respond(
    to line: UnsafeBufferPointer<UInt8>, into reply: inout [UInt8], log: inout [UInt8]
  ) throws(RequestError) {
    guard !line.contains(0) else { throw .badRequest("the request contains a NUL byte") }
    // Trimmed as bytes, before decoding: ASCII whitespace is never part of a longer UTF-8
    // sequence, so this accepts and rejects exactly what trimming the decoded text did.
    let bytes = line.trimmingASCIIWhitespace()
    // A link applied before, sent again as the same bytes: looked up as they are, not decoded.
    if debugLinksEnabled, reusesReplies, bytes.first != UInt8(ascii: "{"), let cached = appliedReplies[bytes]
    {
      try reapply(cached, deadline: nil)
      return answer(cached.reply, into: &reply, log: &log)
    }
    guard let trimmed = bytes.decodedIfValidUTF8() else {
      throw .badRequest("the request is not UTF-8 text")
    }
    // The first byte first: a URL is told apart without comparing `String`s.
    guard bytes.first == UInt8(ascii: "{"), trimmed.hasPrefix("{") else {
      guard !trimmed.isEmpty else {
        throw .badRequest("empty request; send a debug URL or a JSON request such as {\"op\":\"ping\"}")
      }
      return answer(try open(trimmed, deadline: nil, log: &log), into: &reply, log: &log)
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
      return answer(try open(url, deadline: deadline?.intValue, log: &log), into: &reply, log: &log)
    case .state:
      return answer([("state", erased.state().json)], into: &reply)
    case .screen:
      return answer([("screen", .string(erased.screen()))], into: &reply)
    case .ping:
      return answer([("debugLinks", .bool(debugLinksEnabled))], into: &reply)
    case .routes:
      return answer([("routes", .array(table.routes.map { .string($0.name) }))], into: &reply)
    case .values:
      guard let name = request["route"]?.stringValue, let parameter = request["parameter"]?.stringValue
      else {
        throw .badRequest("\"values\" needs \"route\" and \"parameter\" strings")
      }
      guard let route = table.route(named: name) else {
        throw .link(.unknownRoute(name, suggestion: table.suggestion(for: name)))
      }
      let values = (route.parameter(named: parameter).map { erased.suggestions($0, route) } ?? [])
        .map {
          JSON.object([("value", .string($0.value)), ("description", .string($0.description))])
        }
      return answer([("values", .array(values))], into: &reply)
    }
  }

  /// `open, state, screen, routes, values, ping`, for "use one of …".
  private static var operations: String { operationNames }

  /// Applies the link `url` names, once its deadline is checked; returns its reply and log
  /// line, from the cache or rendered (and held when the cache ``AppliedReplyCache/admits(_:)``
  /// it). A link whose deadline has passed is logged to `log` (its client gave up and will never
  /// read the `expired` reply).
  private mutating func open(_ url: String, deadline: Int?, log: inout [UInt8]) throws(RequestError)
    -> AppliedReply
  {
    guard debugLinksEnabled else { throw .debugLinksDisabled(scheme: table.scheme) }
    if reusesReplies, let cached = appliedReplies[url] {
      try check(deadline, of: cached.link, log: &log)
      try reapply(cached, deadline: nil)
      return cached.reply
    }
    let link: Link
    do {
      link = try table.parse(url)
    } catch {
      throw .link(error)
    }
    let apply: () throws(LinkRefusal) -> Void
    do {
      apply = try erased.prepare(link)
    } catch {
      throw .refused(error.reason)
    }
    try check(deadline, of: link, log: &log)
    do {
      try apply()
    } catch {
      throw .refused(error.reason)
    }
    let reply = renderApplied(link)
    if reusesReplies, appliedReplies.admits(url) {
      appliedReplies.insert(AppliedReplyCache.Entry(url: url, link: link, reapply: apply, reply: reply))
    }
    return reply
  }

  /// Applies a link held in the cache again: its deadline checked, then what was prepared for
  /// it applied.
  private mutating func reapply(_ cached: AppliedReplyCache.Entry, deadline: Int?)
    throws(RequestError)
  {
    try check(deadline)
    // What the handler prepared for `cached.link`, kept with it: no `prepare` per link.
    do {
      try cached.reapply()
    } catch {
      throw .refused(error.reason)
    }
    // Debug builds (and so every test) check what makes the cache sound: the held link and
    // reply are what parsing the text, applying it and rendering give now.
    assert(cached.link == (try? table.parse(cached.url)), "a cached link differs from parsing its URL")
    assert(cached.reply == renderApplied(cached.link), "a cached reply differs from the state's rendering")
  }

  /// Throws ``RequestError/expired(lateByMilliseconds:)`` when `deadline` has passed.
  private func check(_ deadline: Int?) throws(RequestError) {
    guard let deadline else { return }
    let now = now()
    // Any integer may arrive: a deadline near Int.min must not overflow the subtraction.
    guard now <= deadline else {
      let (late, overflow) = now.subtractingReportingOverflow(deadline)
      throw .expired(lateByMilliseconds: overflow ? .max : late)
    }
  }

  /// ``check(_:)``, and when the deadline has passed, a log line naming the link.
  private func check(_ deadline: Int?, of link: Link, log: inout [UInt8]) throws(RequestError) {
    do {
      try check(deadline)
    } catch {
      if case .expired(let late) = error {
        log.appendUTF8(
          "\(logPrefix)expired \(table.url(for: link).logExcerpt): read \(late) ms after its deadline, not applied\n"
        )
      }
      throw error
    }
  }

  /// The reply and log line for the state that applying `link` just produced, serialized
  /// straight into bytes (a `String` in between, decoded and copied back, was a tenth of the
  /// time of a link not seen before).
  private func renderApplied(_ link: Link) -> AppliedReply {
    let canonical = table.url(for: link)
    let state = erased.state()
    var reply: [UInt8] = []
    reply.reserveCapacity(2 * state.screen.utf8.count + canonical.utf8.count + 256)
    // `{"ok":true,"version":…,"applied":…,"state":…}`, as `success` would serialize it.
    reply.append(bytesOf: appliedReplyStart)
    JSON.writeString(canonical, into: &reply)
    reply.appendUTF8(",\"state\":")
    state.writeJSON(into: &reply)
    reply.append(UInt8(ascii: "}"))
    var log: [UInt8] = []
    log.reserveCapacity(logPrefix.utf8.count + canonical.utf8.count + 64)
    log.appendUTF8(logPrefix)
    log.appendUTF8("applied ")
    log.appendUTF8(canonical.logExcerpt)
    log.appendUTF8(" → ")
    var screen = state.screen
    screen.withUTF8 { bytes in
      log.append(
        contentsOf: UnsafeBufferPointer(
          rebasing: bytes[..<(bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex)]))
    }
    log.append(UInt8(ascii: "\n"))
    return AppliedReply(reply: reply, log: log)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The bytes as text, or `nil` when they are not valid UTF-8: `String(validating:as:)`.
  ///
  /// That initializer is generic over the encoding and looked up type metadata on every call,
  /// a fifth of the app's time per cached link. ASCII, what requests almost always are, is
  /// valid UTF-8 as it is, so it is checked for first and decoded directly.
  func decodedIfValidUTF8() -> String? {
    allSatisfy { $0 < 0x80 } ? String(decoding: self, as: UTF8.self) : String(validatingUTF8Bytes: self)
  }

  /// Without leading and trailing ASCII spaces, tabs, CRs and LFs.
  func trimmingASCIIWhitespace() -> UnsafeBufferPointer<UInt8> {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return UnsafeBufferPointer(rebasing: self[endIndex...]) }
    return UnsafeBufferPointer(rebasing: self[first...last])
  }
}

/// `open, state, screen, routes, values, ping`, for "use one of …".
private let operationNames = Operation.allCases.map(\.rawValue).joined(separator: ", ")

/// Error reply lines, for the handler and for the server's rejections before parsing.
enum ErrorReply {
  /// `{"ok":false,"version":…,"error":{"kind":…,"message":…}}`.
  static func line(kind: ErrorKind, message: String, version: String) -> String {
    JSON.object([
      ("ok", .bool(false)), ("version", .string(version)),
      ("error", .object([("kind", .string(kind.rawValue)), ("message", .string(message))])),
    ]).serialized
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

/// An app's ``LinkHandler`` behind closures of fixed types, for ``RequestHandler``.
struct ErasedHandler {
  /// The handler's box, which every closure shares.
  let storage: AnyObject
  /// Works out what a link means (``LinkHandler/prepare(_:)``) and returns what applies it:
  /// called once now, and again for each time the same link comes back from the reply cache.
  let prepare: (Link) throws(LinkRefusal) -> (() throws(LinkRefusal) -> Void)
  let state: () -> AppState
  let screen: () -> String
  let suggestions: (Parameter, Route) -> [SuggestedValue]

  init<Handler: LinkHandler>(_ handler: Handler) {
    let storage = HandlerStorage(handler)
    self.storage = storage
    prepare = { link throws(LinkRefusal) in
      let prepared = try storage.prepare(link)
      return { () throws(LinkRefusal) in try storage.apply(prepared) }
    }
    state = { storage.handler.state }
    screen = { storage.handler.screen }
    suggestions = { storage.handler.suggestions(for: $0, of: $1) }
  }
}

/// The handler behind an ``ErasedHandler``, shared by its closures.
///
/// Held through a pointer rather than in a stored `var`: a class's `var` is checked for
/// exclusive access at run time (`swift_beginAccess`, about 80 instructions a link), and the
/// request loop, its only user, runs on one thread and never reenters.
final class HandlerStorage<Handler: LinkHandler> {
  private let pointer: UnsafeMutablePointer<Handler>

  init(_ handler: Handler) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: handler)
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// The handler, to read.
  var handler: Handler { pointer.pointee }

  /// Works out what `link` means to the handler.
  func prepare(_ link: Link) throws(LinkRefusal) -> Handler.Prepared {
    try pointer.pointee.prepare(link)
  }

  /// Applies what was prepared for a link.
  func apply(_ prepared: Handler.Prepared) throws(LinkRefusal) {
    try pointer.pointee.apply(prepared)
  }
}

extension RequestHandler {
  /// The app's handler, which must be of type `type`.
  package func handler<Handler: LinkHandler>(as type: Handler.Type = Handler.self) -> Handler {
    guard let storage = erased.storage as? HandlerStorage<Handler> else {
      preconditionFailure("the handler is not a \(Handler.self)")
    }
    return storage.handler
  }
}
