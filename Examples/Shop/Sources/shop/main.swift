import DeepLinkCommand
import ShopRoutes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `appCommand`: messages that find no app say how to start this one.
exit(DeepLinkTool(name: "shop", table: .shop, appCommand: "shop-app").main())
