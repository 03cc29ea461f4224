package import DeepLinkWire

/// The environment variables the tool reads, each declared by the code that reads it: the
/// socket (``SocketPath``), colour (``Style``), the completion callback's `~`
/// (``CompletionCallback``), the device targets and routes files. Only these are read; help
/// lists them.
package enum ToolEnvironment {
  /// Every variable, in help's order.
  package static let variables: [EnvironmentVariable] = {
    var variables: [EnvironmentVariable] = []
    for variable in SocketPath.environmentVariables + Style.environmentVariables
      + CompletionCallback.environmentVariables + DeviceBridge.deviceEnvironmentVariables
      + [DeviceBridge.bundleIDVariable, RoutesFile.environmentVariable, TableCache.environmentVariable]
    where !variables.contains(variable) {
      variables.append(variable)
    }
    return variables
  }()

  /// The variables help lists: all, but `DEEPLINK_ROUTES` and `XDG_CACHE_HOME` (the apps'
  /// tables) only in a tool that reads routes files: a tool for one app asks no app its table.
  static func offered(by tool: ToolIdentity) -> [EnvironmentVariable] {
    tool.readsRoutesFiles
      ? variables
      : variables.filter { $0 != RoutesFile.environmentVariable && $0 != TableCache.environmentVariable }
  }
}
