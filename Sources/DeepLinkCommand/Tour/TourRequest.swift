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
