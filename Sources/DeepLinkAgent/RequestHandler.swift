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
  /// ``logPrefix`` and `applied `, what every log line of an applied link starts with.
  private let appliedLogStart: [UInt8]
  /// Where a link's reply and log line are rendered, then copied to the connection's output
  /// and the log (and, when the cache admits the link, into its entry).
  private let scratch = ReplyScratch()
  /// Links already applied once, by URL text, so that applying one again costs no parsing
  /// and no rendering; only for a handler whose ``LinkHandler/linksDescribeWholeStates``.
  private(set) var appliedReplies = AppliedReplyCache()
  private let reusesReplies: Bool
  /// Which app this is, for `ping`'s reply.
  var identity = AgentIdentity(bundleID: nil)

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
    var start = JSONWriter()
    start.appendUTF8("{\"ok\":true,\"version\":")
    start.writeString(table.version)
    start.appendUTF8(",\"applied\":")
    self.appliedReplyStart = start.withBytes { Array($0) }
    self.appliedLogStart = Array("\(logPrefix)applied ".utf8)
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
    let (containsNUL, isASCII) = line.scannedForNULAndASCII()
    guard !containsNUL else { throw .badRequest("the request contains a NUL byte") }
    // Trimmed as bytes, before decoding: ASCII whitespace is never part of a longer UTF-8
    // sequence, so this accepts and rejects exactly what trimming the decoded text did.
    let bytes = line.trimmingASCIIWhitespace()
    // A link applied before, sent again as the same bytes: looked up as they are, not decoded.
    // Its hash is kept for the link's admission to the cache when it is not held.
    var hash: UInt64?
    if debugLinksEnabled, reusesReplies, bytes.first != UInt8(ascii: "{") {
      let key = AppliedReplyCache.hash(bytes)
      if let cached = appliedReplies[bytes, hash: key] {
        try reapply(cached, deadline: nil)
        return answer(cached.reply, into: &reply, log: &log)
      }
      hash = key
    }
    // ASCII (the line's whitespace is): valid UTF-8 as it is, decoded without a check.
    guard let trimmed = isASCII ? String(decoding: bytes, as: UTF8.self) : bytes.decodedIfValidUTF8() else {
      throw .badRequest("the request is not UTF-8 text")
    }
    // The first byte first: a URL is told apart without comparing `String`s.
    guard bytes.first == UInt8(ascii: "{"), trimmed.hasPrefix("{") else {
      guard !trimmed.isEmpty else {
        throw .badRequest("empty request; send a debug URL or a JSON request such as {\"op\":\"ping\"}")
      }
      return try open(trimmed, deadline: nil, missed: hash, reply: &reply, log: &log)
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
      return try open(url, deadline: deadline?.intValue, missed: nil, reply: &reply, log: &log)
    case .state:
      return answer([("state", erased.state().json)], into: &reply)
    case .screen:
      return answer([("screen", .string(erased.screen()))], into: &reply)
    case .ping:
      return answer([("debugLinks", .bool(debugLinksEnabled))] + identity.pingFields, into: &reply)
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

  /// Applies the link `url` names, once its deadline is checked, and appends its reply to
  /// `reply` and its log line to `log`: from the cache, or rendered (and held when the cache
  /// ``AppliedReplyCache/admits(_:)`` it). A link whose deadline has passed is logged to `log`
  /// (its client gave up and will never read the `expired` reply). `missed` is `url`'s
  /// ``AppliedReplyCache/hash(_:)`` when the cache was already asked for it and holds nothing.
  ///
  /// A link not held costs no allocation here: what the handler prepared for it is applied
  /// and dropped, and the reply and log line are rendered into ``scratch`` and copied out.
  private mutating func open(
    _ url: String, deadline: Int?, missed: UInt64?, reply: inout [UInt8], log: inout [UInt8]
  ) throws(RequestError) {
    guard debugLinksEnabled else { throw .debugLinksDisabled(scheme: table.scheme) }
    var hash: UInt64 = 0
    if reusesReplies {
      if let missed {
        hash = missed
      } else {
        var text = url
        let cached = text.withUTF8 { bytes in
          hash = AppliedReplyCache.hash(bytes)
          return appliedReplies[bytes, hash: hash]
        }
        if let cached {
          try check(deadline, of: cached.link, log: &log)
          try reapply(cached, deadline: nil)
          return answer(cached.reply, into: &reply, log: &log)
        }
      }
    }
    let link: Link
    do {
      link = try table.parse(url)
    } catch {
      throw .link(error)
    }
    // Held from the second time it is applied: then what the handler prepares is kept.
    let held = reusesReplies && appliedReplies.wasSeen(hash)
    // The deadline is checked by a closure that captures no `self`: one that did copied the
    // whole handler for each link.
    let reapply: (() throws(LinkRefusal) -> Void)?
    do {
      let now = self.now
      reapply = try erased.open(link, held) { () throws(RequestError) in try Self.check(deadline, now: now) }
    } catch {
      logIfExpired(error, link, log: &log)
      throw error
    }
    let writer = scratch.writer
    writer.pointee.removeAll()
    let split = render(link, into: &writer.pointee)
    writer.pointee.withBytes { bytes in
      reply.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<split]))
      log.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[split...]))
    }
    guard reusesReplies else { return }
    guard held, let reapply else { return appliedReplies.remember(hash) }
    let rendered = writer.pointee.withBytes { bytes in
      AppliedReply(reply: Array(bytes[..<split]), log: Array(bytes[split...]))
    }
    appliedReplies.insert(AppliedReplyCache.Entry(url: url, link: link, reapply: reapply, reply: rendered))
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
    assert(cached.reply == rendered(cached.link), "a cached reply differs from the state's rendering")
  }

  /// Throws ``RequestError/expired(lateByMilliseconds:)`` when `deadline` has passed.
  private func check(_ deadline: Int?) throws(RequestError) {
    try Self.check(deadline, now: now)
  }

  /// ``check(_:)`` with the clock `now`.
  private static func check(_ deadline: Int?, now: () -> Int) throws(RequestError) {
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
      logIfExpired(error, link, log: &log)
      throw error
    }
  }

  /// When `error` is ``RequestError/expired(lateByMilliseconds:)``, a log line naming `link`.
  private func logIfExpired(_ error: RequestError, _ link: Link, log: inout [UInt8]) {
    guard case .expired(let late) = error else { return }
    log.appendUTF8(
      "\(logPrefix)expired \(table.url(for: link).logExcerpt): read \(late) ms after its deadline, not applied\n"
    )
  }

  /// Writes the reply and then the log line for the state that applying `link` just
  /// produced to `writer`; returns where the log line starts. Straight into bytes: a `String`
  /// in between, decoded and copied back, was a tenth of the time of a link not seen before.
  private func render(_ link: Link, into writer: inout JSONWriter) -> Int {
    let canonical = table.url(for: link)
    let state = erased.state()
    // `{"ok":true,"version":…,"applied":…,"state":…}`, as `success` would serialize it.
    writer.append(appliedReplyStart)
    writer.writeString(canonical)
    writer.append(",\"state\":")
    state.writeJSON(into: &writer)
    writer.append(UInt8(ascii: "}"))
    let split = writer.count
    writer.append(appliedLogStart)
    writer.appendUTF8(canonical.logExcerpt)
    writer.append(" → ")
    var screen = state.screen
    screen.withUTF8 { bytes in
      writer.append(
        UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex)]))
    }
    writer.append(UInt8(ascii: "\n"))
    return split
  }

  /// ``render(_:into:)``'s reply and log line, as the cache holds them.
  private func rendered(_ link: Link) -> AppliedReply {
    var writer = JSONWriter()
    let split = render(link, into: &writer)
    return writer.withBytes { bytes in
      AppliedReply(reply: Array(bytes[..<split]), log: Array(bytes[split...]))
    }
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

  /// Whether the bytes hold a NUL, and whether every one is ASCII: one pass, eight bytes at
  /// a time (two passes byte by byte were a thirtieth of a link not seen before).
  func scannedForNULAndASCII() -> (containsNUL: Bool, isASCII: Bool) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let raw = UnsafeRawBufferPointer(self)
    var zeros: UInt64 = 0
    var all: UInt64 = 0
    var offset = 0
    while offset + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      zeros |= (word &- ones) & ~word
      all |= word
      offset += 8
    }
    var nul = false
    while offset < count {
      nul = nul || self[offset] == 0
      all |= UInt64(self[offset])
      offset += 1
    }
    // A false flag in `zeros` only sits above a true one, so any flag at all is exact.
    return (nul || zeros & highs != 0, all & highs == 0)
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
  /// Works out what a link means (``LinkHandler/prepare(_:)``), calls the closure (which
  /// throws to stop the link: its deadline passed) and applies it. When the `Bool` is `true`,
  /// returns what applies the link again (called each time the same link comes back from the
  /// reply cache); otherwise `nil`, and what was prepared is dropped: no allocation per link.
  let open:
    (Link, Bool, () throws(RequestError) -> Void) throws(RequestError) -> (() throws(LinkRefusal) -> Void)?
  let state: () -> AppState
  let screen: () -> String
  let suggestions: (Parameter, Route) -> [SuggestedValue]

  init<Handler: LinkHandler>(_ handler: Handler) {
    let storage = HandlerStorage(handler)
    self.storage = storage
    open = { link, keep, check throws(RequestError) in
      let prepared: Handler.Prepared
      do throws(LinkRefusal) {
        prepared = try storage.prepare(link)
      } catch {
        throw .refused(error.reason)
      }
      try check()
      do throws(LinkRefusal) {
        try storage.apply(prepared)
      } catch {
        throw .refused(error.reason)
      }
      guard keep else { return nil }
      return { () throws(LinkRefusal) in try storage.apply(prepared) }
    }
    state = { storage.state }
    screen = { storage.screen }
    suggestions = { storage.suggestions(for: $0, of: $1) }
  }
}

