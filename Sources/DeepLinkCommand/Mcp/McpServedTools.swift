import DeepLinkRoutes
import DeepLinkWire

/// The tools `deeplink mcp` serves: the route table's and the commands' (``McpToolRegistry``)
/// that the target can serve; `tools/call` routed to the tool named, its failures as tool
/// results, pictures after a link's result.
///
/// `tools/list` is computed once per toolbox: when the app's table changes, the session builds
/// another toolbox (``McpToolsFollower``).
struct McpServedTools {
  let table: RouteTable
  /// The tool that serves: its name starts each failure's text, and the tools' help says it.
  let tool: ToolIdentity
  let tools: [McpTool]
  let delivery: any McpTarget
  /// Which tools are listed: `--tools`, else the default for the table's size.
  let requestedSet: McpToolSet?
  /// The result of `tools/list`.
  let listResult: JSON

  init(table: RouteTable, tool: ToolIdentity, delivery: any McpTarget, set requestedSet: McpToolSet? = nil) {
    self.table = table
    self.tool = tool
    let set = requestedSet ?? McpToolSet.automatic(routes: table.routes.count)
    self.tools = McpTool.all(in: table, set: set, target: delivery)
    self.delivery = delivery
    self.requestedSet = requestedSet
    self.listResult = .object([
      (
        "tools",
        .array(
          tools.map { $0.definition(in: table, tool: tool, set: set, acknowledged: delivery.acknowledges) })
      )
    ])
  }

  /// The same tools for `table`, served by `delivery`: what the session takes when the app
  /// serves another table.
  func rebuilt(table: RouteTable, delivery: any McpTarget) -> McpServedTools {
    McpServedTools(table: table, tool: tool, delivery: delivery, set: requestedSet)
  }

  /// The result of `tools/call`: a tool result, `isError` when the call failed.
  ///
  /// - Throws: -32602 for an unknown tool or arguments that are not an object: mistakes in
  ///   the request itself, not in what the tool was asked to do.
  ///
  /// - Parameter progress: where a `launch` call reports each step, when its request asked
  ///   for progress (`_meta.progressToken`).
  func call(_ params: JSON?, progress: McpProgress? = nil) throws(JSONRPCError) -> JSON {
    guard let name = params?["name"]?.stringValue else {
      throw .invalidParams("tools/call needs \"name\", the tool's name as a string")
    }
    // A tool the target does not list may say why (`launch`: which targets offer it).
    if !tools.contains(where: { $0.name == name }),
      let refusal = McpToolRegistry.tools.first(where: { $0.name == name })?.unlisted?(delivery)
    {
      return Self.failure(refusal, tool: tool)
    }
    guard let tool = tools.first(where: { $0.name == name }) else {
      let suggestion = Suggestion.closest(to: name, in: tools.map(\.name))
      throw .invalidParams(
        "unknown tool '\(name.messageExcerpt)'"
          + (suggestion.map { " — did you mean '\($0)'?" } ?? "; tools/list gives the tools"))
    }
    let arguments: [(String, JSON)]
    switch params?["arguments"] {
    case nil, .null?: arguments = []
    case .object(let members)?: arguments = members.map { ($0.key, $0.value) }
    case let other?:
      throw .invalidParams("\"arguments\" must be an object, got \(other.serialized.messageExcerpt)")
    }
    do {
      return try tool.call(McpToolCall(arguments: arguments, served: self, progress: progress))
    } catch {
      return Self.failure(error, tool: self.tool)
    }
  }

  /// MCP text content.
  static func text(_ text: String) -> JSON {
    .object([("type", .string("text")), ("text", .string(text))])
  }

  /// MCP image content of a PNG.
  static func image(_ png: [UInt8]) -> JSON {
    .object([
      ("type", .string("image")), ("data", .string(Base64.encode(png))), ("mimeType", .string("image/png")),
    ])
  }

  /// `result` with, when the session takes pictures (`--pictures`), a picture of the screen
  /// after its text: taken now, after the acknowledgement (or the delivery) of its link. A
  /// picture that cannot be taken becomes a text saying why, beside the result: the link was
  /// applied, and an error would invite the model to send it again.
  ///
  /// A result with pictures carries no `structuredContent`: clients that show the model only
  /// `structuredContent` when a result has it (Claude Code, Codex) would drop the picture.
  func withPicture(_ result: JSON) -> JSON {
    guard delivery.takesPictures, case .object(var members) = result else { return result }
    members.removeAll { $0.key == "structuredContent" }
    guard let index = members.firstIndex(where: { $0.key == "content" }),
      case .array(var content) = members[index].value
    else { return .object(members) }
    do {
      let picture = try delivery.picture()
      content.append(Self.image(picture.png))
      if let note = picture.note { content.append(Self.text(note)) }
    } catch {
      content.append(
        .object([
          ("type", .string("text")),
          (
            "text",
            .string(
              "no picture of the screen, though the link was delivered: \(error.commandFailure.message(for: tool))"
            )
          ),
        ]))
    }
    members[index].value = .array(content)
    return .object(members)
  }

  /// Sends `link` and returns its screen and state; too long a link is refused before sending,
  /// as on the command line.
  func open(_ link: Link) throws(McpToolCallError) -> JSON {
    let outcome: LinkOutcome
    do {
      try AppSession.checkFits(url: table.url(for: link))
      outcome = try delivery.open(link)
    } catch {
      throw .failure(error.commandFailure)
    }
    let state: JSON
    switch outcome {
    case .applied(let applied): state = applied
    case .delivered(let report):
      return withPicture(Self.success(content: [Self.text(report)]))
    }
    guard let screen = state["screen"]?.stringValue else {
      throw .failure(ClientFailure.badReply("the app acknowledged the link without its state"))
    }
    return withPicture(Self.success(text: CommandContext.visible(screen), structured: state))
  }

  /// Throws for the first argument of a tool that takes only `takes`, as the command line
  /// does for an option `command` does not take.
  static func reject(_ arguments: [(String, JSON)], of command: String, takes: [String])
    throws(McpToolCallError)
  {
    guard let (name, _) = arguments.first(where: { $0.1 != .null }) else { return }
    throw .usage(.unknownOption("--" + name, in: .command(command), suggestion: nil, known: takes))
  }

  /// A successful tool result: the text for the model, the same data structured.
  static func success(text: String, structured: JSON) -> JSON {
    .object([
      JSON.Member(
        "content",
        .array([.object([JSON.Member("type", .string("text")), JSON.Member("text", .string(text))])])),
      JSON.Member("structuredContent", structured),
      JSON.Member("isError", .bool(false)),
    ])
  }

  /// A successful tool result of `content` alone, with no structured data.
  static func success(content: [JSON]) -> JSON {
    .object([("content", .array(content)), ("isError", .bool(false))])
  }

  /// A failed tool result: the line `tool` prints on stderr for the same failure.
  static func failure(_ error: McpToolCallError, tool: ToolIdentity) -> JSON {
    .object([
      (
        "content",
        .array([
          .object([
            ("type", .string("text")),
            ("text", .string(CommandContext.errorLine(error.message(for: tool), tool: tool))),
          ])
        ])
      ),
      ("isError", .bool(true)),
    ])
  }
}
