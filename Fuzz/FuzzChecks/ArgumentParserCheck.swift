import DeepLinkCommand
public import DeepLinkRoutes
public import RecipeSampleRoutes

/// The command-line parser's properties, for `fuzz-arguments` and its regression tests.
public enum ArgumentParserCheck {
  /// Splits `bytes` at NUL bytes into arguments (as `argv` arrives) and parses them as
  /// `deeplink`'s command line; also parses the whole input as one `deeplink batch` line.
  ///
  /// A link the command line names must write a command line (`deeplink <route> ...`, as help
  /// and `routes` print it) that parses back to the same link; a rejection must say why in
  /// words; help text for any topic the parser names must render.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8], table: RouteTable = .recipeSample) -> String? {
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    do {
      let invocation = try Invocation.parse(arguments, table: table)
      if let link = invocation.link, let problem = roundTrip(link, table: table) {
        return "\(arguments): \(problem)"
      }
      if let topic = invocation.helpTopic {
        _ = HelpFormatter.text(for: topic, table: table, tool: .deeplink)
      }
    } catch {
      if error.message.isEmpty { return "empty message for \(error) from \(arguments)" }
    }

    let line = String(decoding: bytes, as: UTF8.self)
    do {
      if let link = try BatchLine.parse(line, table: table), let problem = roundTrip(link, table: table) {
        return "batch line \(line.debugDescription): \(problem)"
      }
    } catch {
      if error.message.isEmpty {
        return "empty message for \(error) from batch line \(line.debugDescription)"
      }
    }
    return nil
  }

  private static func roundTrip(_ link: Link, table: RouteTable) -> String? {
    let commandLine = link.commandLine
    do {
      guard try BatchLine.parse(commandLine, table: table) == link else {
        return "\(commandLine.debugDescription) parses to another link"
      }
    } catch {
      return "its command line \(commandLine.debugDescription) does not parse: \(error.message)"
    }
    return nil
  }
}
