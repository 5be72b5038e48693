/// Splits a predicate's text into tokens, each with its character offset.
struct QueryLexer {
  enum Kind: Equatable {
    case identifier(String)
    case number(JSONValue)
    case string(String)
    case comparison(Condition.Comparison)
    case and, or, not
    case openParen, closeParen, openBracket, closeBracket, comma, dot
    case end
  }

  struct Token: Equatable {
    let kind: Kind
    /// The 0-based character offset of the token's first character.
    let offset: Int
    /// The token's text as written (for messages).
    let text: String
  }

  let source: String
  private let chars: [Character]

  init(_ source: String) {
    self.source = source
    chars = Array(source)
  }

  func error(_ code: QueryError.Code, _ message: String, at offset: Int) -> QueryError {
    QueryError(code: code, message: message, source: source, offset: offset)
  }

  /// Every token, ending with `.end`.
  func tokens() throws(QueryError) -> [Token] {
    var result: [Token] = []
    var i = 0
    while true {
      while i < chars.count, chars[i].isWhitespace { i += 1 }
      guard i < chars.count else {
        result.append(Token(kind: .end, offset: chars.count, text: "end of input"))
        return result
      }
      let start = i
      let c = chars[i]
      func token(_ kind: Kind, length: Int) -> Token {
        i += length
        return Token(kind: kind, offset: start, text: String(chars[start..<i]))
      }
      let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      switch c {
      case "(": result.append(token(.openParen, length: 1))
      case ")": result.append(token(.closeParen, length: 1))
      case "[": result.append(token(.openBracket, length: 1))
      case "]": result.append(token(.closeBracket, length: 1))
      case ",": result.append(token(.comma, length: 1))
      case ".": result.append(token(.dot, length: 1))
      case "=":
        guard next == "=" else {
          throw error(.unexpectedCharacter, "unexpected '='; compare with '=='", at: start)
        }
        result.append(token(.comparison(.equal), length: 2))
      case "!":
        if next == "=" {
          result.append(token(.comparison(.notEqual), length: 2))
        } else {
          result.append(token(.not, length: 1))
        }
      case "<":
        result.append(
          next == "="
            ? token(.comparison(.lessOrEqual), length: 2) : token(.comparison(.less), length: 1))
      case ">":
        result.append(
          next == "="
            ? token(.comparison(.greaterOrEqual), length: 2)
            : token(.comparison(.greater), length: 1))
      case "&":
        guard next == "&" else {
          throw error(.unexpectedCharacter, "unexpected '&'; join conditions with '&&'", at: start)
        }
        result.append(token(.and, length: 2))
      case "|":
        guard next == "|" else {
          throw error(
            .unexpectedCharacter, "unexpected '|'; join alternatives with '||'", at: start)
        }
        result.append(token(.or, length: 2))
      case "'", "\"":
        result.append(try string(from: &i))
      case "-", "0"..."9":
        result.append(try number(from: &i))
      default:
        guard c.isLetter || c == "_" else {
          throw error(
            .unexpectedCharacter,
            "unexpected character '\(c)'; expected a field, a value, an operator or a parenthesis",
            at: start)
        }
        while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { i += 1 }
        let word = String(chars[start..<i])
        let kind: Kind
        switch word.lowercased() {
        case "and": kind = .and
        case "or": kind = .or
        case "not": kind = .not
        default: kind = .identifier(word)
        }
        result.append(Token(kind: kind, offset: start, text: word))
      }
    }
  }

  private func string(from i: inout Int) throws(QueryError) -> Token {
    let start = i
    let quote = chars[i]
    i += 1
    var value = ""
    while true {
      guard i < chars.count else {
        throw error(
          .unterminatedString, "the string starting here has no closing \(quote)", at: start)
      }
      let c = chars[i]
      if c == quote {
        i += 1
        return Token(kind: .string(value), offset: start, text: String(chars[start..<i]))
      }
      if c == "\\" {
        guard i + 1 < chars.count else {
          throw error(
            .unterminatedString, "the string starting here has no closing \(quote)", at: start)
        }
        switch chars[i + 1] {
        case "\\": value.append("\\")
        case "'": value.append("'")
        case "\"": value.append("\"")
        case "n": value.append("\n")
        case "t": value.append("\t")
        default:
          throw error(
            .invalidEscape, "unknown escape '\\\(chars[i + 1])'; use \\\\, \\', \\\", \\n or \\t",
            at: i)
        }
        i += 2
        continue
      }
      value.append(c)
      i += 1
    }
  }

  private func number(from i: inout Int) throws(QueryError) -> Token {
    let start = i
    if chars[i] == "-" { i += 1 }
    var isDouble = false
    while i < chars.count {
      let c = chars[i]
      if c.isASCII, c.isNumber {
        i += 1
      } else if c == "." || c == "e" || c == "E" {
        isDouble = true
        i += 1
        if c == "e" || c == "E", i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
      } else if c.isLetter || c == "_" {
        i += 1  // swallowed so the whole malformed word is reported
      } else {
        break
      }
    }
    let text = String(chars[start..<i])
    let bad = error(
      .invalidNumber,
      "'\(text)' is not a number; write integers like 42 or -7 and decimals like 2.5 or 1e3",
      at: start)
    guard text != "-" else {
      throw error(
        .unexpectedCharacter, "unexpected '-'; a negative number is written -7", at: start)
    }
    if !isDouble {
      guard text.allSatisfy({ $0 == "-" || ($0.isASCII && $0.isNumber) }) else { throw bad }
      guard let value = Int64(text) else {
        throw error(.invalidNumber, "'\(text)' does not fit a 64-bit integer", at: start)
      }
      return Token(kind: .number(.int(value)), offset: start, text: text)
    }
    guard let first = text.first(where: { $0 != "-" }), first.isNumber,
      text.last?.isNumber == true, let value = Double(text), value.isFinite
    else { throw bad }
    return Token(kind: .number(.double(value)), offset: start, text: text)
  }
}
