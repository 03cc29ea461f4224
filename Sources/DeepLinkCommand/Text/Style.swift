package import DeepLinkWire

/// Whether output gets colour, and the few escapes `deeplink` uses.
///
/// Colour only on a terminal and never when `NO_COLOR` is set to anything but the empty
/// string (no-color.org) or `TERM` is `dumb`. The caller checks `isatty`; this stays pure:
///
///     Style(isTTY: true, environment: ["TERM": "xterm"]).bold("USAGE")  // "\u{1B}[1mUSAGE\u{1B}[0m"
///     Style(isTTY: true, environment: ["NO_COLOR": "1"]).bold("USAGE")  // "USAGE"
package struct Style: Hashable, Sendable {
  package let isColored: Bool

  /// `NO_COLOR`: no colour when set and not empty.
  package static let noColorVariable = EnvironmentVariable(
    "NO_COLOR", summary: "When set and not empty, no colour in the output")
  /// `TERM`: no colour on a `dumb` terminal.
  package static let termVariable = EnvironmentVariable(
    "TERM", summary: "When 'dumb', no colour in the output")
  /// Every environment variable ``init(isTTY:environment:)`` reads.
  package static let environmentVariables = [noColorVariable, termVariable]

  package init(isColored: Bool) {
    self.isColored = isColored
  }

  /// Decides from whether stdout is a terminal and the environment.
  package init(isTTY: Bool, environment: [String: String]) {
    let noColor = environment[Self.noColorVariable.name].map { !$0.isEmpty } ?? false
    self.init(isColored: isTTY && !noColor && environment[Self.termVariable.name] != "dumb")
  }

  /// No colour: golden files, pipes, files.
  package static let plain = Style(isColored: false)

  /// Headings of help text.
  package func bold(_ text: String) -> String { wrap(text, "1") }
  /// Error labels.
  package func red(_ text: String) -> String { wrap(text, "31") }
  /// Secondary text.
  package func dim(_ text: String) -> String { wrap(text, "2") }

  private func wrap(_ text: String, _ code: String) -> String {
    isColored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
