// swift-tools-version: 6.2
import PackageDescription

// A second app for deeplink, of another domain: a shop. It uses only the public products of
// the deeplink package, as any app would, and depends on it by relative path.
let package = Package(
  name: "Shop",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .executable(name: "shop", targets: ["shop"]),
    .executable(name: "shop-app", targets: ["shop-app"]),
  ],
  dependencies: [.package(name: "deeplink", path: "../..")],
  targets: [
    // The route table, shared by the command line and the app.
    .target(name: "ShopRoutes", dependencies: [.product(name: "DeepLinkRoutes", package: "deeplink")]),
    // The headless shop: catalogue, cart, screens as text, and its handler for the agent.
    .target(
      name: "ShopModel",
      dependencies: ["ShopRoutes", .product(name: "DeepLinkAgent", package: "deeplink")]),
    // `shop`: deeplink for the shop's links.
    .executableTarget(
      name: "shop", dependencies: ["ShopRoutes", .product(name: "DeepLinkCommand", package: "deeplink")]),
    // `shop-app`: the headless shop behind the agent.
    .executableTarget(
      name: "shop-app",
      dependencies: ["ShopModel", "ShopRoutes", .product(name: "DeepLinkAgent", package: "deeplink")]),
  ],
  swiftLanguageModes: [.v6]
)
