import DeepLinkWire
import Pictures
import Testing

@testable import DeepLinkCommand

/// The one settle loop (``ScreenSettling``), on pictures made in code and a clock that moves
/// only when a screenshot is taken: how many screenshots, which one is kept, how long it took.
struct ScreenSettlingTests {
  /// A screen that shows `frames` in turn, then its last frame for ever; each screenshot takes
  /// `millisecondsEach` on the fake clock.
  final class FakeScreen {
    let frames: [Picture]
    let millisecondsEach: Int64
    var clock: Int64 = 1_000
    var taken = 0

    init(_ frames: [Picture], millisecondsEach: Int64 = 100) {
      self.frames = frames
      self.millisecondsEach = millisecondsEach
    }

    func take() -> Screenshot {
      let picture = frames[min(taken, frames.count - 1)]
      taken += 1
      clock += millisecondsEach
      return Screenshot(png: [UInt8(taken)], picture: picture)
    }

    func settle(_ settling: Settling, interrupted: @escaping () -> Bool = { false }) throws
      -> SettledScreenshot
    {
      try ScreenSettling.settle(settling, now: { self.clock }, interrupted: interrupted) { self.take() }
    }
  }

  static func gray(_ level: UInt8) -> Picture {
    Picture(width: 4, height: 4, filledWith: [level, level, level, 255])
  }

  @Test func aStillScreenCostsOneScreenshotMore() throws {
    let screen = FakeScreen([Self.gray(10)])
    let shot = try screen.settle(Settling())
    #expect(screen.taken == 2)
    #expect(shot.outcome == SettleOutcome(settled: true, milliseconds: 0, screenshots: 2))
    #expect(shot.outcome.summary == "settled after 0 s, 2 screenshots")
  }

  @Test func anAnimationIsWaitedOutAndItsFinalFrameKept() throws {
    let screen = FakeScreen([Self.gray(1), Self.gray(2), Self.gray(3), Self.gray(50)])
    let shot = try screen.settle(Settling())
    #expect(screen.taken == 5)
    #expect(shot.screenshot.picture == Self.gray(50))
    #expect(shot.screenshot.png == [5])
    // Still from the start of the fourth screenshot, 300 ms after the first began.
    #expect(shot.outcome == SettleOutcome(settled: true, milliseconds: 300, screenshots: 5))
    #expect(shot.outcome.summary == "settled after 0.3 s, 5 screenshots")
  }

  @Test func aScreenThatNeverSettlesEndsAtTheTimeoutWithItsLastPicture() throws {
    let screen = FakeScreen((0..<100).map { Self.gray(UInt8($0)) })
    let settling = Settling(timeout: 0.5)
    let shot = try screen.settle(settling)
    #expect(screen.taken == 5)
    #expect(shot.screenshot.png == [5])
    #expect(shot.outcome == SettleOutcome(settled: false, milliseconds: 500, screenshots: 5))
    #expect(
      shot.outcome.notSettled(settling)
        == "did not settle within 0.5 s (5 screenshots, no two in a row alike within --tolerance 0)")
  }

  @Test func aSlowScreenshotStillGetsASecondToCompareWith() throws {
    let screen = FakeScreen([Self.gray(7)], millisecondsEach: 5_000)
    #expect(try screen.settle(Settling(timeout: 1)).outcome.settled == true)
    #expect(screen.taken == 2)
  }

  @Test func theToleranceDecidesWhatCountsAsStill() throws {
    let frames = [Self.gray(10), Self.gray(12), Self.gray(14), Self.gray(16)]
    let strict = FakeScreen(frames)
    #expect(try strict.settle(Settling(tolerance: 1)).outcome.screenshots == 5)
    let lenient = FakeScreen(frames)
    #expect(
      try lenient.settle(Settling(tolerance: 2)).outcome
        == SettleOutcome(settled: true, milliseconds: 0, screenshots: 2))
  }

  @Test func aTimeoutOfZeroTakesOneScreenshotAndComparesNothing() throws {
    let screen = FakeScreen([Self.gray(1), Self.gray(2)])
    let shot = try screen.settle(Settling(timeout: 0))
    #expect(screen.taken == 1)
    #expect(shot.outcome == SettleOutcome(settled: nil, milliseconds: 0, screenshots: 1))
  }

  @Test func aStopSignalEndsTheWaitAtOnce() throws {
    let screen = FakeScreen((0..<100).map { Self.gray(UInt8($0)) })
    let shot = try screen.settle(Settling(timeout: 60)) { screen.taken >= 3 }
    #expect(screen.taken == 3)
    #expect(shot.outcome.settled == false)
  }

  @Test func aFailedScreenshotIsThrown() {
    var count = 0
    #expect(throws: DeviceFailure.self) {
      _ = try ScreenSettling.settle(Settling(), now: { 0 }) { () throws(DeviceFailure) -> Screenshot in
        count += 1
        if count == 2 { throw .notAScreenshot(["screenshot"], toolMessage: "gone") }
        return Screenshot(png: [], picture: Self.gray(0))
      }
    }
  }

  @Test(arguments: [("3", 3.0), ("0", 0.0), (".5", 0.5), ("60", 60.0), ("0.001", 0.001)])
  func settleTimeoutsThatAreTaken(_ text: String, _ seconds: Double) {
    #expect(Settling.timeout(text) == seconds)
  }

  @Test(arguments: ["-1", "abc", "1e9", "61", "60.5", "", " 3", "3.", "inf", "nan", "0x10", "1.2.3", "+1"])
  func settleTimeoutsThatAreRefused(_ text: String) {
    #expect(Settling.timeout(text) == nil)
  }
}
