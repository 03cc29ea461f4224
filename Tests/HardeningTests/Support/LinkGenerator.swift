import DeepLinkRoutes
import RecipeRoutes
import TestSupport

/// Random debug links from the route table: mostly valid ones with random arguments, and
/// mutations that break them in every way the parser names (unknown route, bad value,
/// missing or duplicate parameter, wrong scheme, bad escapes, fragments, paths).
///
/// Whether a link is valid is not decided here: ``RouteTableOracle`` says what it should do.
struct LinkGenerator {
  var random: SplitMix64
  let table = RouteTable.builtIn

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func next() -> String {
    let url = validLink()
    return Int.random(in: 0..<10, using: &random) < 6 ? url : mutate(url)
  }

  mutating func validLink() -> String {
    let route = table.routes.randomElement(using: &random)!
    var query: [String] = []
    for parameter in route.parameters {
      if !parameter.isRequired, Bool.random(using: &random) { continue }
      query.append(parameter.name + "=" + value(for: parameter.type))
    }
    query.shuffle(using: &random)
    let scheme = ["debug", "debug", "debug", "DEBUG"].randomElement(using: &random)!
    return "\(scheme)://\(route.name)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }

  private mutating func value(for type: ParameterType) -> String {
    switch type {
    case .integer(let range):
      let range = range ?? -1_000...1_000
      return String(
        [range.lowerBound, range.upperBound, Int.random(in: range, using: &random)].randomElement(
          using: &random)!)
    case .string:
      return [
        "ada", "Bad%20password", "caf%C3%A9", "a%2Bb", "%F0%9F%94%91", "", "x%26y%3Dz", "line%0Abreak",
        "quote%22s", "back%5Cslash",
      ].randomElement(using: &random)!
    case .boolean:
      return ["true", "false", "1", "0"].randomElement(using: &random)!
    case .choice(let choices):
      return choices.randomElement(using: &random)!
    }
  }

  private mutating func mutate(_ url: String) -> String {
    let route = table.routes.randomElement(using: &random)!
    switch Int.random(in: 0..<12, using: &random) {
    case 0: return "debug://" + route.name + "e"
    case 1: return "debug://recipe?id=abc"
    case 2: return "debug://recipe?id=0"
    case 3: return "debug://recipe"
    case 4: return "debug://recipe?id=1&id=2"
    case 5: return url + (url.contains("?") ? "&" : "?") + "colour=red"
    case 6: return "http" + url.drop(while: { $0 != ":" })
    case 7: return url + (url.contains("?") ? "&" : "?") + "x=%zz"
    case 8: return url + "#top"
    case 9: return "debug://" + route.name + "/extra"
    case 10: return ["debug://", "debug:", "settings", "://settings"].randomElement(using: &random)!
    default: return "debug://login-error?message=%FF%FE"
    }
  }
}
