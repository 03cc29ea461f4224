import DeepLinkWire
import TestSupport

/// Random debug links for the sample's route table, each with what it must do, decided here
/// and not by the code under test: mostly valid links (random parameter order, scheme and
/// route in any case, values from small pools), and mutations that break them in every way the
/// parser names (unknown route, bad value, missing or duplicate parameter, wrong scheme, bad
/// escapes, fragments, paths).
///
/// A valid link's canonical URL and state (`path` and `overrides`) come from
/// ``SampleSpecification``, written from the documented behaviour of the sample app; its
/// screen comes from the golden file `Golden/stress-screens.txt`, which lists the screen of
/// every canonical link the generator can make (``SampleSpecification/everyCanonicalLink``).
struct LinkGenerator {
  /// What a link must do.
  enum Outcome: Equatable {
    /// Applied: the canonical URL and the state's `path` and `overrides`.
    case applied(canonical: String, state: JSON)
    /// Rejected with this wire `kind`.
    case rejected(kind: String)
  }

  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// A link and what it must do.
  mutating func next() -> (url: String, outcome: Outcome) {
    let (url, route, values) = validLink()
    let outcome = Outcome.applied(
      canonical: SampleSpecification.canonicalURL(route, values), state: route.state(values))
    return Int.random(in: 0..<10, using: &random) < 6 ? (url, outcome) : mutate(url)
  }

  /// A valid link: each optional parameter given or not, given ones in random order, values
  /// spelled in any of the ways the pool allows.
  mutating func validLink() -> (url: String, route: RouteSpecification, values: [String: SpecValue]) {
    let route = SampleSpecification.routes.randomElement(using: &random)!
    var query: [String] = []
    var values: [String: SpecValue] = [:]
    for parameter in route.parameters {
      if parameter.defaultValue != nil, Bool.random(using: &random) { continue }
      let (spelling, value) = parameter.pool.randomElement(using: &random)!
      values[parameter.name] = value
      query.append(spelling.map { parameter.name + "=" + $0 } ?? parameter.name)
    }
    query.shuffle(using: &random)
    let scheme = ["debug", "debug", "debug", "DEBUG"].randomElement(using: &random)!
    let name = Int.random(in: 0..<8, using: &random) == 0 ? route.name.uppercased() : route.name
    return ("\(scheme)://\(name)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), route, values)
  }

  private mutating func mutate(_ url: String) -> (url: String, outcome: Outcome) {
    let route = SampleSpecification.routes.randomElement(using: &random)!
    let query = url.contains("?") ? "&" : "?"
    let (broken, kind): (String, String) =
      switch Int.random(in: 0..<12, using: &random) {
      case 0: ("debug://" + route.name + "e", "unknown-route")
      case 1: ("debug://recipe?id=abc", "invalid-value")
      case 2: ("debug://recipe?id=0", "invalid-value")
      case 3: ("debug://recipe", "missing-parameter")
      case 4: ("debug://recipe?id=1&id=2", "duplicate-parameter")
      case 5: (url + query + "colour=red", "unknown-parameter")
      case 6: ("http" + url.drop(while: { $0 != ":" }), "wrong-scheme")
      case 7: (url + query + "x=%zz", "malformed-percent-escape")
      case 8: (url + "#top", "unexpected-fragment")
      case 9: ("debug://" + route.name + "/extra", "unexpected-path")
      case 10:
        [
          ("debug://", "missing-route"), ("debug:", "not-a-url"), ("settings", "not-a-url"),
          ("://settings", "not-a-url"),
        ]
        .randomElement(using: &random)!
      default: ("debug://login-error?message=%FF%FE", "invalid-utf8")
      }
    return (broken, .rejected(kind: kind))
  }
}
