import AppModel
import DeepLinkRoutes
import DeepLinkWire
import RecipeRoutes
import Testing

@testable import DeepLinkAgent

/// The memoized replies to applied links: the same answers as rendering, the deadline and
/// the state change still happen every time, and the cache stays bounded.
@Suite struct AppliedReplyCacheTests {
  static let links = [
    "debug://recipe?id=42", "debug://settings", "debug://login-error?message=Nope", "debug://recipe-empty",
  ]

  @Test func aLinkSentAgainGetsTheReplyAndLogOfAFreshApp() {
    var handler = RequestHandler(now: { 0 })
    for round in 0..<3 {
      for url in Self.links {
        var fresh = RequestHandler(now: { 0 })
        let expected = fresh.handle(Array(url.utf8)[...])
        let (reply, log) = handler.handle(Array(url.utf8)[...])
        #expect(reply == expected.reply, "round \(round), \(url)")
        #expect(log == expected.log, "round \(round), \(url)")
      }
    }
  }

  @Test func aCachedLinkStillChangesTheState() throws {
    var handler = RequestHandler(now: { 0 })
    for _ in 0..<2 { _ = handler.handle(Array("debug://recipe?id=42".utf8)[...]) }
    _ = handler.handle(Array("debug://settings".utf8)[...])
    #expect(handler.appliedReplies["debug://recipe?id=42"] != nil)
    _ = handler.handle(Array("debug://recipe?id=42".utf8)[...])
    #expect(handler.app.navigation == (try RouteTable.builtIn.parse("debug://recipe?id=42")).target)
  }

  @Test func aCachedLinkStillChecksItsDeadline() throws {
    var handler = RequestHandler(now: { 1_000_000 })
    for _ in 0..<2 { _ = handler.handle(Array("debug://recipe?id=42".utf8)[...]) }
    _ = handler.handle(Array("debug://settings".utf8)[...])
    #expect(handler.appliedReplies["debug://recipe?id=42"] != nil)
    let before = handler.app.navigation
    let late = #"{"op":"open","url":"debug://recipe?id=42","deadline":999000}"#
    let (reply, log) = handler.handle(Array(late.utf8)[...])
    #expect(try JSON.parse(reply)["error"]?["kind"] == .string("expired"))
    #expect(log == "expired debug://recipe?id=42: read 1000 ms after its deadline, not applied")
    #expect(handler.app.navigation == before)
  }

