import DeepLinkRoutes
import DeepLinkWire

extension DeepLinkTool {
  /// `deeplink batch [FILE|-]`: checks every line first (a usage error sends nothing), then
  /// sends the links one by one over one connection, stopping at the first failure. A batch
  /// with no link succeeds without connecting.
  ///
  /// Output per applied line: the screen (text), one JSON state per line (`--json`, JSON
  /// Lines), or nothing (`--quiet`).
  func runBatch(_ path: String?, options: GlobalOptions) throws(ClientFailure) {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.contents(of: path)
    } catch {
      throw .batch(line: nil, .usage, "cannot read \(error.path): \(error.reason)")
    }
    var steps: [(line: Int, url: String)] = []
    for (index, line) in BatchLine.lines(of: bytes).enumerated() {
      guard let line else { throw .batch(line: index + 1, .usage, "the line is not UTF-8 text") }
      let link: Link?
      do {
        link = try BatchLine.parse(line, table: table)
      } catch {
        throw .batch(line: index + 1, .usage, error.message)
      }
      guard let link else { continue }
      let url = table.url(for: link)
      do {
        try AppSession.checkFits(url: url)
      } catch {
        throw .batch(line: index + 1, .usage, error.message)
      }
      steps.append((index + 1, url))
    }
    // Nothing to send (only blank lines and comments): done, whether or not an app listens.
    guard !steps.isEmpty else { return }
    var session = try connect(options)
    defer { session.close() }
    for (number, url) in steps {
      let reply: JSON
      do {
        // Each link's deadline counts from when it is sent, after the steps before it.
        let request = AppSession.openRequest(url, timeoutMilliseconds: options.timeoutMilliseconds)
        reply = try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
          try s.request(request)
        }
      } catch {
        throw .batch(line: number, error.exitCode, error.message)
      }
      guard !options.quiet else { continue }
      if options.json {
        streams.out((reply["state"] ?? .null).serialized + "\n")
      } else {
        streams.out("» line \(number): \(url)\n" + (reply["state"]?["screen"]?.stringValue ?? "") + "\n")
      }
    }
  }
}
