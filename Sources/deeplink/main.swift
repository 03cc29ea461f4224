import DeepLinkCommand
import RecipeSampleRoutes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(
  DeepLinkTool(name: "deeplink", table: .recipeSample, readsRoutesFiles: true, appCommand: "deeplink-app")
    .main())
