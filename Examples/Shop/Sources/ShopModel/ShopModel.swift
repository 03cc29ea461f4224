public import DeepLinkAgent
public import DeepLinkRoutes

/// The headless shop: a catalogue, a navigation path and a cart that persists from link to link.
public struct ShopModel: LinkHandler {
  /// The catalogue: id, name, price in cents.
  static let products: [(id: Int, name: String, cents: Int)] = [
    (1, "Red Shoes", 4_900), (2, "Blue Scarf", 1_500), (7, "Green Hat", 2_200),
  ]

  var path: [AppState.Screen] = []
  var cart: [Int: Int] = [:]

  /// An empty shop at its home screen.
  public init() {}

  /// Shows a screen, or puts a product in the cart; refuses products not in the catalogue.
  public mutating func apply(_ link: Link) throws(LinkRefusal) {
    var product: Int?
    if case .integer(let id) = link["id"] {
      guard Self.products.contains(where: { $0.id == id }) else {
        throw LinkRefusal("product \(id) is not in the catalogue; the shop has \(Self.catalogue)")
      }
      product = id
    }
    switch link.route.name {
    case "add-to-cart":
      if let product, case .integer(let quantity) = link["quantity"] { cart[product, default: 0] += quantity }
    default:
      path = [AppState.Screen(link.route.name, link.arguments)]
    }
  }

  /// The path, the cart and the screen as text.
  public var state: AppState {
    AppState(
      path: path, screen: screen,
      details: [
        AppState.Detail(
          "cart", cart.keys.sorted().map { Argument(name: "product-\($0)", value: .integer(cart[$0]!)) })
      ])
  }

  /// The screen as text: a breadcrumb, then its contents.
  public var screen: String {
    let items = cart.values.reduce(0, +)
    guard let top = path.last else { return "Shop (\(items) in the cart)\n" }
    var lines: [String] = []
    switch top.name {
    case "product":
      let id = top.arguments.first?.value.text ?? "?"
      let name = Self.products.first { String($0.id) == id }?.name ?? "?"
      lines = ["Shop › \(name)", "Product \(id)"]
    case "cart":
      let editing = top.arguments.first?.value == .boolean(true)
      lines = ["Shop › Cart", "\(items) items\(editing ? " (editing)" : "")"]
    default:
      let sort = top.arguments.first?.value.text ?? "name"
      let sorted = Self.products.sorted {
        switch sort {
        case "price": $0.cents < $1.cents
        case "newest": $0.id > $1.id
        default: $0.name < $1.name
        }
      }
      lines = ["Shop › Catalogue"] + sorted.map { "  \($0.name)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Product ids with their names, for `--id <TAB>`.
  public func suggestions(for parameter: Parameter, of route: Route) -> [SuggestedValue] {
    parameter.name == "id" ? Self.products.map { SuggestedValue(String($0.id), description: $0.name) } : []
  }

  static var catalogue: String { Self.products.map { "\($0.id) (\($0.name))" }.joined(separator: ", ") }
}
