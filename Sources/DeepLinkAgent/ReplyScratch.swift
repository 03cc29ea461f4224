import DeepLinkWire

/// The ``JSONWriter`` a ``RequestHandler`` renders each applied link's reply and log line into,
/// kept from link to link so that its storage is allocated once and grows to the largest reply
/// rather than being allocated and freed for every link.
///
/// Held through a pointer rather than in a stored `var`, like ``HandlerStorage``'s handler: a
/// class's `var` is checked for exclusive access at run time, and its one user, the request
/// loop, runs on one thread and never reenters.
final class ReplyScratch {
  /// The writer, emptied before each link.
  let writer: UnsafeMutablePointer<JSONWriter>

  init() {
    writer = .allocate(capacity: 1)
    writer.initialize(to: JSONWriter(capacity: 1024))
  }

  deinit {
    writer.deinitialize(count: 1)
    writer.deallocate()
  }
}
