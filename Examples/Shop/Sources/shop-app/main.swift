import DeepLinkAgent
import ShopModel
import ShopRoutes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let agent = DeepLinkAgent(name: "shop-app", table: .shop, about: "The headless shop of deeplink's example. ")
exit(agent.main(handler: ShopModel()))
