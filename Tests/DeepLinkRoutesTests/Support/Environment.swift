#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The value of environment variable `name`, if set.
func environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}
