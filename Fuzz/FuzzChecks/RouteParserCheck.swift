public import DeepLinkRoutes
import RecipeSampleApp
public import RecipeSampleRoutes

/// The URL parser's properties, for `fuzz-route-parser` and its regression tests.
public enum RouteParserCheck {
  /// Parses `bytes` (as UTF-8, invalid sequences replaced) as a debug link.
  ///
  /// A link that parses must print a canonical URL that parses back to the same link and
  /// prints the same again; a link that does not must say why in words.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8], table: RouteTable = .recipeSample) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    let link: Link
    do {
      link = try table.parse(text)
    } catch {
      return error.message.isEmpty ? "empty message for \(error) from \(text.debugDescription)" : nil
    }
    let canonical = table.url(for: link)
    let again: Link
    do {
      again = try table.parse(canonical)
    } catch {
      return
        "\(text.debugDescription) parsed, but its URL \(canonical.debugDescription) does not: \(error.message)"
    }
    guard again == link else {
      return "\(text.debugDescription) → \(canonical.debugDescription) parses to another link"
    }
    guard table.url(for: again) == canonical else {
      return "\(canonical.debugDescription) is not stable: \(table.url(for: again).debugDescription)"
    }
    _ = link.target
    return nil
  }
}
