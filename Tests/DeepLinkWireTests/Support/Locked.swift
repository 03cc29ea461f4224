import Foundation

/// A value behind an `NSLock`, shared between a test and its server thread. (Not
/// `Synchronization.Mutex`: ThreadSanitizer cannot see its futex on Linux and reports races.)
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
