import ReleaseInspection

/// An app's executable, read whole by `check-release` for the agent's marker
/// (`DeepLinkAgent.releaseMarker`).
struct ScannedExecutable: Hashable, Sendable {
  /// The path to show: `Recipes.app/Recipes`, `Recipes.ipa:Payload/Recipes.app/Recipes`.
  let path: String
  /// Where the marker starts, or `nil` when the whole executable was read without it.
  let markerOffset: Int?
  /// How many bytes were read (up to the marker, when found).
  let bytesRead: Int

  /// What `search` found in the executable at `path`: a read ends with the marker's last byte.
  init(path: String, search: ByteStringSearch) {
    self.path = path
    markerOffset = search.found
    bytesRead = search.found.map { $0 + search.needle.count } ?? search.consumed
  }

  /// Whether the executable carries the agent.
  var linksAgent: Bool { markerOffset != nil }
}
