import FolioJSON
import Testing

/// RFC 8259 conformance of the strict parser: rejected texts, with the right code and position.
@Suite struct JSONParserErrorTests {
  struct Invalid: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var code: JSONError.Code
    var offset: Int
    var line: Int
    var column: Int
    var testDescription: String { name }

    init(
      _ name: String, _ text: String, _ code: JSONError.Code, at offset: Int, line: Int = 1,
      column: Int? = nil
    ) {
      self.init(name, Array(text.utf8), code, at: offset, line: line, column: column)
    }

    init(
      _ name: String, _ bytes: [UInt8], _ code: JSONError.Code, at offset: Int, line: Int = 1,
      column: Int? = nil
    ) {
      self.name = name
      self.bytes = bytes
      self.code = code
      self.offset = offset
      self.line = line
      self.column = column ?? offset + 1
    }
  }

  static let quote: UInt8 = 0x22

  static let invalidTexts: [Invalid] = [
    // Empty input and structure.
    Invalid("empty input", "", .unexpectedEnd, at: 0),
    Invalid("only whitespace", " \n ", .unexpectedEnd, at: 3, line: 2, column: 2),
    Invalid("unclosed array", "[1,2", .unexpectedEnd, at: 4),
    Invalid("unclosed object", #"{"a":1"#, .unexpectedEnd, at: 6),
    Invalid("key without colon at end", #"{"a""#, .unexpectedEnd, at: 4),
    Invalid("open bracket only", "[", .unexpectedEnd, at: 1),
    Invalid("truncated literal", "tru", .unexpectedEnd, at: 3),
    Invalid("misspelt literal", "[trux]", .unexpectedCharacter, at: 1),
    Invalid("capitalised literal", "True", .unexpectedCharacter, at: 0),
    Invalid("trailing comma in array", "[1,]", .trailingComma, at: 2),
    Invalid("trailing comma in object", #"{"a":1 , }"#, .trailingComma, at: 7),
    Invalid("missing comma in array", "[1 2]", .expectedCommaOrBracket, at: 3),
    Invalid("missing comma in object", #"{"a":1 "b":2}"#, .expectedCommaOrBrace, at: 7),
    Invalid("missing colon", #"{"a" 1}"#, .expectedColon, at: 5),
    Invalid("number key", "{1:2}", .expectedKey, at: 1),
    Invalid("unquoted key", "{a:2}", .expectedKey, at: 1),
    Invalid("single-quoted string", "['a']", .unexpectedCharacter, at: 1),
    Invalid("comma without value", "[,1]", .unexpectedCharacter, at: 1),
    Invalid("close bracket as value", #"{"a":]"#, .unexpectedCharacter, at: 5),
    // Comments are not JSON, wherever they appear.
    Invalid("line comment before value", "// c\n1", .unexpectedCharacter, at: 0),
    Invalid("block comment in array", "[1 /* c */]", .expectedCommaOrBracket, at: 3),
    Invalid("comment after value", "[1] // c", .trailingContent, at: 4),
    // Trailing content and the byte-order mark.
    Invalid("two values", "1 2", .trailingContent, at: 2),
    Invalid("extra close brace", "{}}", .trailingContent, at: 2),
    Invalid("adjacent strings", #""a""b""#, .trailingContent, at: 3),
    Invalid("hex number", "0x10", .trailingContent, at: 1),
    Invalid("byte-order mark", [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .unexpectedCharacter, at: 0),
    // Numbers.
    Invalid("NaN", "NaN", .invalidNumber, at: 0),
    Invalid("Infinity", "[Infinity]", .invalidNumber, at: 1),
    Invalid("negative Infinity", "-Infinity", .invalidNumber, at: 1),
    Invalid("leading zero", "01", .invalidNumber, at: 0),
    Invalid("negative leading zero", "[-012]", .invalidNumber, at: 1),
    Invalid("plus sign", "+1", .invalidNumber, at: 0),
    Invalid("leading decimal point", ".5", .invalidNumber, at: 0),
    Invalid("trailing decimal point", "1.", .invalidNumber, at: 2),
    Invalid("decimal point before exponent", "1.e5", .invalidNumber, at: 2),
    Invalid("empty exponent", "1e", .invalidNumber, at: 2),
    Invalid("signed empty exponent", "1e+", .invalidNumber, at: 3),
    Invalid("lone minus", "-", .unexpectedEnd, at: 1),
    Invalid("double minus", "--1", .invalidNumber, at: 1),
    Invalid("overflowing double", "[1e400]", .numberOutOfRange, at: 1),
    Invalid("overflowing negative double", "-1e400", .numberOutOfRange, at: 0),
    Invalid(
      "overflowing long integer", "1" + String(repeating: "0", count: 400), .numberOutOfRange, at: 0
    ),
    // Strings: control characters, escapes, surrogates.
    Invalid("unterminated string", #""abc"#, .unexpectedEnd, at: 4),
    Invalid("raw newline in string", "\"a\nb\"", .controlCharacter, at: 2),
    Invalid("raw tab in string", "\"a\tb\"", .controlCharacter, at: 2),
    Invalid("raw NUL in string", [quote, 0x00, quote], .controlCharacter, at: 1),
    Invalid(
      "raw U+001F in long string", Array("\"0123456789abcdef".utf8) + [0x1F, quote],
      .controlCharacter, at: 17),
    Invalid("unknown escape", #""\x""#, .invalidEscape, at: 1),
    Invalid("escaped single quote", #""\'""#, .invalidEscape, at: 1),
    Invalid("short unicode escape", #""\u12""#, .invalidEscape, at: 1),
    Invalid("non-hex unicode escape", #""\uZZZZ""#, .invalidEscape, at: 1),
    Invalid("escape at end", #""\"#, .unexpectedEnd, at: 2),
    Invalid("lone high surrogate", #""\uD800""#, .invalidSurrogate, at: 1),
    Invalid("high surrogate then text", #""\uD83Dx""#, .invalidSurrogate, at: 1),
    Invalid("lone low surrogate", #""a\uDC00""#, .invalidSurrogate, at: 2),
    Invalid("misordered surrogates", #""\uDE00\uD83D""#, .invalidSurrogate, at: 1),
    Invalid("high surrogate then non-surrogate", #""\uD800\u0041""#, .invalidSurrogate, at: 1),
    Invalid("two high surrogates", #""\uD800\uD800""#, .invalidSurrogate, at: 1),
    // Invalid UTF-8 of every kind, in strings and outside them.
    Invalid("stray continuation byte", [quote, 0x80, quote], .invalidUTF8, at: 1),
    Invalid("overlong two-byte form", [quote, 0xC0, 0xAF, quote], .invalidUTF8, at: 1),
    Invalid("overlong C1 lead", [quote, 0xC1, 0xBF, quote], .invalidUTF8, at: 1),
    Invalid("overlong three-byte form", [quote, 0xE0, 0x80, 0xAF, quote], .invalidUTF8, at: 2),
    Invalid(
      "overlong four-byte form", [quote, 0xF0, 0x80, 0x80, 0xAF, quote], .invalidUTF8, at: 2),
    Invalid("UTF-8 encoded surrogate", [quote, 0xED, 0xA0, 0x80, quote], .invalidUTF8, at: 2),
    Invalid("above U+10FFFF", [quote, 0xF4, 0x90, 0x80, 0x80, quote], .invalidUTF8, at: 2),
    Invalid("F5 lead byte", [quote, 0xF5, 0x80, 0x80, 0x80, quote], .invalidUTF8, at: 1),
    Invalid("FF byte", [quote, 0x61, 0xFF, quote], .invalidUTF8, at: 2),
    Invalid("truncated sequence", [quote, 0xE2, 0x82, quote], .invalidUTF8, at: 3),
    Invalid("sequence cut by end of input", [quote, 0xE2, 0x82], .invalidUTF8, at: 1),
    Invalid(
      "invalid byte after escape", Array(#""\n"#.utf8) + [0xC3, 0x28, quote], .invalidUTF8, at: 4),
    Invalid(
      "invalid UTF-8 in key", [0x7B, quote, 0xC3, quote, 0x3A, 0x31, 0x7D], .invalidUTF8, at: 3),
    Invalid("invalid UTF-8 outside strings", [0x5B, 0xFF, 0x5D], .unexpectedCharacter, at: 1),
    // Duplicate keys, also when spelt differently.
    Invalid("duplicate key", #"{"a":1,"a":2}"#, .duplicateKey, at: 7),
    Invalid("duplicate key by escape", #"{"a":1,"\u0061":2}"#, .duplicateKey, at: 7),
    Invalid(
      "duplicate long key", #"{"department_id":1,"x":2,"department_id":3}"#, .duplicateKey, at: 25),
    Invalid("duplicate in nested object", #"[{"a":{"b":1,"b":2}}]"#, .duplicateKey, at: 13),
    // Line and column on later lines.
    Invalid(
      "trailing comma on line 3", "[\n  1,\n  2,\n]", .trailingComma, at: 10, line: 3, column: 4),
    Invalid(
      "bad value after CRLF", "[\r\n  1,\r\n  x]", .unexpectedCharacter, at: 11, line: 3, column: 3),
  ]

  @Test(arguments: invalidTexts)
  func rejectsInvalidTextWithCodeAndPosition(_ invalid: Invalid) throws {
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(invalid.bytes) }
    #expect(error.code == invalid.code)
    #expect(error.offset == invalid.offset)
    #expect(error.line == invalid.line)
    #expect(error.column == invalid.column)
    #expect(!error.message.isEmpty)
  }

  @Test func reportsNestingBeyondTheLimit() throws {
    let depth = JSONParser.Options().maxDepth
    let text = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
    #expect(error.code == .nestingTooDeep)
    #expect(error.offset == depth)
  }

  @Test func rejectsAHundredThousandOpenBracketsWithoutOverflowingTheStack() throws {
    let text = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
    #expect(error.code == .nestingTooDeep)
    #expect(error.offset == 512)
    // With the limit lifted, the iterative parser reaches the end of the input instead.
    let unlimited = JSONParser.Options(maxDepth: 1_000_000)
    let end = try #require(throws: JSONError.self) {
      try JSONParser.parse(text, options: unlimited)
    }
    #expect(end.code == .unexpectedEnd)
    #expect(end.offset == 100_000)
    let objects = [UInt8](String(repeating: #"{"a":"#, count: 100_000).utf8)
    let objectError = try #require(throws: JSONError.self) { try JSONParser.parse(objects) }
    #expect(objectError.code == .nestingTooDeep)
  }

  @Test func honoursACustomDepthLimit() throws {
    let options = JSONParser.Options(maxDepth: 2)
    #expect(try JSONParser.parse("[[1]]", options: options) == [[1]])
    let error = try #require(throws: JSONError.self) {
      try JSONParser.parse(#"[{"a":[1]}]"#, options: options)
    }
    #expect(error.code == .nestingTooDeep)
    #expect(error.offset == 6)
  }

  @Test func rejectsStringsLongerThanTheLimit() throws {
    let options = JSONParser.Options(maxStringBytes: 3)
    #expect(try JSONParser.parse(#"["abc"]"#, options: options) == ["abc"])
    for text in [#"["abcd"]"#, #"["ab\nc"]"#, #"{"abcd":1}"#] {
      let error = try #require(throws: JSONError.self) {
        try JSONParser.parse(text, options: options)
      }
      #expect(error.code == .tooLarge, "\(text)")
      #expect(error.offset == Array(text.utf8).firstIndex(of: 0x22), "\(text)")
    }
  }

  @Test func rendersACompilerStyleDiagnostic() throws {
    let text = "{\n  \"id\": 1\n  \"name\": \"x\"\n}"
    let error = try #require(throws: JSONError.self) {
      try JSONParser.parse(text, options: .init(file: "payload.json"))
    }
    #expect(
      error.description == """
        payload.json:3:3: error: expected ',' or '}' after an object member [expectedCommaOrBrace]
            "name": "x"
            ^
        """)
  }

  @Test func rendersDiagnosticsForSeveralKinds() throws {
    let cases: [(String, String)] = [
      (
        "[1,]",
        """
        <input>:1:3: error: a trailing comma is not allowed before ']'; remove it [trailingComma]
          [1,]
            ^
        """
      ),
      (
        #"{"a":1,"a":2}"#,
        """
        <input>:1:8: error: the key "a" appears twice in one object; keep only one of them [duplicateKey]
          {"a":1,"a":2}
                 ^
        """
      ),
      (
        "[01]",
        """
        <input>:1:2: error: a number must not have a leading zero; write 7, not 07 [invalidNumber]
          [01]
           ^
        """
      ),
      (
        "\t[\"\\uD800\"]",
        """
        <input>:1:4: error: the high surrogate \\uD800 must be followed by a low surrogate escape (\\uDC00–\\uDFFF) [invalidSurrogate]
          \t["\\uD800"]
          \t  ^
        """
      ),
      (
        "[1] // note",
        """
        <input>:1:5: error: unexpected content after the top-level value; a JSON text holds exactly one value; comments are not allowed in JSON [trailingContent]
          [1] // note
              ^
        """
      ),
    ]
    for (text, expected) in cases {
      let error = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
      #expect(error.description == expected)
    }
  }

  @Test func placesTheCaretUnderTheCharacterAfterNonASCIIText() throws {
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(#"{"café": 1 2}"#) }
    #expect(error.column == 13)
    #expect(
      error.description == """
        <input>:1:13: error: expected ',' or '}' after an object member [expectedCommaOrBrace]
          {"café": 1 2}
                     ^
        """)
  }

  @Test func cutsLongLinesAroundTheError() throws {
    let prefix = "[" + String(repeating: "1,", count: 5_000)
    let text = prefix + "x]"
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
    #expect(error.column == prefix.utf8.count + 1)
    #expect(error.sourceLine.utf8.count <= 160)
    let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    let caretColumn = try #require(lines[2].firstIndex(of: "^")).utf16Offset(in: lines[2])
    let sourceColumn = try #require(lines[1].firstIndex(of: "x")).utf16Offset(in: lines[1])
    #expect(caretColumn == sourceColumn)
  }

  /// Inputs whose first diagnostic line must say exactly what is wrong (the source line below
  /// it holds raw bytes).
  static let namedProblems: [(String, [UInt8], String)] = [
    (
      "escape of a non-ASCII byte", [0x5B, 0x22, 0x5C, 0xE5, 0x22, 0x5D],
      #"<input>:1:3: error: a backslash followed by byte 0xE5 is not a JSON escape; use one of \" \\ \/ \b \f \n \r \t \uXXXX [invalidEscape]"#
    ),
    (
      "escape of a control byte", [0x5B, 0x22, 0x5C, 0x01, 0x22, 0x5D],
      #"<input>:1:3: error: a backslash followed by byte 0x01 is not a JSON escape; use one of \" \\ \/ \b \f \n \r \t \uXXXX [invalidEscape]"#
    ),
    (
      "escape of a printable character", Array(#"["\x"]"#.utf8),
      #"<input>:1:3: error: '\x' is not a JSON escape; use one of \" \\ \/ \b \f \n \r \t \uXXXX [invalidEscape]"#
    ),
    (
      "long number out of range", Array(("[1" + String(repeating: "0", count: 400) + ".5]").utf8),
      "<input>:1:2: error: the number 1" + String(repeating: "0", count: 39)
        + "… is too large for a 64-bit floating-point value [numberOutOfRange]"
    ),
    (
      "short number out of range", Array("1e400".utf8),
      "<input>:1:1: error: the number 1e400 is too large for a 64-bit floating-point value [numberOutOfRange]"
    ),
    (
      "UTF-8 byte-order mark", [0xEF, 0xBB, 0xBF, 0x5B, 0x5D],
      "<input>:1:1: error: the input starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow; save the file as UTF-8 without a BOM [unexpectedCharacter]"
    ),
    (
      "UTF-16LE with a byte-order mark", [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00],
      "<input>:1:1: error: the input is UTF-16LE (with a byte-order mark), not UTF-8; JSON must be UTF-8: convert it (e.g. iconv -f UTF-16LE -t UTF-8) [invalidUTF8]"
    ),
    (
      "UTF-16BE with a byte-order mark", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D],
      "<input>:1:1: error: the input is UTF-16BE (with a byte-order mark), not UTF-8; JSON must be UTF-8: convert it (e.g. iconv -f UTF-16BE -t UTF-8) [invalidUTF8]"
    ),
    (
      "UTF-16LE without a byte-order mark", [0x5B, 0x00, 0x5D, 0x00],
      "<input>:1:1: error: the input is UTF-16LE, not UTF-8; JSON must be UTF-8: convert it (e.g. iconv -f UTF-16LE -t UTF-8) [invalidUTF8]"
    ),
    (
      "UTF-16BE without a byte-order mark", [0x00, 0x5B, 0x00, 0x5D],
      "<input>:1:1: error: the input is UTF-16BE, not UTF-8; JSON must be UTF-8: convert it (e.g. iconv -f UTF-16BE -t UTF-8) [invalidUTF8]"
    ),
    (
      "UTF-32LE with a byte-order mark", [0xFF, 0xFE, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00],
      "<input>:1:1: error: the input is UTF-32LE (with a byte-order mark), not UTF-8; JSON must be UTF-8: convert it (e.g. iconv -f UTF-32LE -t UTF-8) [invalidUTF8]"
    ),
    (
      "UTF-32BE without a byte-order mark", [0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D],
      "<input>:1:1: error: the input is UTF-32BE, not UTF-8; JSON must be UTF-8: convert it (e.g. iconv -f UTF-32BE -t UTF-8) [invalidUTF8]"
    ),
  ]

  @Test(arguments: namedProblems)
  func namesTheProblemInItsMessage(_ name: String, _ input: [UInt8], _ expected: String) throws {
    let error = try #require(throws: JSONError.self) { try JSONParser.parse(input) }
    #expect(error.description.split(separator: "\n").first.map(String.init) == expected, "\(name)")
  }
}
