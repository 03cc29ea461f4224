/// Compile-time switches of the app model.
package enum BuildConfiguration {
  /// Whether this build accepts `debug://` links: debug builds do, as do the optimized
  /// binaries `make release` / `make install` build with `-DDEEPLINK_DEBUG_LINKS` (an
  /// internal configuration). A plain `swift build -c release` — the shipping
  /// configuration — does not: debug links exist only in builds made for debugging, never in
  /// what ships.
  package static var debugLinksEnabled: Bool {
    #if DEBUG || DEEPLINK_DEBUG_LINKS
      true
    #else
      false
    #endif
  }
}
