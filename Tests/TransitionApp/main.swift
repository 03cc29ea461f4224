// A headless app whose state lives on the main actor and that acknowledges each link only once
// its own transition has ended: `DeepLinkAgent.start` with an `async` apply, as a SwiftUI app
// does with `withAnimation(_:completionCriteria:_:completion:)` (docs/simulator-agent.md). For
// the end-to-end tests of that `apply` (Tests/EndToEndTests/AsyncApplyTests.swift); not a
// product.
//
//   transition-app (--socket PATH | --bundle-id ID) [--transition MILLISECONDS] [--events FILE]
//                  [--extra-route NAME]... [--summary TEXT]
//
// `--summary TEXT` is the extra routes' summary (else `Show NAME`): started again with another,
// an app rebuilt with the same routes and other help text.
// `--extra-route NAME` adds a route without parameters to the sample's table: an app whose
// table is not the one `deeplink` is built with (Tests/EndToEndTests/ZeroConfigurationTests.swift),
// and, started again with one more, an app rebuilt with a new route. `--bundle-id ID` is the
// app's bundle identifier: without `--socket`, on a simulator (`SIMULATOR_UDID`, as the stand-in
// `simctl launch` starts an app) it listens where that simulator app's agent does
// (Tests/DeviceTests/SimulatorAgentTableTests.swift).
//
// Each link shows its route at once, then waits MILLISECONDS (the push animating) on the main
// actor, which stays free meanwhile, before `apply` returns. Its screen lists every link
// started and ended, in order; `--events FILE` appends the same events to FILE as they happen,
// so that a test can wait for a link to have started.
import DeepLinkAgent
import DeepLinkRoutes
import RecipeSampleRoutes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor final class TransitioningModel {
  let transition: Duration
  let eventsFile: String?
  var shown = "home"
  /// `start <url>` and `end <url>`, in the order they happened.
  var events: [String] = []

  init(transition: Duration, eventsFile: String?) {
    self.transition = transition
    self.eventsFile = eventsFile
  }

  /// The table served: the sample's, and the extra routes.
  var table = RouteTable.recipeSample

  func apply(_ link: Link) async throws(LinkRefusal) {
    let url = table.url(for: link)
    record("start " + url)
    shown = url
    // The transition: the main actor is free for other work until it ends.
    try? await Task.sleep(for: transition)
    record("end " + url)
  }

  func record(_ event: String) {
    events.append(event)
    guard let eventsFile else { return }
    let descriptor = open(eventsFile, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let line = Array((event + "\n").utf8)
    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  var state: AppState {
    AppState(
      path: [AppState.Screen(shown)], screen: "shown \(shown)\n" + events.map { $0 + "\n" }.joined())
  }
}

@main enum TransitionApp {
  @MainActor static func main() async {
    var arguments = ArraySlice(CommandLine.arguments.dropFirst())
    var socket: String?
    var milliseconds = 0
    var eventsFile: String?
    var extraRoutes: [String] = []
    var bundleID: String?
    var summary: String?
    while let option = arguments.popFirst() {
      let value = arguments.popFirst()
      switch option {
      case "--socket": socket = value
      case "--transition": milliseconds = value.flatMap { Int($0) } ?? -1
      case "--events": eventsFile = value
      case "--extra-route": extraRoutes += value.map { [$0] } ?? []
      case "--bundle-id": bundleID = value
      case "--summary": summary = value
      default: milliseconds = -1
      }
    }
    guard socket != nil || bundleID != nil, milliseconds >= 0 else {
      print(
        "usage: transition-app (--socket PATH | --bundle-id ID) [--transition MILLISECONDS] [--events FILE] "
          + "[--extra-route NAME]... [--summary TEXT]")
      exit(64)
    }
    let model = TransitioningModel(transition: .milliseconds(milliseconds), eventsFile: eventsFile)
    model.table = RouteTable(
      scheme: RouteTable.recipeSample.scheme,
      routes: RouteTable.recipeSample.routes + extraRoutes.map { Route($0, summary: summary ?? "Show \($0)") }
    )
    do {
      _ = try DeepLinkAgent(name: "transition-app", table: model.table, bundleID: bundleID).start(
        socket: socket,
        apply: { link throws(LinkRefusal) in try await model.apply(link) },
        state: { model.state })
    } catch {
      print("transition-app: \(error.message)")
      exit(69)
    }
    // Serve until killed, the main actor free for the links' transitions.
    while true { try? await Task.sleep(for: .seconds(3600)) }
  }
}
