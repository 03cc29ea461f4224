#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// New names in a directory, as events on a descriptor: `inotify(7)` on Linux.
package enum DirectoryNotifier {
  /// On Linux, an `inotify` instance (non-blocking, close-on-exec) watching `directory` for
  /// names created in it or moved into it (`IN_CREATE`, `IN_MOVED_TO`): readable when one
  /// came, its `struct inotify_event` records read with ``FileDescriptor/read(into:)-(inout [UInt8])``.
  /// `nil` elsewhere, where the caller looks at the path itself now and then.
  ///
  /// - Throws: the error of `inotify_init1` or of `inotify_add_watch`; nothing is left open.
  package static func watching(_ directory: String) throws(SystemCallError) -> FileDescriptor? {
    #if os(Linux)
      let instance = FileDescriptor(
        rawValue: try systemCall("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
      do {
        _ = try systemCall("inotify_add_watch") {
          inotify_add_watch(instance.rawValue, directory, UInt32(IN_CREATE | IN_MOVED_TO))
        }
      } catch {
        instance.close()
        throw error
      }
      return instance
    #else
      return nil
    #endif
  }
}
