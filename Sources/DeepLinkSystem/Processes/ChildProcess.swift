#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

/// Runs another program (`xcrun`, `adb`) to its end, or until a deadline, and collects what it
/// printed. Plain `posix_spawn(3)`, `poll(2)` and `waitpid(2)`: no Foundation in the CLI.
///
///     let run = try ChildProcess.run(["/usr/bin/adb", "devices", "-l"], deadline: .after(milliseconds: 5000))
///     // run.status 0, run.standardOutput "List of devices attached\n…"
///
/// The child gets this process's environment, `/dev/null` as standard input, and a process
/// group of its own, so that a time-out kills it and everything it started (`xcrun` runs
/// `simctl`, a shell runs its commands) rather than leaving them behind. While it runs, a
/// SIGINT, SIGTERM or SIGHUP sent to `deeplink` is passed on to that group before `deeplink`
/// itself ends the way the signal says; while ``HeldSignals`` holds them, one that comes kills
/// the group within 50 ms.
package enum ChildProcess {
  /// What a finished program printed and how it ended.
  package struct Result: Hashable, Sendable {
    /// The exit status, or 128 + the signal number for a program killed by a signal (as
    /// shells report it).
    package var status: Int32
    package var standardOutput: [UInt8]
    package var standardError: [UInt8]

    package init(status: Int32, standardOutput: [UInt8], standardError: [UInt8]) {
      self.status = status
      self.standardOutput = standardOutput
      self.standardError = standardError
    }

    /// Standard output as text (invalid UTF-8 repaired).
    package var output: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as text (invalid UTF-8 repaired).
    package var errorOutput: String { String(decoding: standardError, as: UTF8.self) }
  }

  /// Why a program could not be run to its end.
  package enum Failure: Error, Hashable, Sendable {
    /// The deadline passed first; the program and its process group were killed (SIGKILL)
    /// and reaped.
    case timedOut
    /// `posix_spawn`, `pipe` or `poll` failed; the C function's name and its errno.
    case system(String, Errno)
  }

  /// More than this much output from one stream is cut: far beyond what `simctl list -j`
  /// prints on a machine with every runtime installed.
  package static let maximumOutputBytes = 16 << 20

  /// Runs `arguments[0]` (a path, not looked up in `PATH`) with the rest as its arguments, and
  /// `environment` (`NAME=VALUE` each) added to this process's environment, replacing a
  /// variable of the same name.
  ///
  /// - Throws: ``Failure/timedOut`` when `deadline` passes first (the program is killed),
  ///   ``Failure/system(_:_:)`` when it could not be started or watched.
  package static func run(_ arguments: [String], deadline: Deadline, environment: [String] = [])
    throws(Failure) -> Result
  {
    precondition(!arguments.isEmpty, "a program to run")
    let output = try makePipe()
    let errors: (read: Int32, write: Int32)
    do {
      errors = try makePipe()
    } catch {
      closeAll(output.read, output.write)
      throw error
    }
    let pid: pid_t
    do {
      pid = try spawn(
        arguments, environment: environment, standardOutput: output.write, standardError: errors.write)
    } catch {
      closeAll(output.read, output.write, errors.read, errors.write)
      throw error
    }
    closeAll(output.write, errors.write)
    defer { closeAll(output.read, errors.read) }
    SignalForwarding.begin(group: pid)
    defer { SignalForwarding.end() }
    var collected = Collected()
    let finished = collect(output.read, errors.read, child: pid, deadline: deadline, into: &collected)
    guard finished else {
      // The process group is the child's pid (it was made its leader at spawn).
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
      _ = reap(pid)
      throw .timedOut
    }
    let status = collected.status ?? reap(pid)
    return Result(status: status, standardOutput: collected.output, standardError: collected.errors)
  }

  /// The path of the first executable regular file called `name` in a folder of `path` (a
  /// `PATH` value; an empty entry is the current folder), as `execvp(3)` looks; `nil` when
  /// there is none. `access(2)` and `stat(2)`.
  package static func locate(_ name: String, path: String?) -> String? {
    let folders = (path ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
    for folder in folders {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
      var status = stat()
      guard access(candidate, X_OK) == 0, stat(candidate, &status) == 0,
        status.st_mode & S_IFMT == S_IFREG
      else { continue }
      return candidate
    }
    return nil
  }

  // MARK: - Steps

  private struct Collected {
    var output: [UInt8] = []
    var errors: [UInt8] = []
    /// Set once `waitpid` has reaped the child.
    var status: Int32?
  }

  /// Reads both pipes until both reach end of file, or the child has ended and nothing more
  /// is waiting (a grandchild that kept the pipes open does not hold us up), or `deadline`
  /// passes. - Returns: `false` when the deadline passed first.
  private static func collect(
    _ outputDescriptor: Int32, _ errorDescriptor: Int32, child: pid_t, deadline: Deadline,
    into collected: inout Collected
  ) -> Bool {
    var open = [FileDescriptor(rawValue: outputDescriptor), FileDescriptor(rawValue: errorDescriptor)]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var killed = false
    var set = PollSet(capacity: 2)
    while !open.isEmpty {
      if collected.status == nil, let status = reapIfEnded(child) {
        collected.status = status
      }
      // A stop signal held back (a tour's status bar must be cleared first): the child is
      // killed now rather than waited for; it ends as killed (status 137), and the signal ends
      // deeplink once the undoing is done.
      if !killed, collected.status == nil, HeldSignals.childMustStop {
        kill(-child, SIGKILL)
        kill(child, SIGKILL)
        killed = true
      }
      let remaining = deadline.remainingMilliseconds
      if remaining == 0 { return false }
      // Once the child has ended, whatever is left is already in the pipes: read it without
      // waiting. Until then, wake now and then to notice its end.
      let timeout: Int32 = collected.status != nil ? 0 : Int32(clamping: min(remaining, 50))
      set.removeAll()
      for descriptor in open { set.append(descriptor, events: .readable) }
      // A signal (`EINTR`) counts as nothing ready: the loop looks again. A poll that waits
      // not at all (the child has ended) is never interrupted.
      let ready: Int
      do { ready = try set.wait(timeoutMilliseconds: timeout) } catch { return collected.status != nil }
      if ready == 0 {
        if collected.status != nil { return true }
        continue
      }
      var stillOpen: [FileDescriptor] = []
      for (index, descriptor) in open.enumerated() {
        guard !set.returnedEvents(at: index).isEmpty else {
          stillOpen.append(descriptor)
          continue
        }
        // An error or the end of file (0) closes the stream; nothing to read yet (`nil`,
        // `EAGAIN`) keeps it.
        let count: Int?
        do { count = try descriptor.read(into: &buffer) } catch { continue }
        guard let count else {
          stillOpen.append(descriptor)
          continue
        }
        guard count > 0 else { continue }
        if descriptor.rawValue == outputDescriptor {
          append(buffer[..<count], to: &collected.output)
        } else {
          append(buffer[..<count], to: &collected.errors)
        }
        stillOpen.append(descriptor)
      }
      open = stillOpen
    }
    return true
  }

  private static func append(_ bytes: ArraySlice<UInt8>, to stream: inout [UInt8]) {
    let room = maximumOutputBytes - stream.count
    if room > 0 { stream += bytes.prefix(room) }
  }

  /// `waitpid(2)` without waiting: the status once the child has ended, else `nil`.
  private static func reapIfEnded(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    guard result == pid else { return nil }
    return exitStatus(status)
  }

  /// `waitpid(2)`, waiting (``systemCall(_:_:)``: retried on `EINTR`).
  private static func reap(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    guard (try? systemCall("waitpid", { waitpid(pid, &status, 0) })) != nil else { return 127 }
    return exitStatus(status)
  }

  /// The status as a shell reports it: the exit code, or 128 + the signal's number.
  private static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  private static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw .system("pipe", Errno(rawValue: errno)) }
    // Neither end may leak into the child beyond the one it is given as 1 or 2.
    _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
    return (descriptors[0], descriptors[1])
  }

  /// Marks every descriptor from 3 up close-on-exec, so that nothing but 0, 1 and 2 reaches a
  /// child: a descriptor inherited from whoever started deeplink (a CI runner's pipe, a test
  /// harness's socket) would otherwise live on in a daemon the tool starts (adb forks its
  /// server on first use) and keep that caller waiting for an end of file forever. The open
  /// ones are read from `/proc/self/fd` (`opendir(3)`), else the first 1,024 are tried.
  /// (Darwin gets the same from `POSIX_SPAWN_CLOEXEC_DEFAULT`; glibc's
  /// `posix_spawn_file_actions_addclosefrom_np` is not visible to Swift.)
  private static func closeOnExecFromThree() {
    guard let names = FileSystem.entries(of: "/proc/self/fd") else {
      for descriptor in Int32(3)..<1024 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      return
    }
    // The listing's own descriptor, closed by now, is among the names: fcntl then fails.
    for name in names {
      guard let descriptor = Int32(name), descriptor >= 3 else { continue }
      let flags = fcntl(descriptor, F_GETFD)
      if flags != -1 && flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  private static func closeAll(_ descriptors: Int32...) {
    for descriptor in descriptors { close(descriptor) }
  }

  /// `posix_spawn(3)` with standard output and error on the pipes, `/dev/null` as input, and
  /// a new process group.
  private static func spawn(
    _ arguments: [String], environment: [String], standardOutput: Int32, standardError: Int32
  ) throws(Failure) -> pid_t {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
    posix_spawn_file_actions_adddup2(&actions, standardError, 2)
    #if canImport(Glibc)
      closeOnExecFromThree()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    // The child starts with default signal handling and nothing blocked, whatever we set.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in SignalForwarding.signals { sigaddset(&defaults, signal) }
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    #if canImport(Darwin)
      flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    cArguments.append(nil)
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    let result: Int32
    if environment.isEmpty {
      result = posix_spawn(&pid, arguments[0], &actions, &attributes, cArguments, environ)
    } else {
      var cEnvironment: [UnsafeMutablePointer<CChar>?] = merged(environment).map { strdup($0) }
      cEnvironment.append(nil)
      defer { for variable in cEnvironment { free(variable) } }
      result = posix_spawn(&pid, arguments[0], &actions, &attributes, cArguments, cEnvironment)
    }
    guard result == 0 else { throw .system("posix_spawn", Errno(rawValue: result)) }
    return pid
  }

  /// This process's environment (`environ`) with `additions` (`NAME=VALUE`), each replacing a
  /// variable of its name.
  static func merged(_ additions: [String]) -> [String] {
    let names = Set(additions.map { $0.prefix { $0 != "=" } })
    var result: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
      let variable = String(cString: pointer)
      if !names.contains(variable.prefix { $0 != "=" }) { result.append(variable) }
      entry += 1
    }
    return result + additions
  }
}
