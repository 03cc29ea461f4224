import DeepLinkRoutes
import DeepLinkWire

/// The Claude Code skill `deeplink mcp install claude` writes beside the server entry
/// (`.claude/skills/deeplink/SKILL.md`): when to reach for the tool, and how, generated from
/// the route table so that every route is there with an example, command line and link.
///
/// Its front matter has the `name` and a `description` of at most
/// ``maximumDescriptionLength`` characters, which Claude Code reads to decide when to load it.
enum McpSkill {
  /// What Claude Code accepts for `description`.
  static let maximumDescriptionLength = 1024

  /// The skill's `description`: when to use it.
  static func description(for table: RouteTable) -> String {
    let names = table.routes.prefix(12).map(\.name).joined(separator: ", ")
    let more = table.routes.count > 12 ? ", …" : ""
    let text =
      "Drive the running app to any screen or state with a debug deep link, then read the screen "
      + "or take its picture. Use it to reach a screen or state without tapping through the app "
      + "(routes: \(names)\(more)), to take a picture of a screen, to verify a fix on the screen "
      + "it changes, and to check every screen with a tour."
    return text.count <= maximumDescriptionLength ? text : String(text.prefix(maximumDescriptionLength))
  }

  /// SKILL.md for `table` and the tool called `tool`, with `prefix` (the tool and the global
  /// options of the entry: `deeplink --socket /tmp/app.sock`) before every command.
  static func text(for table: RouteTable, tool: String, prefix: String) -> String {
    var lines = [
      "---",
      "name: \(tool)",
      // A JSON string is a YAML double-quoted scalar: any text reads back as it is.
      "description: \(JSON.string(description(for: table)).serialized)",
      "---",
      "",
      "# \(tool): reach any screen of the app",
      "",
      "`\(tool)` sends a debug link to the running app, waits until the app applied it, and prints",
      "the screen the app then shows. A link describes a whole state: the same link gives the same",
      "screen whatever came before. Exit 0 means the state is applied; 64 a wrong command line",
      "(nothing sent), 65 a link the app rejected, 69 no app listening, 75 no answer in time.",
      "The MCP server `\(tool)` set up beside this skill offers the same as tools.",
      "",
      "## Routes",
      "",
    ]
    for route in table.routes {
      let link = RouteExample.minimal(route)
      lines.append("- `\(route.name)`: \(route.summary)")
      if let link {
        lines.append("  - `\(prefix) \(link.commandLine)`")
        lines.append("  - link: `\(table.url(for: link))`")
      }
      for parameter in route.parameters {
        lines.append("  - `--\(parameter.name)`: \(parameter.help)")
      }
    }
    lines += [
      "",
      "Run `\(prefix) help ROUTE` for a route's options and more examples.",
      "",
      "## Wait for the app",
      "",
      "`\(prefix) wait` returns once the app answers (exit 0), or exits 75 after `--timeout`:",
      "run it after starting or rebuilding the app, before the first link. No `sleep` is needed:",
      "a route's command returns when the state is applied.",
      "",
      "## See the screen",
      "",
      "- `\(prefix) screen`: what the app shows now, as text; `--json` for the state.",
      "- `\(prefix) state`: the navigation stack and the debug overrides.",
      "- `\(tool) --target simulator screen --png shot.png`: a picture of a simulator's screen.",
      "- MCP: a route's tool applies its link and returns the screen; `state` and `screen` read",
      "  without changing anything; `open_url` sends a raw link; with `\(tool) mcp --pictures`",
      "  a route's result carries a picture of the screen.",
      "",
      "## Verify a fix",
      "",
      "Reach the screen the fix is on with its route, read the screen (or take its picture),",
      "and compare with what the fix should show. To check every screen at once:",
      "",
      "- `\(prefix) tour --out tour`: records every route's screen in `tour/` (`index.html`).",
      "- `\(prefix) tour --check tour`: exits 1 when a screen differs from that recording.",
      "",
    ]
    return lines.joined(separator: "\n")
  }
}
