import DeepLinkRoutes
import DeepLinkWire

/// A ``LinkHandler`` for the agent's own thread whose work is done on the main actor: each
/// call is sent to the main actor as a task, and the agent's thread waits for its result, so
/// that the reply to a link follows the change it made.
///
/// `apply` may be `async` (an app that acknowledges once its own transition has ended): the
/// task awaits it on the main actor, which stays free for the app's animation meanwhile, and
/// the agent's thread, a thread of its own and never one of the cooperative pool, waits until
/// it returned. That thread reads no other request in the meantime, so links from many clients
/// are still applied one at a time, each completely, and a link whose deadline passes while it
/// waits in the socket is dropped when it is read, as ever.
///
/// The main actor must be running (a SwiftUI or UIKit app's main run loop, `dispatchMain()`,
/// or an `async` main waiting); until it runs, the agent waits.
struct MainActorHandler: LinkHandler, Sendable {
  let applyOnMain: @MainActor (Link) async throws(LinkRefusal) -> Void
  let stateOnMain: @MainActor () -> AppState

  init(
    apply: @escaping @MainActor (Link) async throws(LinkRefusal) -> Void,
    state: @escaping @MainActor () -> AppState
  ) {
    self.applyOnMain = apply
    self.stateOnMain = state
  }

  mutating func apply(_ link: Link) throws(LinkRefusal) {
    let applyOnMain = applyOnMain
    let outcome = Handoff<LinkRefusal?>()
    Task { @MainActor in
      do throws(LinkRefusal) {
        try await applyOnMain(link)
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
