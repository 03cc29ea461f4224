import DeepLinkAgent
import RecipeSampleApp
import RecipeSampleRoutes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let agent = DeepLinkAgent(
  name: "deeplink-app", table: .recipeSample,
  about: "Runs the headless recipe app and applies the debug links that `deeplink` sends it over a\n"
    + "Unix domain socket. ")
exit(agent.main(handler: AppModel()))
