/// A URL scheme an Info.plist registers, with its place: `CFBundleURLTypes[1].CFBundleURLSchemes[0]`.
package struct InfoPlistURLScheme: Hashable, Sendable {
  /// The scheme as written.
  package let scheme: String
  /// Where it is, as a key path with indices.
  package let place: String
  /// The URL type's `CFBundleURLName`, if it has one.
  package let typeName: String?

  /// Every string of every `CFBundleURLTypes[i].CFBundleURLSchemes` of `plist`, in order.
  /// Values of the wrong type (a scheme that is not a string) are passed over: Launch
  /// Services does not register them either.
  package static func all(in plist: PropertyList) -> [InfoPlistURLScheme] {
    guard case .array(let types)? = plist["CFBundleURLTypes"] else { return [] }
    var schemes: [InfoPlistURLScheme] = []
    for (typeIndex, type) in types.enumerated() {
      guard case .array(let values)? = type["CFBundleURLSchemes"] else { continue }
      let name: String? = if case .string(let name)? = type["CFBundleURLName"] { name } else { nil }
      for (index, value) in values.enumerated() {
        guard case .string(let scheme) = value else { continue }
        schemes.append(
          InfoPlistURLScheme(
            scheme: scheme, place: "CFBundleURLTypes[\(typeIndex)].CFBundleURLSchemes[\(index)]",
            typeName: name))
      }
    }
    return schemes
  }
}
