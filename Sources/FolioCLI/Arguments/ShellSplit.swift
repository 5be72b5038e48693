/// Splits a command line into words as a POSIX shell does for simple cases: blanks separate
/// words, '…' and "…" quote, a backslash escapes one character (inside "…" too). It reads the
/// program of a driver command in git's config (`folio doctor`) and the commands of the
/// documentation's examples.
enum ShellSplit {
  /// The words of `text`.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
        continue
      }
      if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case "'", "\"":
        quote = character
        inWord = true
      case "\\":
        escaped = true
        inWord = true
      case " ", "\t":
        if inWord { words.append(current) }
        current = ""
        inWord = false
      default:
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
