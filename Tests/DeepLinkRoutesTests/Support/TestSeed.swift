/// The seed of the generated tests: `DEEPLINK_TEST_SEED` when set, to replay a failure,
/// otherwise a fixed one, so that every run checks the same cases.
enum TestSeed {
  static let `default`: UInt64 = 0x5EED_DEE9_11A4

  static var current: UInt64 {
    guard let text = environment("DEEPLINK_TEST_SEED"), let seed = UInt64(text) else {
      return `default`
    }
    return seed
  }
}
