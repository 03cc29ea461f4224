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
      let arguments = members.filter { $0.key != "destination" }.map { "\($0.key): \($0.value.serialized)" }
      return arguments.isEmpty ? name : "\(name)(\(arguments.joined(separator: ", ")))"
    }
    var lines = ["path:      \(path.isEmpty ? "root" : path.joined(separator: " › "))"]
    // Every other group the app reports (the sample's `overrides`), one line each.
    for member in state.objectValue ?? [] where member.key != "path" && member.key != "screen" {
      let (name, value) = (member.key, member.value)
      let members = (value.objectValue ?? []).map { "\($0.key): \($0.value.serialized)" }
      let label = "\(name):" + String(repeating: " ", count: max(1, 11 - name.count - 1))
      lines.append(label + (members.isEmpty ? "none" : members.joined(separator: ", ")))
    }
    return lines.joined(separator: "\n") + "\n\n" + (state["screen"]?.stringValue ?? "")
  }
}
