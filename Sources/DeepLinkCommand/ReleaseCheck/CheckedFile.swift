/// One file `check-release` read, an Info.plist or an Android manifest, with every URL scheme
/// it registers.
struct CheckedFile: Hashable, Sendable {
  enum Kind: String, Hashable, Sendable {
    case infoPlist = "info-plist"
    case androidManifest = "android-manifest"
  }

  /// A scheme the file registers, and where.
  struct Registration: Hashable, Sendable {
    /// As written.
    let scheme: String
    /// An Info.plist's key path (`CFBundleURLTypes[1].CFBundleURLSchemes[0]`).
    var place: String? = nil
    /// A manifest's line of `<data android:scheme="…">`.
    var line: Int? = nil
    /// A manifest's activity (`android:name`).
    var activity: String? = nil

    /// `CFBundleURLTypes[1].CFBundleURLSchemes[0]`, or `line 14 (activity .MainActivity)`.
    var location: String {
      if let place { return place }
      let activityText = activity.map { " (activity \($0))" } ?? " (an activity without android:name)"
      return "line \(line ?? 0)" + activityText
    }
  }

  /// The path to show: the path given, and inside it (`Recipes.app/Info.plist`,
  /// `Recipes.ipa:Payload/Recipes.app/Info.plist`).
  let path: String
  let kind: Kind
  let registrations: [Registration]
  /// The app's executable, read for the agent: for an Info.plist of an `.app`, `.ipa` or
  /// `.xcarchive`; `nil` for a plist or manifest given alone.
  var executable: ScannedExecutable? = nil

  /// The registrations of `scheme`, compared without regard to case, as URL schemes are.
  func registrations(of scheme: String) -> [Registration] {
    let wanted = scheme.lowercased()
    return registrations.filter { $0.scheme.lowercased() == wanted }
  }
}
