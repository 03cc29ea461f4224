import Pictures

/// A tour compared with a recording, entry by entry, matched by name; pictures by their
/// decoded pixels (``PictureComparison``), not their bytes.
struct TourComparison: Equatable {
  /// How one entry compares.
  enum Status: Equatable {
    case same
    /// What differs: `url`, `screen`, `state`, `picture` (in that order, those that do).
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
    var current: TourEntry?
    /// How the pictures compare, when both entries have one.
    var picture: PictureComparison? = nil
    /// A PNG marking the pixels that differ (``PictureComparison/differenceImage(_:_:tolerance:)``),
    /// when the pictures differ.
    var differenceImage: [UInt8]? = nil
  }

  /// This tour's entries in its order, then the recording's missing ones in theirs.
  let items: [Item]

  init(recorded: [TourEntry], current: [TourEntry], tolerance: Int = 0) {
    var byName: [String: TourEntry] = [:]
    for entry in recorded { byName[entry.name] = entry }
    self.init(
      items: current.map { Self.item(recorded: byName[$0.name], current: $0, tolerance: tolerance) },
      recorded: recorded)
  }

  /// The comparison of the items of this tour's entries, compared already one by one as the
  /// tour ran (``item(recorded:current:tolerance:)``), and the recording's missing entries.
  init(items: [Item], recorded: [TourEntry]) {
    let currentNames = Set(items.map(\.name))
    self.items =
      items
      + recorded.filter { !currentNames.contains($0.name) }.map {
        Item(name: $0.name, status: .missing, recorded: $0, current: nil)
      }
  }

  /// How `current` compares with the recorded entry of its name, if there is one.
  static func item(recorded old: TourEntry?, current entry: TourEntry, tolerance: Int) -> Item {
    guard let old else { return Item(name: entry.name, status: .new, recorded: nil, current: entry) }
    var changes: [String] = []
    if old.url != entry.url { changes.append("url") }
    if old.screen != entry.screen { changes.append("screen") }
    if old.state != entry.state { changes.append("state") }
    var picture: PictureComparison?
    var differenceImage: [UInt8]?
    switch (old.pictureBytes, entry.pictureBytes) {
    case (nil, nil):
      break
    case (let a?, let b?):
      // Both were read as PNGs already (the recording when it was opened, this one when it
      // was taken); a failure here would be memory, and counts as a difference.
      guard let recordedPicture = try? PNGDecoder.decode(a), let currentPicture = try? PNGDecoder.decode(b)
      else {
        changes.append("picture")
        break
      }
      let comparison = PictureComparison(recordedPicture, currentPicture, tolerance: tolerance)
      picture = comparison
      if !comparison.matches {
        changes.append("picture")
        differenceImage = try? PNGEncoder.encode(
          PictureComparison.differenceImage(recordedPicture, currentPicture, tolerance: tolerance))
      }
    default:
      changes.append("picture")
    }
    return Item(
      name: entry.name, status: changes.isEmpty ? .same : .changed(changes), recorded: old, current: entry,
      picture: picture, differenceImage: differenceImage)
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
