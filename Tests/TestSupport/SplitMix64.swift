/// A tiny, seeded pseudo-random generator (SplitMix64), so that a generated test case can be
/// reproduced from its seed on any machine and any toolchain.
///
/// The helpers below avoid the standard library's `random(in:using:)`, whose algorithm is not
/// promised to stay the same between Swift releases.
///
///     var random = SplitMix64(seed: 42)
///     random.int(in: 1...6)  // the same number on every run
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`, the full `Int` range included (slightly biased; fine for tests).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    let offset = span == .max ? next() : next() % (span + 1)
    return range.lowerBound &+ Int(truncatingIfNeeded: offset)
  }

  /// A number in `0..<count`.
  public mutating func below(_ count: Int) -> Int {
    int(in: 0...(count - 1))
  }

  /// `true` about once in `odds` draws.
  public mutating func oneIn(_ odds: Int) -> Bool {
    below(odds) == 0
  }

  /// One element of `elements`, which must not be empty.
  public mutating func element<C: Collection>(of elements: C) -> C.Element where C.Index == Int {
    elements[elements.startIndex + below(elements.count)]
  }
}
