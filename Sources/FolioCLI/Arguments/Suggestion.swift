/// The closest known name to a mistyped one, for "Did you mean …?" in usage errors: options and
/// subcommands get the same rule.
enum Suggestion {
  /// The largest edit distance still offered as a suggestion: two edits cover a swapped pair of
  /// letters (`snyc` → `sync`) or a missing one plus a typo, and little that is unrelated.
  static let maximumDistance = 2

  /// The candidate nearest to `word` by edit distance, if it is within ``maximumDistance``; the
  /// first of equally near candidates wins.
  ///
  /// - Complexity: O(*n*·*k*²) for *n* candidates of about *k* characters.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let close = candidates.min { editDistance($0, word) < editDistance($1, word) }
    guard let close, editDistance(close, word) <= maximumDistance else { return nil }
    return close
  }

  /// The Levenshtein distance between two short strings.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      previous = current
    }
    return previous[b.count]
  }
}
