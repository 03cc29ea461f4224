import Foundation

/// A value behind an `NSLock`, shared between a test and its threads. (Not
/// `Synchronization.Mutex`: ThreadSanitizer cannot see its futex on Linux.)
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// Runs `body(index)` on `count` real threads at once (not the cooperative pool, whose width
/// is the core count, and whose threads must not block in `read`) and waits for all.
///
/// Failures are collected as text: `#expect` from a plain thread has no test to report to.
/// - Returns: every thrown error and every failure a body reported, as sentences.
func concurrently(
  _ count: Int, stackSize: Int = 1 << 20,
  _ body: @escaping @Sendable (_ index: Int, _ fail: (String) -> Void) throws -> Void
) -> [String] {
  let failures = Locked<[String]>([])
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      do {
        try body(index) { message in failures.withLock { $0.append("thread \(index): \(message)") } }
      } catch {
        failures.withLock { $0.append("thread \(index): \(error)") }
      }
      group.leave()
    }
    thread.stackSize = stackSize
    thread.start()
  }
  group.wait()
  return failures.withLock { $0 }
}

/// The first `limit` failures, for an `#expect` message.
func summary(_ failures: [String], limit: Int = 10) -> String {
  failures.prefix(limit).joined(separator: "\n")
    + (failures.count > limit ? "\n… \(failures.count - limit) more" : "")
}
