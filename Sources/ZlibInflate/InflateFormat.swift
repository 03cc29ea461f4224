/// How a compressed stream is framed, which decides the `windowBits` zlib is given.
package enum InflateFormat: Hashable, Sendable {
  /// Raw deflate data, no header or checksum: a zip entry's method 8.
  case raw
  /// A zlib stream (RFC 1950: two header bytes, deflate data, Adler-32): PNG's `IDAT` data.
  case zlib
  /// A gzip member (RFC 1952): `.gz` files.
  case gzip

  /// zlib's `windowBits` for `inflateInit2`: negative for raw, +32 for gzip only.
  var windowBits: Int32 {
    switch self {
    case .raw: -15
    case .zlib: 15
    case .gzip: 15 + 16
    }
  }
}