/// The handler behind an ``ErasedHandler``, shared by its closures.
///
/// Held through a pointer rather than in a stored `var`: a class's `var` is checked for
/// exclusive access at run time (`swift_beginAccess`, about 80 instructions a link), and the
/// request loop, its only user, runs on one thread and never reenters. Every member reaches
/// the handler through a `mutating` call: unspecialized generic code (this library is not
/// specialized for the app's handler) copied the whole handler for each non-mutating call
/// on the pointer's `pointee`, and destroyed the copy after it.
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

  /// The handler's state.
  var state: AppState { pointer.pointee.stateInPlace() }

  /// The handler's screen.
  var screen: String { pointer.pointee.screenInPlace() }

  /// The handler's suggestions.
  func suggestions(for parameter: Parameter, of route: Route) -> [SuggestedValue] {
    pointer.pointee.suggestions(for: parameter, of: route)
  }

  /// Works out what `link` means to the handler.
  func prepare(_ link: Link) throws(LinkRefusal) -> Handler.Prepared {
    try pointer.pointee.prepareInPlace(link)
  }

  /// Applies what was prepared for a link.
  func apply(_ prepared: Handler.Prepared) throws(LinkRefusal) {
    try pointer.pointee.apply(prepared)
  }
}

extension LinkHandler {
  /// ``state``, called on the handler in place (see ``HandlerStorage``).
  fileprivate mutating func stateInPlace() -> AppState { state }

  /// ``screen``, called on the handler in place (see ``HandlerStorage``).
  fileprivate mutating func screenInPlace() -> String { screen }

  /// ``prepare(_:)``, called on the handler in place (see ``HandlerStorage``).
  fileprivate mutating func prepareInPlace(_ link: Link) throws(LinkRefusal) -> Prepared { try prepare(link) }
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
