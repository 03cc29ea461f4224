import DeepLinkRoutes

/// An app's effects by route name, with a lookup for each link that hashes the name's bytes
/// with FNV-1a rather than through `Hasher` (a `[String: Effect]` lookup was about 330
/// instructions a link).
///
/// A class, so that the app model, which the agent copies for each link, holds it as one
/// reference.
final class EffectTable: Sendable {
  /// The effects as given.
  let effects: [String: Effect]
  /// Route names and their effects, in name order.
  private let names: [String]
  private let entries: [Effect]
  /// Each effect's ``Effect/fixedPath``, made once: no path array made for such a link.
  private let fixedPaths: [[Screen]?]
  /// Open addressing with linear probing: an index into `names` and `entries`, or -1 for an
  /// empty slot; a power of two long, at most half full.
  private let slots: [Int]

  init(_ effects: [String: Effect]) {
    self.effects = effects
    let sorted = effects.sorted { $0.key < $1.key }
    names = sorted.map(\.key)
    entries = sorted.map(\.value)
    fixedPaths = sorted.map(\.value.fixedPath)
    var size = 8
    while size < 2 * sorted.count { size *= 2 }
    var slots = Array(repeating: -1, count: size)
    for (index, name) in names.enumerated() {
      var slot = Self.hash(name) & (size - 1)
      while slots[slot] != -1 { slot = (slot + 1) & (size - 1) }
      slots[slot] = index
    }
    self.slots = slots
  }

  /// The state `link` describes: its route's effect applied to its values, or the root for a
  /// route with no effect (what `link.target(in: effects)` gives).
  func target(of link: Link) -> NavigationState {
    guard let index = index(of: link.route.name) else { return .root }
    return entries[index].target(of: link, fixedPath: fixedPaths[index])
  }

  /// The position in `names` and `entries` of the route called `name`, if it has an effect.
  private func index(of name: String) -> Int? {
    let mask = slots.count - 1
    var slot = Self.hash(name) & mask
    while slots[slot] != -1 {
      let index = slots[slot]
      if names[index] == name { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// FNV-1a of `name`'s UTF-8 bytes, 64 bits.
  private static func hash(_ name: String) -> Int {
    let hash = name.utf8.withContiguousStorageIfAvailable(fnv1a) ?? fnv1a(name.utf8)
    return Int(truncatingIfNeeded: hash)
  }

  private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
