/// "Did you mean …?": the closest candidate by edit distance, when one is close enough.
public enum Suggestion {
  /// The candidate nearest to `input`, or `nil` when none is within a third of its length
  /// (at least 1, at most 3 edits). Prefixes count as close. Ties go to a candidate that
  /// `input` starts with (`recipee` is `recipe` typed with one letter too many, not a typo of
  /// `recipes`), then to the earlier candidate.
  public static func closest(to input: String, in candidates: some Sequence<String>) -> String? {
    let typed = Array(input.lowercased().utf8)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let bytes = Array(candidate.utf8)
      let limit = max(1, min(3, max(typed.count, bytes.count) / 3))
      if typed.count >= 3, bytes.starts(with: typed), best == nil || best!.distance > 1 {
        best = (candidate, 1)
        continue
      }
      let distance = editDistance(typed, bytes)
      let extendsCandidate = typed.starts(with: bytes)
      if distance <= limit,
        distance < (best?.distance ?? .max)
          || (distance == best?.distance && extendsCandidate && !typed.starts(with: best!.name.utf8))
      {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
