import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// A client that behaves as Claude Code is documented to (``StructuredFirstClient``): it takes
/// the tool list once and never again, and shows the model `structuredContent` when a result
/// has it. Through the real `deeplink mcp` and a real app restarted with one more route, as a
/// rebuilt app is, such a client still learns the new route and applies it, and every result
/// agrees with the schemas of the list it took at the start.
@Suite("deeplink mcp for clients that list the tools once")
struct McpClientsThatListOnceTests {
  /// A `tools/call` line.
  static func call(_ id: Int, _ name: String, _ arguments: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(name)","arguments":\#(arguments)}}"#
  }

  /// The response to request `id`, skipping the notifications before it (which such a
  /// client ignores).
  static func response(_ server: McpProcess, id: Int) throws -> JSON {
    while let line = server.receiveLine() {
      let message = try JSON.parse(line)
      if message["id"] == .int(id) { return message }
    }
    throw McpProcess.Ended()
  }

  /// Whether `value` has every property that `schema` requires, each of its declared type:
  /// what the declared output schemas of this server use.
  static func conforms(_ value: JSON?, to schema: JSON) -> Bool {
    guard let value, value.objectValue != nil else { return false }
    for case .string(let name) in schema["required"]?.arrayValue ?? [] {
      guard let property = value[name] else { return false }
      if schema["properties"]?[name]?["type"] == .string("string"), property.stringValue == nil {
        return false
      }
    }
    return true
  }

  @Test func aRouteAddedAfterTheListIsLearnedAndAppliedAndEveryResultFitsTheFirstList() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let first = try ZeroConfigurationTests.start(socket: socket, extra: ["wishlist"])
    let server = try McpProcess.start(["--socket", socket], environment: ["XDG_CACHE_HOME": cache.path])
    try server.initialize()
    try server.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    let tools = try Self.response(server, id: 1)["result"]?["tools"]?.arrayValue ?? []
    let names = tools.compactMap { $0["name"]?.stringValue }
    #expect(names.contains("wishlist") && !names.contains("compare"), "\(names)")
    let schemas = Dictionary(
      uniqueKeysWithValues: tools.compactMap { tool in
        tool["outputSchema"].map { (tool["name"]?.stringValue ?? "", $0) }
      })

    // The app is rebuilt with one more route; the client never lists the tools again.
    _ = first.stop()
    let second = try ZeroConfigurationTests.start(socket: socket, extra: ["wishlist", "compare"])
    defer { _ = second.stop() }

    try server.send(Self.call(2, "routes"))
    let routes = try Self.response(server, id: 2)["result"]
    let listed = StructuredFirstClient.view(of: routes).texts.joined()
    #expect(listed.contains("\ncompare: "), "the model reads the new route: \(listed)")
    #expect(listed.contains("link: debug://compare"), "\(listed)")

    try server.send(Self.call(3, "open", #"{"route":"compare"}"#))
    let opened = try Self.response(server, id: 3)["result"]
    #expect(opened?["isError"] == .bool(false), "\(String(describing: opened))")
    let seen = StructuredFirstClient.view(of: opened).texts.joined()
    #expect(seen.contains("shown debug://compare"), "the model sees the screen: \(seen)")

    // The calls of tools from the first list still work, and each result agrees with the
    // schema that list declared, if any.
    for (id, tool) in [(4, "wishlist"), (5, "state"), (6, "screen"), (7, "open")] {
      try server.send(Self.call(id, tool, tool == "open" ? #"{"route":"compare"}"# : "{}"))
      let result = try Self.response(server, id: id)["result"]
      #expect(result?["isError"] == .bool(false), "\(tool): \(String(describing: result))")
      if let schema = schemas[tool] {
        #expect(
          Self.conforms(result?["structuredContent"], to: schema), "\(tool): \(String(describing: result))")
      }
      #expect(
        StructuredFirstClient.view(of: result).texts.joined().contains("shown debug://"),
        "\(tool): the model sees the screen")
    }
    #expect(schemas.keys.sorted() == ["screen"], "only screen declares its output")
    #expect(server.closeAndWait() == 0)
  }
}
