import ReaderFuzzChecks

#if FUZZING
  /// libFuzzer's entry point (`swift build --sanitize=fuzzer -Xswiftc -DFUZZING`).
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.run(data, size, PNGCheck.check)
    return 0
  }
#else
  /// A normal build: replays the files named on the command line.
  @main enum FuzzPng {
    static func main() {
      FuzzEntry.replay(Array(CommandLine.arguments.dropFirst()), PNGCheck.check)
    }
  }
#endif
