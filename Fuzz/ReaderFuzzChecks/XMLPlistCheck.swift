import ReleaseInspection

/// The XML property list reader's properties, for `fuzz-xml-plist` and its regression tests.
public enum XMLPlistCheck {
  /// Reads `bytes` as an XML property list twice: never a crash, the same outcome both times,
  /// an error with a message, and for a value, its URL schemes with their places.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    let first = Result { () throws(PropertyListError) in try XMLPropertyListReader.read(bytes) }
    let second = Result { () throws(PropertyListError) in try XMLPropertyListReader.read(bytes) }
    guard first == second else { return "two reads of the same bytes differ" }
    switch first {
    case .success(let plist):
      for scheme in InfoPlistURLScheme.all(in: plist) where !scheme.place.hasPrefix("CFBundleURLTypes[") {
        return "a scheme's place is \(scheme.place)"
      }
      return nil
    case .failure(let error):
      guard case .xml(let xml) = error, xml.line >= 1 else {
        return "an XML error without its line: \(error)"
      }
      return ReaderCheck.problem(ifEmpty: error.message, "the XML plist reader")
    }
  }
}
