import DeepLinkCommand
import ShopRoutes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(DeepLinkTool(name: "shop", table: .shop).main())
