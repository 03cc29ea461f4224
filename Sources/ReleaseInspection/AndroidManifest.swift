/// The URL schemes an Android manifest's activities register: each `<data android:scheme="…">`
/// of an `<intent-filter>` of an `<activity>` or `<activity-alias>`, with its line.
///
/// Read from the XML text of a manifest (the merged manifest a build writes under
/// `build/intermediates/merged_manifests/`), through ``XMLDocument``: no DTD or external
/// entity is ever read. The namespace prefix is whatever the root binds to
/// `http://schemas.android.com/apk/res/android` (usually `android`).
package struct AndroidManifest: Sendable {
  /// One `<data>` element with a scheme.
  package struct SchemeData: Hashable, Sendable {
    /// The scheme as written.
    package let scheme: String
    /// The 1-based line of the `<data>` element.
    package let line: Int
    /// The activity's `android:name` as written (`.MainActivity`), or `nil` when it has none.
    package let activity: String?

    package init(scheme: String, line: Int, activity: String?) {
      self.scheme = scheme
      self.line = line
      self.activity = activity
    }
  }

  /// The Android resources namespace.
  package static let androidNamespace = "http://schemas.android.com/apk/res/android"

  /// Every scheme an activity registers, in file order.
  package let schemes: [SchemeData]
  /// The manifest's `package` attribute, if it has one.
  package let package: String?

  /// Reads a manifest's XML.
  ///
  /// - Throws: ``AndroidManifestError``.
  package init(_ bytes: [UInt8]) throws(AndroidManifestError) {
    if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) { throw .binaryXML }
    let root: XMLElement
    do {
      root = try XMLDocument.parse(bytes)
    } catch {
      throw .xml(error)
    }
    try self.init(root: root)
  }

  /// Reads an already parsed manifest (a caller that parsed the XML to see what it is).
  ///
  /// - Throws: ``AndroidManifestError/notAManifest(root:line:)``.
  package init(root: XMLElement) throws(AndroidManifestError) {
    guard root.name == "manifest" else { throw .notAManifest(root: root.name, line: root.line) }
    let prefix =
      root.attributes.first(where: { $0.name.hasPrefix("xmlns:") && $0.value == Self.androidNamespace })
      .map { String($0.name.dropFirst("xmlns:".count)) } ?? "android"
    var schemes: [SchemeData] = []
    for application in root.elements where application.name == "application" {
      for activity in application.elements
      where activity.name == "activity" || activity.name == "activity-alias" {
        let name = activity.attribute(prefix + ":name")
        for filter in activity.elements where filter.name == "intent-filter" {
          for data in filter.elements where data.name == "data" {
            guard let scheme = data.attribute(prefix + ":scheme") else { continue }
            schemes.append(SchemeData(scheme: scheme, line: data.line, activity: name))
          }
        }
      }
    }
    self.schemes = schemes
    self.package = root.attribute("package")
  }
}

/// Why an Android manifest could not be read.
package enum AndroidManifestError: Error, Hashable, Sendable {
  case xml(XMLError)
  /// The root element is not `<manifest>`.
  case notAManifest(root: String, line: Int)
  /// A compiled manifest (Android's binary XML, as inside an `.apk`).
  case binaryXML

  /// One sentence naming the problem and what to do.
  package var message: String {
    switch self {
    case .xml(let error): "not a valid manifest: \(error.message)"
    case .notAManifest(let root, let line):
      "not an Android manifest: the root element (line \(line)) is <\(root)>, not <manifest>"
    case .binaryXML:
      "a compiled (binary XML) manifest, as inside an .apk: check the merged manifest the build "
        + "writes (build/intermediates/merged_manifests/release/…/AndroidManifest.xml) instead"
    }
  }
}
