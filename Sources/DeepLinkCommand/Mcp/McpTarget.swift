import DeepLinkRoutes
import DeepLinkWire

/// What the tools of `deeplink mcp` reach: where links go and where the state comes from,
/// chosen as for every other command (the global options, the environment): the running app,
/// or a simulator or device.
///
/// `deeplink mcp` gets its target from ``DeepLinkTool`` (``McpSessionTarget``); tests of the
/// protocol alone can give another.
protocol McpTarget {
  /// Whether each link is acknowledged with the app's state (the app on its socket). A
  /// simulator or device only receives links, and `--dry-run` sends nothing: then there is
  /// no state to return and no `state` or `screen` tool.
  var acknowledges: Bool { get }
  /// Sends `link`; with an app, waits for its acknowledgement.
  func open(_ link: Link) throws -> LinkOutcome
  /// The app's state: `path`, `overrides`, `screen`.
  func state() throws -> JSON
  /// The app's screen.
  func screen() throws -> String
  /// Whether ``screenshot()`` can take a picture: a simulator or Android target, without
  /// `--dry-run`. Only then is there a `screenshot` tool.
  var takesScreenshots: Bool { get }
  /// A PNG of the target's screen, taken as `deeplink screen --png FILE` takes it: once the
  /// screen stopped changing.
  func screenshot() throws -> McpScreenshot
  /// Whether each route tool's result carries ``picture()`` (`deeplink mcp --pictures`).
  var takesPictures: Bool { get }
  /// A picture of the screen once it stopped changing, sized for a model (``McpPicture``).
  func picture() throws -> McpScreenshot
  /// Whether the `launch` tool is offered: a simulator target (``SimulatorLaunch``).
  var offersLaunch: Bool { get }
  /// Runs `launch` on the target, as `deeplink launch` does.
  ///
  /// - Throws: what ``SimulatorLaunch/run(in:command:)`` throws; on a target that offers no
  ///   launch, a usage error saying which targets do.
  ///
  /// - Parameter progress: called after each step, as it ends.
  func launch(_ launch: SimulatorLaunch, progress: ((SimulatorLaunch.Step) -> Void)?) throws
    -> SimulatorLaunch.Outcome
}

/// A picture for a tool's result, and what the result says of it: that the screen did not
/// settle (the picture may show it changing), or nothing.
struct McpScreenshot {
  let png: [UInt8]
  let note: String?
}

/// What sending a link gave.
enum LinkOutcome {
  /// The app applied it and reports this state.
  case applied(state: JSON)
  /// It went to a simulator or device that cannot acknowledge it, or nowhere (`--dry-run`):
  /// the line `deeplink <route>` prints about it.
  case delivered(report: String)
}

extension McpTarget {
  /// No pictures, unless a delivery takes them (`deeplink mcp --pictures` on a device).
  var takesPictures: Bool { false }
  func picture() throws -> McpScreenshot { McpScreenshot(png: [], note: nil) }
  /// No `launch`, unless a delivery offers it (a simulator target).
  var offersLaunch: Bool { false }
  func launch(_ launch: SimulatorLaunch, progress: ((SimulatorLaunch.Step) -> Void)?) throws
    -> SimulatorLaunch.Outcome
  {
    // Only the deliveries of `deeplink`'s own protocol tests and fuzzing come here: a command
    // line's delivery (``McpSessionTarget``) says its own tool.
    throw McpTargetLaunch.unavailable(target: .app, tool: .deeplink)
  }
}

/// What the `launch` tool says on a target that offers none.
enum McpTargetLaunch {
  /// A usage error naming `target` and the targets that offer `launch`, and how to start a
  /// server of `tool` that does.
  static func unavailable(target: DeliveryTarget, tool: ToolIdentity) -> UsageError {
    .invalidUse(
      "the launch tool starts an app on a simulator, and this server's target is \(target.text): it "
        + "needs a simulator target and the app's bundle id; start the server as "
        + "'\(tool.name) mcp --target simulator[:DEVICE] --bundle-id ID'", hint: nil)
  }
}
