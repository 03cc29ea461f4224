/// The route names of a table whose names are all ASCII, as bytes, for ``RouteTable/parse(_:)``'s
/// one-pass reading: a route is found from the bytes of a link without making a `String`.
///
/// A table of up to ``RouteTable/linearSearchLimit`` routes compares the names one by one; a
/// larger one also hashes them (FNV-1a) into an open-addressing table of twice as many slots
/// or more, so that a lookup at 10,000 routes costs about what it costs at 12. Duplicate
/// names keep the first route, as ``RouteTable/route(named:)`` does.
struct RouteNameBytes: Sendable {
  /// Every name's UTF-8, one after the other, in declaration order...
  private let names: [UInt8]
  /// ...and where each ends in ``names``.
  private let ends: [Int]
  /// For a hashed table: position + 1 of the route in each slot, 0 for an empty slot; a
  /// power of two long. Empty for a table searched name by name.
  private let slots: [Int32]

  /// The names of `routes`, hashed if `hashed`; `nil` when a name is not ASCII.
  init?(_ routes: [Route], hashed: Bool) {
    var names: [UInt8] = []
    var ends: [Int] = []
    ends.reserveCapacity(routes.count)
    for position in routes.indices {
      var name = routes[position].name
      name.withUTF8 { names.append(contentsOf: $0) }
      ends.append(names.count)
    }
    guard !names.contains(where: { $0 >= 0x80 }) else { return nil }
    self.names = names
    self.ends = ends
    guard hashed, routes.count < Int(Int32.max) / 4 else {
      self.slots = []
      return
    }
    var capacity = 16
    while capacity < 2 * routes.count { capacity *= 2 }
    var slots = [Int32](repeating: 0, count: capacity)
    names.withUnsafeBufferPointer { names in
      var start = 0
      routes: for (position, end) in ends.enumerated() {
        defer { start = end }
        let name = UnsafeBufferPointer(rebasing: names[start..<end])
        var slot = Int(truncatingIfNeeded: Self.hash(name, lowercasing: false)) & (capacity - 1)
        while slots[slot] != 0 {
          if Self.name(at: Int(slots[slot]) - 1, in: names, ends: ends, equals: name, lowercasing: false) {
            continue routes  // a duplicate: the first keeps the name
          }
          slot = (slot + 1) & (capacity - 1)
        }
        slots[slot] = Int32(position + 1)
      }
    }
    self.slots = slots
  }

  /// The position of the first route whose name is `bytes` ASCII-lowercased, if any.
  func position(lowercasing bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    names.withUnsafeBufferPointer { names in
      if slots.isEmpty {
        var start = 0
        for (position, end) in ends.enumerated() {
          if end - start == bytes.count,
            Self.equal(UnsafeBufferPointer(rebasing: names[start..<end]), bytes, lowercasing: true)
          {
            return position
          }
          start = end
        }
        return nil
      }
      return slots.withUnsafeBufferPointer { slots in
        var slot = Int(truncatingIfNeeded: Self.hash(bytes, lowercasing: true)) & (slots.count - 1)
        while slots[slot] != 0 {
          let position = Int(slots[slot]) - 1
          if Self.name(at: position, in: names, ends: ends, equals: bytes, lowercasing: true) {
            return position
          }
          slot = (slot + 1) & (slots.count - 1)
        }
        return nil
      }
    }
  }

  private static func name(
    at position: Int, in names: UnsafeBufferPointer<UInt8>, ends: [Int],
    equals bytes: UnsafeBufferPointer<UInt8>,
    lowercasing: Bool
  ) -> Bool {
    let start = position == 0 ? 0 : ends[position - 1]
    return ends[position] - start == bytes.count
      && equal(UnsafeBufferPointer(rebasing: names[start..<ends[position]]), bytes, lowercasing: lowercasing)
  }

  /// Whether `name` and `bytes` (ASCII-lowercased first, if `lowercasing`) are the same bytes;
  /// the counts are equal.
  private static func equal(
    _ name: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, lowercasing: Bool
  )
    -> Bool
  {
    for offset in 0..<name.count
    where name[offset] != (lowercasing ? lowercased(bytes[offset]) : bytes[offset]) {
      return false
    }
    return true
  }

  /// FNV-1a, 64 bits, of `bytes` (ASCII-lowercased first, if `lowercasing`).
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, lowercasing: Bool) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(lowercasing ? lowercased(byte) : byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
