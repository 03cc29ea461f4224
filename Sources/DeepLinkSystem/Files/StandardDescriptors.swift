#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Descriptors 0, 1 and 2 as every program assumes them: open.
package enum StandardDescriptors {
  /// Opens `/dev/null` on each of descriptors 0–2 that is closed: call first thing in `main`,
  /// before anything else opens a descriptor.
  ///
  /// A program started with them closed (`deeplink-app <&- >&- 2>&-`, as some supervisors
  /// do) would otherwise get its first socket or pipe on one of them, and then write text meant
  /// for stdout or stderr into it: the app's first log line went into its own wake-up pipe and
  /// stopped it, and `deeplink … >&-` wrote the screen into its socket, where the app applied
  /// any line of it that was a link. `open(2)` returns the lowest free descriptor, so the
  /// closed ones are filled in order.
  package static func openMissing() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDWR)
      // A descriptor above 2 means something raced us to the slot; it is not ours to keep.
      if opened > 2 { close(opened) }
    }
  }
}
