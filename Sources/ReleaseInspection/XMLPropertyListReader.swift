/// Reads the XML form of a property list, the subset Apple writes: `<plist>` holding one of
/// `dict` (`key`, value pairs), `array`, `string`, `integer`, `real`, `true`, `false`,
/// `date` and `data` (base64).
///
/// Built on ``XMLDocument``, so comments, CDATA and entities are handled and no DTD is ever
/// read: the DOCTYPE every Xcode plist carries is skipped, not fetched.
///
///     let plist = try XMLPropertyListReader.read(Array(#"<plist><dict><key>a</key><true/></dict></plist>"#.utf8))
///     // plist["a"] == .boolean(true)
package enum XMLPropertyListReader {
  /// The value of the document's `<plist>` element.
  ///
  /// - Throws: ``PropertyListError/xml(_:)`` naming the line of the first problem.
  package static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
    let root: XMLElement
    do {
      root = try XMLDocument.parse(bytes)
    } catch {
      throw .xml(error)
    }
    return try read(root: root)
  }

  /// The value of an already parsed `<plist>` element (a caller that parsed the XML to see
  /// what it is).
  package static func read(root: XMLElement) throws(PropertyListError) -> PropertyList {
    do throws(XMLError) {
      guard root.name == "plist" else {
        throw XMLError(line: root.line, "the root element is <\(root.name)>, not <plist>")
      }
      let values = root.elements
      guard values.count == 1, let value = values.first else {
        throw XMLError(line: root.line, "<plist> holds \(values.count) values; it must hold one")
      }
      return try self.value(of: value)
    } catch {
      throw .xml(error)
    }
  }

  static func value(of element: XMLElement) throws(XMLError) -> PropertyList {
    switch element.name {
    case "dict":
      var entries: [(key: String, value: PropertyList)] = []
      let children = element.elements
      var index = 0
      while index < children.count {
        let key = children[index]
        guard key.name == "key" else {
          throw XMLError(line: key.line, "<\(key.name)> where a <dict> needs a <key>")
        }
        guard index + 1 < children.count else {
          throw XMLError(line: key.line, "the key '\(key.text)' has no value")
        }
        entries.append((key.text, try value(of: children[index + 1])))
        index += 2
      }
      return .dictionary(entries)
    case "array":
      var values: [PropertyList] = []
      for child in element.elements { values.append(try value(of: child)) }
      return .array(values)
    case "string":
      return .string(try leaf(element).text)
    case "integer":
      let text = try leaf(element).text.trimmingWhitespace
      guard let number = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
        throw XMLError(line: element.line, "<integer> '\(text)' is not a 64-bit decimal integer")
      }
      return .integer(number)
    case "real":
      let text = try leaf(element).text.trimmingWhitespace
      guard let number = Double(text) else {
        throw XMLError(line: element.line, "<real> '\(text)' is not a number")
      }
      return .real(number)
    case "true", "false":
      guard element.children.isEmpty else {
        throw XMLError(line: element.line, "<\(element.name)> must be empty (<\(element.name)/>)")
      }
      return .boolean(element.name == "true")
    case "date":
      return .date(try leaf(element).text.trimmingWhitespace)
    case "data":
      guard let bytes = Base64.decode(try leaf(element).text) else {
        throw XMLError(line: element.line, "<data> is not base64")
      }
      return .data(bytes)
    default:
      throw XMLError(line: element.line, "<\(element.name)> is not a property list value")
    }
  }

  /// `element`, checked to hold text only.
  static func leaf(_ element: XMLElement) throws(XMLError) -> XMLElement {
    if let child = element.elements.first {
      throw XMLError(line: child.line, "<\(child.name)> inside <\(element.name)>, which holds text only")
    }
    return element
  }
}

extension String {
  /// Without the spaces, tabs and line ends around it.
  var trimmingWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
