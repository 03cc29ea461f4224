import DeepLinkAgent
import DeepLinkWire

/// The wire's properties, for `fuzz-wire` and its regression tests: framing, request
/// handling and the JSON parser, on one stream of bytes.
public enum WireCheck {
  /// Feeds `bytes` (after the first, which picks the chunk size and the line limit) to a
  /// ``LineFramer`` in chunks, hands every line to a ``RequestHandler``, and parses the
  /// whole input as JSON.
  ///
  /// The framer must cut exactly the lines a plain split gives and fail exactly when one is
  /// over the limit; every reply must be one line of JSON with `ok`, and an error reply a
  /// `kind` and a `message`; JSON that parses must print text that parses back to it.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    guard let control = bytes.first else { return nil }
    let stream = Array(bytes.dropFirst())
    let chunkSize = Int(control & 0x0F) + 1
    let limit = control & 0x10 == 0 ? 32 : LineFramer.defaultMaximumLineLength

    var framer = LineFramer(maximumLineLength: limit)
    var lines: [[UInt8]] = []
    var failed = false
    var offset = 0
    feeding: while offset < stream.count {
      framer.append(stream[offset..<min(offset + chunkSize, stream.count)])
      offset += chunkSize
      do {
        while let line = try framer.nextLine() { lines.append(Array(line)) }
      } catch {
        failed = true
        break feeding
      }
    }
    let expected = reference(stream, limit: limit)
    guard lines == expected.lines, failed == expected.fails else {
      return "framer gave \(lines.count) lines (failed: \(failed)), a plain split \(expected.lines.count) "
        + "(fails: \(expected.fails)), chunk \(chunkSize), limit \(limit)"
    }

    for (line, reply) in zip(lines, replies(to: lines)) {
      if let problem = checkReply(reply) { return "line \(line): \(problem)" }
    }

    if let value = try? JSON.parse(stream) {
      let text = value.serialized
      guard let again = try? JSON.parse(text), again == value else {
        return "JSON \(text.debugDescription) does not parse back to itself"
      }
    }
    return nil
  }

  /// The lines of a fuzz input: what follows its control byte, split at `\n` (and one `\r`
  /// before it) up to the first line over the limit the control byte picks. A regression test
  /// reads them to see that a kept input reaches the code it was kept for.
  public static func lines(of bytes: [UInt8]) -> [[UInt8]] {
    guard let control = bytes.first else { return [] }
    let limit = control & 0x10 == 0 ? 32 : LineFramer.defaultMaximumLineLength
    return reference(Array(bytes.dropFirst()), limit: limit).lines
  }

  /// The replies one ``RequestHandler`` (debug links on, the clock at 1,000,000 ms) gives
  /// to `lines`, in order.
  public static func replies(to lines: [[UInt8]]) -> [String] {
    var handler = RequestHandler(debugLinksEnabled: true, now: { 1_000_000 })
    return lines.map { handler.handle($0[...]).reply }
  }

  /// Lines cut by splitting at `\n` and dropping one `\r` before it, up to the first line
  /// longer than `limit` (counting that `\r`); `fails` when there is one, or the unfinished
  /// tail is already longer.
  static func reference(_ stream: [UInt8], limit: Int) -> (lines: [[UInt8]], fails: Bool) {
    let pieces = stream.split(separator: 0x0A, omittingEmptySubsequences: false)
    var lines: [[UInt8]] = []
    for piece in pieces.dropLast() {
      guard piece.count <= limit else { return (lines, true) }
      lines.append(Array(piece.last == 0x0D ? piece.dropLast() : piece))
    }
    return (lines, (pieces.last?.count ?? 0) > limit)
  }

  static func checkReply(_ reply: String) -> String? {
    guard !reply.utf8.contains(0x0A) else { return "reply spans lines: \(reply.debugDescription)" }
    guard let json = try? JSON.parse(reply) else { return "reply is not JSON: \(reply.debugDescription)" }
    guard let ok = json["ok"]?.boolValue else { return "reply without ok: \(reply)" }
    if !ok {
      guard let kind = json["error"]?["kind"]?.stringValue, !kind.isEmpty,
        let message = json["error"]?["message"]?.stringValue, !message.isEmpty
      else { return "error reply without kind and message: \(reply)" }
    }
    return nil
  }
}
