import Foundation

extension TemporaryDirectory {
  /// Writes `text` as the program `name` in the directory (mode 0700) and returns its path;
  /// a child `/bin/sh` writes it, never a descriptor of this process.
  ///
  /// A test process starts children from many threads at once, and each child holds a copy of
  /// every descriptor this process had open when it forked, at least until it calls execve(2).
  /// A program written through a descriptor of ours can therefore still be open for writing in
  /// some child when it is run, and execve(2) then fails with ETXTBSY ("Text file busy"),
  /// however long ago our own descriptor was closed. Written by a child of its own, the file is
  /// open for writing only in that child, which has exited when this returns.
  ///
  ///     let launcher = try directory.program("launcher", "#!/bin/sh\nexec true\n")
  ///
  /// - Throws: ``ProgramWriteError`` when the shell fails.
  public func program(_ name: String, _ text: String) throws -> String {
    let path = file(name)
    let written = try Command.run(
      "/bin/sh", ["-c", #"cat > "$1" && chmod 700 "$1""#, "sh", path], input: text)
    guard written.status == 0 else { throw ProgramWriteError(path: path, result: written) }
    return path
  }
}

/// The shell that was to write a program for a test failed.
public struct ProgramWriteError: Error, CustomStringConvertible {
  public let path: String
  public let result: CommandResult

  public var description: String { "could not write the program \(path): \(result)" }
}
