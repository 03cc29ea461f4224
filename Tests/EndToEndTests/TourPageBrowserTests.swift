import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

/// A recorded tour's `index.html` in a real browser: headless Chromium from Debian's packages
/// (`.ci/run` installs `chromium`), started the way its own `--help` documents
/// (`--headless`, `--dump-dom`, `--screenshot`, `--log-net-log`).
@Suite(
  "tour page in Chromium", .serialized,
  .requires("chromium"))
struct TourPageBrowserTests {
  /// A tour of every route, recorded from a fresh app: the page and its directory.
  static func recordTour(in directory: TemporaryDirectory) throws -> String {
    let app = try RunningApp.start()
    defer { app.stop() }
    let out = directory.file("tour")
    let result = try Command.deeplink("tour", "--out", out, "--socket", app.socket)
    #expect(result.status == 0, "\(result)")
    return out + "/index.html"
  }

  /// Runs Chromium headless on `page` with a profile of its own (no first-run work, no
  /// background networking of its own), plus `arguments`.
  static func chromium(_ arguments: [String], page: String, profile: String) throws -> CommandResult {
    try Command.run(
      try ExternalTool.require("chromium"),
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--user-data-dir=" + profile, "--window-size=1280,2000",
      ] + arguments + ["file://" + page])
  }

  @Test func rendersEveryEntryAndRequestsNothingFromTheNetwork() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let page = try Self.recordTour(in: directory)
    let netLog = directory.file("net-log.json")
    let dump = try Self.chromium(
      ["--dump-dom", "--log-net-log=" + netLog], page: page, profile: directory.file("profile"))
    #expect(dump.status == 0, "\(dump)")
    let dom = dump.stdout
    #expect(
      dom.components(separatedBy: "<article class=\"card\"").count - 1 == RouteTable.recipeSample.routes.count
    )
    for (index, route) in RouteTable.recipeSample.routes.enumerated() {
      #expect(dom.contains(String(format: "id=\"%02d-%@\"", index + 1, route.name)), "\(route.name)")
    }
    #expect(dom.contains("$ deeplink recipe --id 1"))

    // Chromium's net log records every request; those the page made carry its file://
    // isolation key (its own background requests, if any, carry none).
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: netLog))) as? [String: Any]
    )
    let types = try #require((log["constants"] as? [String: Any])?["logEventTypes"] as? [String: Int])
    let start = try #require(types["URL_REQUEST_START_JOB"])
    let events = try #require(log["events"] as? [[String: Any]])
    let fromThePage = events.filter { event in
      guard event["type"] as? Int == start, let parameters = event["params"] as? [String: Any] else {
        return false
      }
      return (parameters["network_isolation_key"] as? String)?.contains("file://") == true
        || parameters["initiator"] as? String == "null"
    }
    #expect(fromThePage.isEmpty, "the page requested: \(fromThePage)")
  }

  @Test func itsScreenshotIsNotBlank() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let page = try Self.recordTour(in: directory)
    let shot = directory.file("tour.png")
    let result = try Self.chromium(["--screenshot=" + shot], page: page, profile: directory.file("profile"))
    #expect(result.status == 0, "\(result)")
    // The same window of an empty page: a PNG of one colour compresses to almost nothing.
    let blankPage = directory.file("blank.html")
    try "<!doctype html><title>blank</title>".write(toFile: blankPage, atomically: true, encoding: .utf8)
    let blankShot = directory.file("blank.png")
    #expect(
      try Self.chromium(["--screenshot=" + blankShot], page: blankPage, profile: directory.file("profile"))
        .status
        == 0)
    let size = try Data(contentsOf: URL(fileURLWithPath: shot)).count
    let blank = try Data(contentsOf: URL(fileURLWithPath: blankShot)).count
    #expect(
      Data(try Data(contentsOf: URL(fileURLWithPath: shot)).prefix(8))
        == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(size > 10 * blank, "screenshot \(size) bytes, a blank page's \(blank)")
  }
}
