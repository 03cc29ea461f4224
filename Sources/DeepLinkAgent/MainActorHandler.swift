import DeepLinkRoutes
import DeepLinkWire

/// A ``LinkHandler`` for the agent's own thread whose work is done on the main actor: each
/// call is sent to the main actor as a task, and the agent's thread waits for its result, so
/// that the reply to a link follows the change it made.
///
/// The main actor must be running (a SwiftUI or UIKit app's main run loop, `dispatchMain()`,
/// or an `async` main waiting); until it runs, the agent waits.
struct MainActorHandler: LinkHandler, Sendable {
  let applyOnMain: @MainActor (Link) throws(LinkRefusal) -> Void
  let stateOnMain: @MainActor () -> AppState

  init(
    apply: @escaping @MainActor (Link) throws(LinkRefusal) -> Void, state: @escaping @MainActor () -> AppState
  ) {
    self.applyOnMain = apply
    self.stateOnMain = state
  }

  mutating func apply(_ link: Link) throws(LinkRefusal) {
    let applyOnMain = applyOnMain
    let outcome = Handoff<LinkRefusal?>()
    Task { @MainActor in
      do throws(LinkRefusal) {
        try applyOnMain(link)
        outcome.put(nil)
      } catch {
        outcome.put(error)
      }
    }
    if let refusal = outcome.wait() { throw refusal }
  }

  var state: AppState {
    let stateOnMain = stateOnMain
    let outcome = Handoff<AppState>()
    Task { @MainActor in outcome.put(stateOnMain()) }
    return outcome.wait()
  }
}
