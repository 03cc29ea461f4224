import Foundation
import Testing

@testable import DeepLinkSystem

/// Reading a process's state and exit status from a `/proc/<pid>/stat` line (proc(5)).
@Suite struct ProcessProbeTests {
  /// A zombie `sh` whose status word is 17664: exit code 69 (69 << 8).
  static let zombie =
    "25421 (sh) Z 25420 25416 5283 0 -1 4227084 84 0 0 0 0 0 0 0 20 0 1 0 164940 0 0 18446744073709551615 "
    + "0 0 0 0 0 0 0 6 65536 1 0 0 17 0 0 0 0 0 0 0 0 0 0 0 0 0 17664\n"

  @Test func aZombieHasExitedWithItsStatus() {
    #expect(ProcessProbe.state(fromStatLine: Array(Self.zombie.utf8)) == .exited(.code(69)))
  }

  @Test func aNameWithSpacesAndParenthesesIsSkipped() {
    let line = Self.zombie.replacingOccurrences(of: "(sh)", with: "(a) Z (b)")
      .replacingOccurrences(of: " 17664\n", with: " 9\n")
    #expect(ProcessProbe.state(fromStatLine: Array(line.utf8)) == .exited(.signal(9)))
  }

  @Test func aRunningProcessRuns() {
    let line = Self.zombie.replacingOccurrences(of: ") Z ", with: ") S ")
    #expect(ProcessProbe.state(fromStatLine: Array(line.utf8)) == .running)
  }

  @Test func thisProcessRuns() {
    #expect(ProcessProbe.state(of: getpid()) == .running)
  }
}
