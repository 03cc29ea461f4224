/// What `deeplink tour` was asked: record into `out`, or check against `check` (writing the
/// new tour to `out`, else a temporary directory), visiting `scenario`'s links or every route.
package struct TourRequest: Hashable, Sendable {
  package var out: String?
  package var scenario: String?
  package var check: String?
  /// `--tolerance N` and `--settle-timeout SECONDS`: how each picture waits for the screen to
  /// stop changing (``Settling``).
  package var settling = Settling()
  /// `--tolerance N`: the largest channel difference of two pixels that still match, 0–255
  /// (``PictureComparison``): for a check, and for two screenshots in a row.
  package var tolerance: Int { settling.pixelTolerance }
  /// `--settle SECONDS`: how long to wait after each link before its picture.
  package var settle: Double? = nil
  /// `--keep-status-bar`: leave a simulator's status bar as it is.
  package var keepStatusBar: Bool = false
}

extension TourRequest {
  /// What a tour refuses before anything runs, `--dry-run` included: a connected iPhone or
  /// iPad (devicectl takes no screenshot, and its app cannot acknowledge); Android without
  /// `--settle` (its app cannot acknowledge); `--settle` and `--keep-status-bar` on the app
  /// target (no pictures), `--keep-status-bar` on Android (no status bar is set there).
  func checkOptions(on target: DeliveryTarget) throws {
    switch target.kind {
    case .device:
      throw DeviceFailure.wrongTarget(
        TourCommand.name, target, expected: "the app, simulator and android targets")
    case .android where settle == nil: throw DeviceFailure.unacknowledgedTour(target)
    default: break
    }
    if target == .app, settle != nil {
      throw UsageError.invalidUse(
        TourCommand.settleFlag
          + " waits before each picture, and the app target has no pixels; give --target "
          + "simulator or --target android to record pictures", hint: nil)
    }
    if target == .app, settling.timeout != nil {
      throw UsageError.invalidUse(
        Settling.timeoutFlag
          + " is how long each picture waits for the screen to settle, and the app target has no pixels; "
          + "give --target simulator or --target android to record pictures", hint: nil)
    }
    if target == .app, settling.tolerance != nil, check == nil {
      throw UsageError.invalidUse(
        Settling.toleranceFlag
          + " compares pictures (in a check, and two screenshots in a row), and the app target records "
          + "none; give --target simulator or --target android, or --check <dir>", hint: nil)
    }
    if target.kind != .simulator, keepStatusBar {
      throw UsageError.invalidUse(
        TourCommand.keepStatusBarFlag
          + " is for a simulator target, whose status bar a tour sets; not --target \(target.text)",
        hint: nil)
    }
  }
}
