/// A shell `deeplink completions` can write a script for.
package enum CompletionShell: String, Hashable, Sendable, CaseIterable {
  case bash
  case zsh
  case fish
}
