import DeepLinkSystemC

/// Keeps bytes in a binary that nothing else reads: `DeepLinkAgent.releaseMarker`, which
/// `deeplink check-release` looks for in a build's executable.
package enum OptimizerBarrier {
  /// Uses `address` in an empty assembly statement (`deeplink_keep_address` in
  /// DeepLinkSystemC), which no optimizer (whole-module, cross-module, link-time) removes or
  /// sees through: what it points at stays in the binary, through dead stripping too.
  package static func keep(_ address: UnsafeRawPointer) {
    deeplink_keep_address(address)
  }
}
