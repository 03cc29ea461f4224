/// A place in the document while decoding it: plain values, rendered only for an error, so
/// that a 10,000-route file builds no path strings.
struct RoutesFileLocation {
  var route: Int? = nil
  var parameter: Int? = nil
  var key: String? = nil
  var index: Int? = nil
  var subkey: String? = nil

  /// `routes[3].parameters[0].range.min`; empty for the document itself.
  var rendered: String {
    var text = ""
    if let route { text += "routes[\(route)]" }
    if let parameter { text += ".parameters[\(parameter)]" }
    if let key { text += (text.isEmpty ? "" : ".") + key }
    if let index { text += "[\(index)]" }
    if let subkey { text += "." + subkey }
    return text
  }

  func with(key: String) -> Self {
    var copy = self
    copy.key = key
    return copy
  }
}
