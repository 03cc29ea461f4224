import DeepLinkSystem
import Foundation
import Testing

@Suite struct ClocksTests {
  @Test func epochMillisecondsAgreesWithFoundation() {
    let foundation = Int64(Date().timeIntervalSince1970 * 1000)
    // Same clock read twice: a minute apart would mean wrong units, not a slow machine.
    #expect(abs(Clocks.epochMilliseconds - foundation) < 60_000)
  }

  @Test func monotonicMillisecondsNeverGoBack() {
    var previous = Clocks.monotonicMilliseconds
    for _ in 0..<1_000 {
      let now = Clocks.monotonicMilliseconds
      #expect(now >= previous)
      previous = now
    }
  }

  @Test func deadlines() {
    #expect(Deadline.never.remainingMilliseconds == .max)
    #expect(!Deadline.never.hasPassed)
    #expect(Deadline.after(milliseconds: -1).hasPassed)
    #expect(Deadline.after(milliseconds: -1).remainingMilliseconds == 0)
    let soon = Deadline.after(milliseconds: 60_000)
    #expect(soon.remainingMilliseconds > 0 && soon.remainingMilliseconds <= 60_000)
    #expect(soon < .never)
  }
}
