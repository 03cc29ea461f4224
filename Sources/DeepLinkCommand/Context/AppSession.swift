import DeepLinkRoutes
import DeepLinkWire

/// One connection to the running app, carrying one or many requests, each with the
/// command's timeout as its deadline.
///
/// A link request carries its deadline (wall-clock epoch milliseconds) so that the app drops
/// it rather than applying it late: when this side reports "timed out", nothing was applied.
struct AppSession {
  let client: LineClient
  let timeoutMilliseconds: Int
  /// The version of the table links are built from; a connection kept across a change of
  /// table (``AppConnection/adopt(_:)``) takes the new one.
  var tableVersion: String
  /// Set when a reply's route-table version differs from ours (warned about once).
  private(set) var foreignVersion: String?

  /// How much longer than the request's deadline we wait for the reply, so that a link the app
  /// applied just in time is not reported as timed out.
  static let graceMilliseconds = 250

  /// The longest reply line accepted. A reply carries the link up to three times (the applied
  /// URL, the override, the screen) plus the JSON escaping of what it decodes to, so it can be
  /// several times the app's longest request line; the request limit is not the reply limit.
  static let maximumReplyLength = 16 * LineFramer.defaultMaximumLineLength

  /// A connection to the app at `path`, whose replies are compared with `tableVersion`, the
  /// fingerprint of the table its links are built from.
  static func connect(path: String, timeoutMilliseconds: Int, tableVersion: String) throws(ClientFailure)
    -> AppSession
  {
    do {
      let client = try LineClient.connect(
        path: path, deadline: .after(milliseconds: timeoutMilliseconds), maximumLineLength: maximumReplyLength
      )
      return AppSession(client: client, timeoutMilliseconds: timeoutMilliseconds, tableVersion: tableVersion)
    } catch {
      throw .socket(error)
    }
  }

  /// The request that opens `url`, with its deadline `timeoutMilliseconds` from now, and when
  /// given, `table`: the fingerprint of the table the link was built from, which the app checks.
  static func openRequest(_ url: String, timeoutMilliseconds: Int, table: String? = nil) -> Request {
    .open(url: url, deadline: Int(Clocks.epochMilliseconds) + timeoutMilliseconds, table: table)
  }

  /// Throws ``ClientFailure/linkTooLong(bytes:limit:)`` when `request` is longer than the app
  /// accepts: a usage error found before anything is sent.
  static func checkFits(_ request: Request) throws(ClientFailure) {
    let bytes = request.line.utf8.count
    let limit = LineFramer.defaultMaximumLineLength
    guard bytes <= limit else { throw .linkTooLong(bytes: bytes, limit: limit) }
  }

  /// ``checkFits(_:)`` for the request that will open `url` with a deadline not known yet (a
  /// batch checks every line before sending the first): checked with the longest deadline an
  /// `Int` prints, so it never passes a line the app refuses.
  static func checkFits(url: String) throws(ClientFailure) {
    // JSON writes a byte of the URL as at most 6 (`\u001f`): a URL that fits even so needs no
    // request built to know it (every link a person types).
    guard url.utf8.count * 6 + longestRequestOverhead > LineFramer.defaultMaximumLineLength else { return }
    try checkFits(.open(url: url, deadline: .max, table: longestFingerprint))
  }

  /// More than the bytes an `open` request adds around its URL: the keys, an `Int`'s longest
  /// deadline and a fingerprint.
  private static let longestRequestOverhead = 256

  /// A table fingerprint's length (``RouteTable/version``: 16 hex digits), for the length check.
  private static let longestFingerprint = String(repeating: "0", count: 16)

  /// Sends `request`, waits for its reply and checks it: `ok`, or the app's error.
  mutating func request(_ request: Request) throws(ClientFailure) -> JSON {
    let line: [UInt8]
    do {
      line = try client.request(
        request.line, deadline: .after(milliseconds: timeoutMilliseconds + Self.graceMilliseconds))
    } catch .timedOut(let path) {
      throw .unanswered(request.operation, path: path)
    } catch {
      throw .socket(error)
    }
    let reply: JSON
    do {
      reply = try JSON.parse(line)
    } catch {
      throw .badReply(error.message)
    }
    guard let ok = reply["ok"]?.boolValue, let version = reply["version"]?.stringValue else {
      throw .badReply(
        "the reply has no \"ok\" and \"version\"; is an app's agent listening on \(client.path)?")
    }
    if version != tableVersion { foreignVersion = version }
    guard ok else {
      let kind = reply["error"]?["kind"]?.stringValue ?? "unknown"
      let message = reply["error"]?["message"]?.stringValue ?? "no message"
      throw .rejected(request.operation, kind: kind, message: message)
    }
    return reply
  }

  /// Forgets a foreign version seen so far: one the command expects (a `ping` that asks which
  /// table the app serves) is no cause for a warning.
  mutating func clearForeignVersion() { foreignVersion = nil }

  func close() { client.close() }
}
