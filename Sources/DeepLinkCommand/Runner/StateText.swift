import DeepLinkWire

/// The app's state for people: the stack and the overrides, then the screen.
///
///     path:      recipe(id: 42) › recipe-edit(id: 42, unsaved: false)
///     overrides: none
enum StateText {
  static func render(_ state: JSON) -> String {
    let path = (state["path"]?.arrayValue ?? []).map { screen -> String in
      let members = screen.objectValue ?? []
      let name = screen["destination"]?.stringValue ?? "?"
      let arguments = members.filter { $0.0 != "destination" }.map { "\($0.0): \($0.1.serialized)" }
      return arguments.isEmpty ? name : "\(name)(\(arguments.joined(separator: ", ")))"
    }
    let overrides = (state["overrides"]?.objectValue ?? []).map { "\($0.0): \($0.1.serialized)" }
    return """
      path:      \(path.isEmpty ? "root" : path.joined(separator: " › "))
      overrides: \(overrides.isEmpty ? "none" : overrides.joined(separator: ", "))

      \(state["screen"]?.stringValue ?? "")
      """
  }
}
