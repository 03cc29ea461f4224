/// What `check-release` looks for in an executable: `DeepLinkAgent.releaseMarker`, the bytes
/// every program that starts the agent carries.
///
/// The reader cannot import the agent (the `deeplink` tool must not link it), so it writes
/// the marker again here, in a form that is not the marker: `_` for each space. The bytes
/// looked for are made at run time, so that the tool's own binary, read by itself, is clean
/// (a test reads the release `deeplink` binary and checks it). A test checks that both agree.
package enum AgentMarker {
  /// The marker with `_` for each space (it has no `_` of its own).
  static let disguised =
    "DeepLinkAgent_release_marker_1:_this_program_links_the_deeplink_agent;_start_it_only_under_#if_DEBUG"

  /// The marker's bytes, as the agent's binary holds them (without its C string's NUL).
  package static var bytes: [UInt8] {
    disguised.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }
  }
}
