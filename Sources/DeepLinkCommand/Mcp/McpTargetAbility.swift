/// What a target of `deeplink mcp` may or may not do, which some tools need to be listed.
enum McpTargetAbility: Sendable {
  /// Links are acknowledged with the app's state (``McpTarget/acknowledges``).
  case acknowledgement
  /// Screenshots can be taken (``McpTarget/takesScreenshots``).
  case screenshots
  /// The app can be launched (``McpTarget/offersLaunch``).
  case launch
}

extension McpTarget {
  /// Whether the target has `ability`.
  func has(_ ability: McpTargetAbility) -> Bool {
    switch ability {
    case .acknowledgement: acknowledges
    case .screenshots: takesScreenshots
    case .launch: offersLaunch
    }
  }
}
