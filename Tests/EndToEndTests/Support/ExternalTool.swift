import Foundation

/// A program from `PATH`, such as `socat` or `nc`, or `nil` when it is not installed.
func externalTool(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").map { "\($0)/\(name)" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}
