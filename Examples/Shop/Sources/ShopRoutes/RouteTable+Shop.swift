public import DeepLinkRoutes

extension RouteTable {
  /// The shop's debug links: `shop://catalog?sort=price`, `shop://product?id=7`,
  /// `shop://cart?edit`, `shop://add-to-cart?id=7&quantity=2`.
  public static let shop = RouteTable(
    scheme: "shop",
    routes: [
      Route(
        "catalog", summary: "Show the catalogue",
        parameters: [
          .choice("sort", ["name", "price", "newest"], default: "name", help: "Order of the list")
        ]),
      Route(
        "product", summary: "Show one product",
        parameters: [.integer("id", range: 1...9999, help: "Product id")]),
      Route(
        "cart", summary: "Show the cart",
        parameters: [.flag("edit", help: "Open the cart in edit mode")]),
      Route(
        "add-to-cart", summary: "Put a product in the cart, staying on the current screen",
        help: "Changes the cart, not the screen: the state a test needs before it opens the cart.",
        parameters: [
          .integer("id", range: 1...9999, help: "Product id"),
          .integer("quantity", range: 1...99, default: 1, help: "How many"),
        ]),
    ])
}
