/// "Did you mean …?": the closest candidate by edit distance, when one is close enough.
public enum Suggestion {
  /// The candidate nearest to `input`, or `nil` when none is within a third of its length
  /// (at least 1, at most 3 edits). Prefixes count as close. Ties go to a candidate that
  /// `input` starts with (`recipee` is `recipe` typed with one letter too many, not a typo of
  /// `recipes`), then to the earlier candidate.
  ///
  /// Cheap whatever the input: a candidate whose length differs from the input's by more than
  /// the edits allowed is skipped without comparing, and the distance is computed only within
  /// that many edits of the diagonal, stopping as soon as it must exceed them. A 60 KB input
  /// against 10,000 route names costs a pass over the input and a length comparison per name;
  /// the full distances it used to compute were about 10^10 steps on the app's only thread.
  /// ``RouteTable/suggestion(for:)`` skips even that for a name longer than its longest route
  /// name allows (`make bench`, "unknown-60kb").
  public static func closest(to input: String, in candidates: some Sequence<String>) -> String? {
    let typed = Array(input.lowercased().utf8)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let length = candidate.utf8.count
      let limit = max(1, min(maximumEdits, max(typed.count, length) / 3))
      // Neither a prefix of it nor within `limit` edits: not even worth copying its bytes.
      guard (typed.count >= 3 && length >= typed.count) || abs(typed.count - length) <= limit else {
        continue
      }
      let bytes = Array(candidate.utf8)
      if typed.count >= 3, bytes.starts(with: typed), best == nil || best!.distance > 1 {
        best = (candidate, 1)
        continue
      }
      guard let distance = editDistance(typed, bytes, atMost: limit) else { continue }
      let extendsCandidate = typed.starts(with: bytes)
      if distance < (best?.distance ?? .max)
        || (distance == best?.distance && extendsCandidate && !typed.starts(with: best!.name.utf8))
      {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The most edits a suggestion is ever away from the input.
  static let maximumEdits = 3

  /// The optimal string alignment distance (Levenshtein plus adjacent transpositions) between
  /// `a` and `b` when it is at most `limit`, else `nil`.
  ///
  /// Only cells within `limit` of the diagonal are computed (an alignment of cost `limit` or
  /// less never leaves that band), and the rows stop once a whole row exceeds `limit` (a row's
  /// smallest value never decreases further down): O(`min(a, b)` × `limit`) steps at most,
  /// none when the lengths differ by more than `limit`.
  static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let outside = limit + 1
    var previous2 = [Int](repeating: outside, count: b.count + 1)
    var previous = (0...b.count).map { min($0, outside) }
    var current = [Int](repeating: outside, count: b.count + 1)
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = min(i, outside)
      current[low - 1] = low == 1 ? current[0] : outside
      var rowMinimum = current[low - 1]
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = min(value, outside)
        rowMinimum = min(rowMinimum, current[j])
      }
      if high < b.count { current[high + 1] = outside }
      guard rowMinimum <= limit else { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
