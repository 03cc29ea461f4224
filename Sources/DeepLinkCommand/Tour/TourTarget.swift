/// Where a tour sends its links and takes its pictures.
struct TourTarget {
  /// The app each link is sent to over its socket (the app target, or a simulator app's
  /// agent): acknowledged, with the screen and state. `nil` when links go to ``device``
  /// unacknowledged (`simctl openurl`, `am start`), and only `--settle` says when to take the
  /// picture.
  var app: AppClient?
  /// The device of the pictures; `nil` on the app target, which has no pixels.
  var device: ResolvedDevice?
  /// The device as the page and `tour.json` name it.
  var deviceLabel: String?
  /// `--settle`: seconds to wait after each link before its picture.
  var settle: Double?
  /// Whether the simulator's status bar is set for the pictures (and cleared after them).
  var overridesStatusBar: Bool
}
