// Swift-side microbenchmarks for `make bench`: URL parsing, URL building and dispatch (a request
// line through the app's handler: distinct links, and cached ones) with the built-in route
// table versus a generated table of 10,000 routes, measured side by side. Not a test: it
// asserts nothing about time.
//
//     deeplink-bench [--quick]
//
// Prints one `name builtin_ns generated_ns ratio` line per measurement (nanoseconds per
// operation, medians over interleaved rounds), then table set-up costs.
import RecipeSampleApp
import DeepLinkAgent
import DeepLinkRoutes
import RecipeSampleRoutes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let quick = CommandLine.arguments.contains("--quick")
let rounds = quick ? 5 : 31
let operationsPerRound = quick ? 2_000 : 20_000

/// The same links in both tables: the seed's, with their parameters.
let sampleURLs = [
  "debug://settings", "debug://profile?id=123", "debug://recipes?sort=rating", "debug://recipe?id=42",
  "debug://recipe-edit?id=42&unsaved", "debug://login-error?message=Account%20locked",
  "debug://recipe-empty", "debug://reset",
]

let (generated, setUp) = measureOnce { GeneratedTable.make(routeCount: 10_000) }
let builtIn = RouteTable.recipeSample

var results: [(String, Double, Double)] = []

@MainActor func compare(
  _ name: String, operations: Int = operationsPerRound, _ body: (RouteTable) -> Int
) {
  var times: ([Double], [Double]) = ([], [])
  var checksum = 0
  for _ in 0..<rounds {
    times.0.append(nanosecondsPerOperation(operations) { checksum &+= body(builtIn) })
    times.1.append(nanosecondsPerOperation(operations) { checksum &+= body(generated) })
  }
  results.append((name, median(times.0), median(times.1)))
  if checksum == 42 { print("") }  // keeps the work observable
}

@MainActor func nanosecondsPerOperation(_ operations: Int = operationsPerRound, _ body: () -> Void) -> Double {
  let start = Clock.nanoseconds
  body()
  return Double(Clock.nanoseconds - start) / Double(operations)
}

compare("parse") { table in
  var total = 0
  for index in 0..<operationsPerRound {
    total &+= (try? table.parse(sampleURLs[index % sampleURLs.count]))?.values.count ?? 0
  }
  return total
}

let builtInLinks = sampleURLs.map { try! builtIn.parse($0) }
let generatedLinks = sampleURLs.map { try! generated.parse($0) }
compare("build") { table in
  let links = table.routes.count == builtIn.routes.count ? builtInLinks : generatedLinks
  var total = 0
  for index in 0..<operationsPerRound { total &+= table.url(for: links[index % links.count]).utf8.count }
  return total
}

var handlers = (
  builtIn: RequestHandler(table: builtIn, debugLinksEnabled: true, now: { 0 }),
  generated: RequestHandler(
    app: AppModel(effects: GeneratedTable.effects(routeCount: 10_000)), table: generated,
    debugLinksEnabled: true, now: { 0 })
)
var reply: [UInt8] = []
var log: [UInt8] = []
/// Request lines through each table's handler: `lines` cycled in order.
@MainActor func dispatch(_ name: String, _ lines: [ArraySlice<UInt8>]) {
  compare(name) { table in
    var total = 0
    let isBuiltIn = table.routes.count == builtIn.routes.count
    for index in 0..<operationsPerRound {
      let line = lines[index % lines.count]
      reply.removeAll(keepingCapacity: true)
      log.removeAll(keepingCapacity: true)
      if isBuiltIn {
        handlers.builtIn.reply(to: line.span, into: &reply, log: &log)
      } else {
        handlers.generated.reply(to: line.span, into: &reply, log: &log)
      }
      total &+= reply.count + log.count
    }
    return total
  }
}
// "dispatch": 4,096 different links cycled in order. "dispatch-cached": the eight sample
// links again and again. Every link is parsed, applied and rendered in both; they differ in
// how much of the app's data the links touch.
let distinctURLs = (1...1_024).flatMap { index in
  [
    "debug://recipe?id=\(index)", "debug://profile?id=user\(index)", "debug://recipe-edit?id=\(index)&unsaved",
    "debug://login-error?message=Try%20again%20\(index)",
  ]
}
dispatch("dispatch", distinctURLs.map { Array($0.utf8)[...] })
dispatch("dispatch-cached", sampleURLs.map { Array($0.utf8)[...] })

// A 60 KB route name that matches nothing: its "did you mean" search must not grow with the
// table (it was a full edit distance against every name, about 10^10 steps at 10,000 routes).
// A hundredth of the operations: each one reads 60 KB.
let unknownLine = Array(("debug://" + String(repeating: "x", count: 60_000)).utf8)[...]
compare("unknown-60kb", operations: operationsPerRound / 100) { table in
  var total = 0
  for _ in 0..<(operationsPerRound / 100) {
    reply.removeAll(keepingCapacity: true)
    if table.routes.count == builtIn.routes.count {
      handlers.builtIn.reply(to: unknownLine.span, into: &reply, log: &log)
    } else {
      handlers.generated.reply(to: unknownLine.span, into: &reply, log: &log)
    }
    total &+= reply.count
  }
  return total
}

// Routes spread over the whole generated table, not only the seed's (no built-in counterpart).
let spreadURLs = (0..<64).map { GeneratedTable.url(ofRoute: $0 * 156) }
var spreadTimes: [Double] = []
for _ in 0..<rounds {
  spreadTimes.append(
    nanosecondsPerOperation {
      var total = 0
      for index in 0..<operationsPerRound {
        total &+= (try? generated.parse(spreadURLs[index % spreadURLs.count]))?.values.count ?? 0
      }
      if total == 42 { print("") }
    })
}

print("# deeplink-bench: ns per operation, medians of \(rounds) interleaved rounds of \(operationsPerRound)")
print("# name builtin_ns generated_ns ratio")
for (name, builtInTime, generatedTime) in results {
  print(name, format(builtInTime), format(generatedTime), format(generatedTime / builtInTime, digits: 3))
}
print("parse-spread", "-", format(median(spreadTimes)), "-")
let (_, versionTime) = measureOnce { generated.version }
print(
  "# generated table (\(generated.routes.count) routes): built in \(format(setUp / 1e6)) ms,"
    + " version hash \(format(versionTime / 1e6)) ms (once, at app start)")

// MARK: - Support

enum Clock {
  static var nanoseconds: Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}

func measureOnce<T>(_ body: () -> T) -> (T, Double) {
  let start = Clock.nanoseconds
  let value = body()
  return (value, Double(Clock.nanoseconds - start))
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

func format(_ value: Double, digits: Int = 1) -> String {
  let scale = Double((0..<digits).reduce(1) { result, _ in result * 10 })
  let rounded = (value * scale).rounded() / scale
  return String(rounded)
}
