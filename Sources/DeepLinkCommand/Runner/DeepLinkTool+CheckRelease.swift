import DeepLinkWire

extension DeepLinkTool {
  /// `check-release PATH…`: reads each path's Info.plist or Android manifest and checks that
  /// the table's scheme is not registered (with `expectRegistered`, that it is), printing one
  /// line per file (with `--json`, one object) and failing with exit 1 (found, or missing) or
  /// 66 (a path that cannot be read).
  func checkRelease(_ paths: [String], expectRegistered: Bool, options: GlobalOptions) throws(ClientFailure) {
    var report = ReleaseCheckReport(scheme: table.scheme, expectRegistered: expectRegistered)
    for path in paths {
      do {
        report.files += try ReleaseArtifact.files(at: path)
      } catch {
        report.unreadable.append(error)
      }
    }
    try write(options.json ? report.json.pretty + "\n" : report.text)
    if let failure = report.failure { throw failure }
  }
}
