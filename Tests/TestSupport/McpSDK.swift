import DeepLinkWire
import Foundation

/// Where the SDK is, and how to run a session with it.
package enum McpSDK {
  /// `DEEPLINK_MCP_PYTHON`, else the interpreter of `.build/mcp-venv` (scripts/mcp-venv.sh),
  /// if it can import the SDK (the check of `.requires("mcp-sdk")`, made once a run).
  public static var python: String? {
    TestTool.named("mcp-sdk").isPresent ? TestTool.mcpPythonCandidate() : nil
  }

  public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("McpSDK/session.py").path

  /// Runs Tests/McpSDK/session.py against `app` and returns its report.
  package static func session(app: RunningApp, mode: String, calls: [(tool: String, arguments: String)])
    throws
    -> JSON
  {
    try session(socket: app.socket, mode: mode, calls: calls)
  }

  /// Runs Tests/McpSDK/session.py against the app on `socket`, `deeplink mcp` given
  /// `serverArguments` too and run with `environment`, and returns its report.
  package static func session(
    socket: String, mode: String, calls: [(tool: String, arguments: String)], serverArguments: [String] = [],
    environment: [String: String] = [:], currentDirectory: String? = nil
  ) throws -> JSON {
    let list =
      "[" + calls.map { #"{"tool":"\#($0.tool)","arguments":\#($0.arguments)}"# }.joined(separator: ",") + "]"
    guard let python else { throw SessionFailed(reason: TestTool.skipComment(missing: [.named("mcp-sdk")])) }
    let arguments = JSON.array(serverArguments.map { .string($0) }).serialized
    let result = try Command.run(
      python, [script, Command.product("deeplink"), socket, mode, list, arguments], environment: environment,
      currentDirectory: currentDirectory)
    guard result.status == 0 else { throw SessionFailed(reason: "the SDK session failed:\n\(result)") }
    return try JSON.parse(result.stdout)
  }

  public struct SessionFailed: Error, CustomStringConvertible {
    let reason: String
    public var description: String { reason }
  }
}
