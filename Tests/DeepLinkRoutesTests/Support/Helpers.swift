import DeepLinkRoutes
import RecipeSampleRoutes

/// The error `table` throws for `text`, or `nil` when `text` parses.
func parseError(_ text: String, in table: RouteTable = .recipeSample) -> LinkError? {
  do {
    _ = try table.parse(text)
    return nil
  } catch {
    return error
  }
}

/// The error `table` throws making the link of route `name`, or `nil` when it makes one.
func linkError(
  _ name: String, _ arguments: KeyValuePairs<String, ArgumentValue> = [:],
  in table: RouteTable = .recipeSample
) -> LinkError? {
  do {
    _ = try table.link(name, arguments)
    return nil
  } catch {
    return error
  }
}

/// A route with `parameters` whose effect uses none of them: enough for URL tests.
func plainRoute(_ name: String, _ parameters: [Parameter] = []) -> Route {
  Route(name, summary: "A test route", parameters: parameters)
}

/// The names of the built-in routes, in declaration order.
let recipeSampleRouteNames = RouteTable.recipeSample.routes.map(\.name)
