import Pictures

/// A screenshot taken: its PNG as the tool wrote it, and its pixels.
struct Screenshot {
  let png: [UInt8]
  let picture: Picture
}

/// How a picture's screen settled: whether it did, how long it took and how many screenshots.
struct SettleOutcome: Equatable {
  /// Whether two screenshots in a row matched; `nil` when they were not compared
  /// (`--settle-timeout 0`: one screenshot).
  let settled: Bool?
  /// For a settled screen, the milliseconds from the start of the first screenshot to the start
  /// of the first of the two that matched: 0 when the screen was still already. For a screen
  /// that never settled, the milliseconds spent taking screenshots.
  let milliseconds: Int
  /// Screenshots taken: 2 when the screen was still already.
  let screenshots: Int

  /// For a screen that did not settle: `did not settle within 3 s (14 screenshots, no two in
  /// a row alike within --tolerance 0)`.
  func notSettled(_ settling: Settling) -> String {
    "did not settle within \(GlobalOption.formatted(settling.timeout ?? Settling.defaultTimeout)) s "
      + "(\(screenshots) screenshots, no two in a row alike within --tolerance \(settling.pixelTolerance))"
  }

  /// For a report: `settled after 0.35 s, 4 screenshots`, `did not settle: 14 screenshots in
  /// 3.01 s`, or `1 screenshot, not compared`.
  var summary: String {
    switch settled {
    case nil: "1 screenshot, not compared (--settle-timeout 0)"
    case true?: "settled after \(Self.seconds(milliseconds)) s, \(screenshots) screenshots"
    case false?:
      "did not settle: \(screenshots) screenshots in \(Self.seconds(milliseconds)) s, the last kept"
    }
  }

  /// Milliseconds as seconds for people: `0.35`, `3`, `0`.
  static func seconds(_ milliseconds: Int) -> String {
    GlobalOption.formatted(Double(milliseconds) / 1000)
  }
}

/// A picture of the screen once it stopped changing, or the last one taken when it never did.
struct SettledScreenshot {
  let screenshot: Screenshot
  let outcome: SettleOutcome
}

/// The one loop that waits for a screen to settle, for every picture deeplink takes (`tour`,
/// `screen --png`, `mcp --pictures` and its `screenshot` tool): screenshots until two in a row
/// match within the tolerance, at most the settle timeout after the first began.
///
/// A screen that is still already costs one screenshot more than a single picture; one that
/// never settles (a spinner) ends with its last screenshot, marked as not settled. Maestro's
/// `waitForAnimationToEnd` compares screenshots the same way (mobile-dev-inc/maestro
/// `ScreenshotUtils.waitUntilScreenIsStatic`), taking them two by two; here each screenshot is
/// compared with the one before, so no screenshot is wasted.
enum ScreenSettling {
  /// Takes screenshots with `take` until two in a row match.
  ///
  /// - Parameters:
  ///   - settling: the settle timeout (0: one screenshot, not compared) and the tolerance.
  ///   - now: a monotonic clock in milliseconds.
  ///   - interrupted: whether to stop at once with the last screenshot (a stop signal came).
  ///   - take: takes one screenshot.
  /// - Throws: what `take` throws.
  static func settle(
    _ settling: Settling, now: () -> Int64, interrupted: () -> Bool = { false },
    take: () throws(DeviceFailure) -> Screenshot
  ) throws(DeviceFailure) -> SettledScreenshot {
    let start = now()
    var last = try take()
    var count = 1
    guard settling.compares else {
      return SettledScreenshot(
        screenshot: last, outcome: SettleOutcome(settled: nil, milliseconds: 0, screenshots: 1))
    }
    var lastStarted = start
    let timeout = Int64(settling.timeoutMilliseconds)
    while true {
      let started = now()
      let next = try take()
      count += 1
      if PictureComparison(last.picture, next.picture, tolerance: settling.pixelTolerance).matches {
        return SettledScreenshot(
          screenshot: next,
          outcome: SettleOutcome(settled: true, milliseconds: Int(lastStarted - start), screenshots: count))
      }
      last = next
      lastStarted = started
      let elapsed = now() - start
      if elapsed >= timeout || interrupted() {
        return SettledScreenshot(
          screenshot: last,
          outcome: SettleOutcome(settled: false, milliseconds: Int(elapsed), screenshots: count))
      }
    }
  }
}
