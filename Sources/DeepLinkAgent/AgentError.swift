/// Why an agent could not serve, in one sentence naming the problem and the fix.
public struct AgentError: Error, Hashable, Sendable {
  /// The message, such as `another app is already listening on /tmp/…/app.sock`.
  public let message: String
}
