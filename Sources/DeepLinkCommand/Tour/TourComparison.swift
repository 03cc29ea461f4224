/// A tour compared with a recording, entry by entry, matched by name.
struct TourComparison: Equatable {
  /// How one entry compares.
  enum Status: Equatable {
    case same
    /// What differs: `url`, `screen`, `state` (in that order, those that do).
    case changed([String])
    /// In this tour, not in the recording.
    case new
    /// In the recording, not in this tour.
    case missing
  }

  struct Item: Equatable {
    let name: String
    let status: Status
    let recorded: TourEntry?
    let current: TourEntry?
  }

  /// This tour's entries in its order, then the recording's missing ones in theirs.
  let items: [Item]

  init(recorded: [TourEntry], current: [TourEntry]) {
    var byName: [String: TourEntry] = [:]
    for entry in recorded { byName[entry.name] = entry }
    let currentNames = Set(current.map(\.name))
    var items = current.map { entry -> Item in
      guard let old = byName[entry.name] else {
        return Item(name: entry.name, status: .new, recorded: nil, current: entry)
      }
      var changes: [String] = []
      if old.url != entry.url { changes.append("url") }
      if old.screen != entry.screen { changes.append("screen") }
      if old.state != entry.state { changes.append("state") }
      return Item(
        name: entry.name, status: changes.isEmpty ? .same : .changed(changes), recorded: old, current: entry)
    }
    items += recorded.filter { !currentNames.contains($0.name) }.map {
      Item(name: $0.name, status: .missing, recorded: $0, current: nil)
    }
    self.items = items
  }

  /// The entries that differ, in ``items``' order.
  var differences: [Item] { items.filter { $0.status != .same } }

  /// `1 changed, 1 new, 1 missing`, the kinds that occur.
  var summary: String {
    let changed = items.filter { if case .changed = $0.status { true } else { false } }.count
    let new = items.filter { $0.status == .new }.count
    let missing = items.filter { $0.status == .missing }.count
    return [(changed, "changed"), (new, "new"), (missing, "missing")].filter { $0.0 > 0 }
      .map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }
}

extension TourComparison.Status {
  /// `same`, `changed`, `new`, `missing`: the word `--json` and the page use.
  var word: String {
    switch self {
    case .same: "same"
    case .changed: "changed"
    case .new: "new"
    case .missing: "missing"
    }
  }
}
