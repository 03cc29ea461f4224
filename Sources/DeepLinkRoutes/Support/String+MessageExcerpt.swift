extension String {
  /// The text as an error message quotes it: whole when short, else its first 60 characters
  /// and how much was left out, so that a 100 KB argument gives a readable one-line error.
  ///
  ///     String(repeating: "x", count: 1_000).messageExcerpt  // "xxx…x… (1000 characters)"
  public var messageExcerpt: String {
    let limit = 60
    guard utf8.count > limit, count > limit else { return self }
    return String(prefix(limit)) + "… (\(count) characters)"
  }
}
