import DeepLinkWire

extension DeepLinkAgent {
  /// Bytes that every program which starts the agent carries, so that a build can be checked
  /// for the agent without running it: `deeplink check-release` reads the executable of an
  /// `.app`, `.ipa` or `.xcarchive` and fails when it finds them.
  ///
  /// Both ways to start the agent, ``main(arguments:handler:)`` and
  /// ``start(socket:apply:state:)``, take this string's address in a way no optimizer can
  /// remove (an empty assembly statement), so it stays in the binary through `-O`,
  /// whole-module and link-time optimization and dead stripping whenever the agent is linked
  /// and used. A build in which the agent is never started (its code stripped) does not carry
  /// it, and does not need to.
  ///
  /// The same check by hand, on a release build's executable:
  ///
  ///     grep -c 'DeepLinkAgent release marker 1' Recipes.app/Recipes   # 0: no agent
  public static let releaseMarker: StaticString =
    "DeepLinkAgent release marker 1: this program links the deeplink agent; start it only under #if DEBUG"

  /// Keeps ``releaseMarker`` in the binary: called on every path that starts the agent.
  static func keepReleaseMarker() {
    OptimizerBarrier.keep(releaseMarker.utf8Start)
  }
}
