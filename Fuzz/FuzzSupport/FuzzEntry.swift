#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the fuzz executables share: one input in, a crash on a broken property.
public enum FuzzEntry {
  /// Runs `check` on libFuzzer's input; a failed property is a crash, so libFuzzer keeps
  /// the input (run with `SWIFT_BACKTRACE=enable=no`, or it never gets to write it).
  public static func run(
    _ data: UnsafePointer<UInt8>?, _ size: Int, _ check: ([UInt8]) -> String?
  ) {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let problem = check(bytes) { preconditionFailure(problem) }
  }

  /// Without libFuzzer (a normal `swift build`): runs `check` on each file named on the
  /// command line, to replay a crash; exits 1 if a property fails.
  public static func replay(_ paths: [String], _ check: ([UInt8]) -> String?) -> Never {
    exit(replayStatus(paths, check))
  }

  static func replayStatus(_ paths: [String], _ check: ([UInt8]) -> String?) -> Int32 {
    guard !paths.isEmpty else {
      print(
        "usage: \(CommandLine.arguments.first ?? "fuzz") FILE...   (built without libFuzzer: replays inputs)")
      print("build with `make fuzz` for the fuzzer itself")
      return 64
    }
    var status: Int32 = 0
    for path in paths {
      guard let bytes = readFile(path) else {
        print("\(path): cannot read")
        status = 66
        continue
      }
      if let problem = check(bytes) {
        print("\(path): \(problem)")
        status = 1
      } else {
        print("\(path): ok")
      }
    }
    return status
  }

  /// The whole file at `path`, with `open(2)`/`read(2)` (no Foundation in the fuzzers).
  public static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }
}