  /// A link is held from the second time it is applied on: one applied once, as most links
  /// with free-text values are, costs no entry.
  @Test func aLinkIsHeldFromItsSecondApplicationOn() {
    var handler = RequestHandler(now: { 0 })
    let url = "debug://recipe?id=42"
    _ = handler.handle(Array(url.utf8)[...])
    #expect(handler.appliedReplies[url] == nil)
    _ = handler.handle(Array(#"{"op":"open","url":"debug://recipe?id=42"}"#.utf8)[...])
    #expect(handler.appliedReplies[url] != nil)
    #expect(handler.appliedReplies.count == 1)
  }

  @Test func linksAppliedOnceAreNotHeld() {
    var handler = RequestHandler(now: { 0 })
    for index in 0..<500 {
      let (reply, _) = handler.handle(Array("debug://login-error?message=m\(index)".utf8)[...])
      #expect(reply.hasPrefix(#"{"ok":true"#))
    }
    #expect(handler.appliedReplies.count == 0)
  }

  @Test func theCacheAdmitsATextTheSecondTimeItIsOffered() {
    var cache = AppliedReplyCache()
    let answers = [
      "debug://settings", "debug://login", "debug://settings", "debug://login", "debug://recipes",
    ]
    .map { cache.admits($0) }
    #expect(answers == [false, false, true, true, false])
  }

  @Test func theCacheIsBounded() throws {
    var cache = AppliedReplyCache(capacity: 2)
    for message in ["a", "b", "c", "d", "e"] {
      let url = "debug://login-error?message=\(message)"
      let link = try RouteTable.builtIn.parse(url)
      cache.insert(
        .init(url: url, link: link, reapply: {}, reply: AppliedReply(reply: message, log: message)))
      #expect(cache.count <= 2)
      #expect(cache[url]?.reply.reply == Array(message.utf8))
    }
  }

  @Test func everyHeldTextIsFoundUnderItsOwnBytes() throws {
    var cache = AppliedReplyCache(capacity: 64)
    let urls = (0..<64).map { "debug://login-error?message=m\($0)" }
    for url in urls {
      cache.insert(
        .init(
          url: url, link: try RouteTable.builtIn.parse(url), reapply: {},
          reply: AppliedReply(reply: url, log: url)))
    }
    #expect(cache.count == 64)
    for url in urls { #expect(cache[url]?.url == url) }
    #expect(cache["debug://login-error?message=m64"] == nil)
    #expect(cache["debug://login-error?message=m"] == nil)  // a prefix of held texts
  }

  @Test func holdingATextAgainReplacesItsEntry() throws {
    var cache = AppliedReplyCache(capacity: 4)
    let url = "debug://settings"
    let link = try RouteTable.builtIn.parse(url)
    cache.insert(
      .init(url: url, link: link, reapply: {}, reply: AppliedReply(reply: "first", log: "")))
    cache.insert(
      .init(url: url, link: link, reapply: {}, reply: AppliedReply(reply: "second", log: "")))
    #expect(cache.count == 1)
    #expect(cache[url]?.reply.reply == Array("second".utf8))
  }

  /// Holding a text that is already held, in a full cache, replaces that one entry: it used
  /// to empty the whole cache first.
  @Test func holdingATextAgainInAFullCacheKeepsTheOthers() throws {
    var cache = AppliedReplyCache(capacity: 4)
    let urls = ["debug://settings", "debug://login", "debug://recipes", "debug://reset"]
    for url in urls + [urls[3]] {
      let link = try RouteTable.builtIn.parse(url)
      cache.insert(
        .init(url: url, link: link, reapply: {}, reply: AppliedReply(reply: url, log: "")))
    }
    #expect(cache.count == 4)
    for url in urls { #expect(cache[url]?.url == url) }
  }

  /// 256 links of 60 KB each, with replies that quote them twice as the app's do: the cache
  /// never holds more than 4 MiB (it held all 256, about 60 MB), and a link too large to fit
  /// on its own is simply not held. (The held link and state do not matter to the bound.)
  @Test func theCacheIsBoundedByBytesAsWellAsByCount() throws {
    var cache = AppliedReplyCache()
    let link = try RouteTable.builtIn.parse("debug://login-error")
    for index in 0..<256 {
      let url = "debug://login-error?message=\(index)" + String(repeating: "x", count: 60_000)
      cache.insert(
        .init(url: url, link: link, reapply: {}, reply: AppliedReply(reply: url + url, log: url)))
      #expect(cache.byteCount <= 4 << 20)
      #expect(cache[url]?.url == url, "link \(index) was not held")
    }
    var small = AppliedReplyCache(byteCapacity: 100)
    let url = "debug://login-error?message=" + String(repeating: "y", count: 60)
    small.insert(
      .init(url: url, link: link, reapply: {}, reply: AppliedReply(reply: "ok", log: "")))
    #expect(small.count == 0)
    #expect(small[url] == nil)
  }

  @Test(arguments: ["debug://settings", "DEBUG://Settings/", " debug://settings\t", "debug://recipe?id=7"])
  func spellingsOfALinkGetTheReplyOfAFreshApp(_ url: String) {
    var handler = RequestHandler(now: { 0 })
    var fresh = RequestHandler(now: { 0 })
    #expect(handler.handle(Array(url.utf8)[...]).reply == fresh.handle(Array(url.utf8)[...]).reply)
  }

  /// The cache is keyed by bytes: a spelling `String` calls equal (`é` composed, then
  /// decomposed) gets what its own bytes give, not the reply held for the other.
  @Test func canonicallyEquivalentSpellingsAreHeldApart() {
    let composed = "debug://login-error?message=Caf\u{E9}"
    let decomposed = "debug://login-error?message=Cafe\u{301}"
    var handler = RequestHandler(now: { 0 })
    var fresh = RequestHandler(now: { 0 })
    for _ in 0..<2 { _ = handler.handle(Array(composed.utf8)[...]) }
    #expect(handler.appliedReplies[composed] != nil)
    let reply = handler.handle(Array(decomposed.utf8)[...]).reply
    #expect(reply.hasPrefix(#"{"ok":true"#))
    #expect(reply == fresh.handle(Array(decomposed.utf8)[...]).reply)
  }

  @Test func validUTF8BeyondASCIIIsAccepted() throws {
    var handler = RequestHandler(now: { 0 })
    let reply = try JSON.parse(handler.handle(Array("debug://login-error?message=Café ☕".utf8)[...]).reply)
    #expect(reply["error"]?["kind"] == .string("not-a-url"))  // the space, not the encoding
    let encoded = try JSON.parse(
      handler.handle(Array("debug://login-error?message=Caf%C3%A9".utf8)[...]).reply)
    #expect(encoded["state"]?["overrides"]?["loginError"] == .string("Café"))
  }
}
