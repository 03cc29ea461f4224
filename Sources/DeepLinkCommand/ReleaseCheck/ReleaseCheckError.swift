/// Why `check-release` could not read a path: exit code 66 (``ExitCode/unreadable``), with the
/// path and what is wrong with it.
struct ReleaseCheckError: Error, Hashable, Sendable {
  /// The path to show (inside an archive: `Recipes.ipa:Payload/…`).
  let path: String
  /// What is wrong: `not a zip archive: …`, `no such file or directory`.
  let reason: String

  /// `cannot read Recipes.ipa: not a zip archive: …`.
  var message: String { "cannot read \(path): \(reason)" }
}
