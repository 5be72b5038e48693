/// Splits a documented command line into words the way a POSIX shell would for the simple cases
/// the docs use: spaces separate words, '…' and "…" quote, a backslash escapes one character.
enum ShellWords {
  /// The words of `line`.
  static func split(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word.append(character)
        }
        continue
      }
      switch character {
      case "\\":
        escaped = true
        inWord = true
      case "'", "\"":
        quote = character
        inWord = true
      case " ", "\t":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
