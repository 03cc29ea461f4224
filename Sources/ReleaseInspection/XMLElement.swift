/// An element of an XML document, as ``XMLDocument/parse(_:)`` gives it: its name as written
/// (prefix included: `android:name`), its attributes in file order, its children and the line
/// it starts on.
package struct XMLElement: Sendable {
  package let name: String
  package let attributes: [(name: String, value: String)]
  package var children: [XMLNode]
  /// The 1-based line of its `<`.
  package let line: Int

  /// The value of the attribute written `name`, if it has one.
  package func attribute(_ name: String) -> String? {
    attributes.first(where: { $0.name == name })?.value
  }

  /// The child elements, in order.
  package var elements: [XMLElement] {
    children.compactMap { child in
      if case .element(let element) = child { return element }
      return nil
    }
  }

  /// The text of the element's text and CDATA children, joined.
  package var text: String {
    children.map { child in
      if case .text(let text) = child { return text }
      return ""
    }.joined()
  }
}

/// What an element holds: elements and text (CDATA sections are text; comments and
/// processing instructions are dropped).
package enum XMLNode: Sendable {
  case element(XMLElement)
  case text(String)
}
