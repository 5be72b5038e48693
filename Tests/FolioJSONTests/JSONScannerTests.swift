import FolioJSON
import FolioTestSupport
import Testing

/// ``JSONScanner``'s pull API: keys without copies, typed reads, skipping, and depth without
/// recursion.
@Suite struct JSONScannerTests {
  /// Runs `body` on a scanner over `text`.
  static func scanning<R>(
    _ text: String, options: JSONParser.Options = .init(),
    _ body: (inout JSONScanner) throws(JSONError) -> R
  ) throws(JSONError) -> R {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> R in
      var scanner = JSONScanner(buffer, options: options)
      return try body(&scanner)
    }
  }

  @Test func readsAnObjectPieceByPiece() throws {
    let text =
      #" {"id": -0, "na\u006De": "Ada \"L\"", "ok": true, "none": null, "x": 2.5, "big": 9223372036854775808} "#
    let read = try Self.scanning(text) { (scanner) throws(JSONError) -> [String] in
      var read: [String] = []
      #expect(try scanner.peek() == .object)
      try scanner.beginObject()
      #expect(scanner.depth == 1)
      while let key = try scanner.nextKey() {
        let name = key.string
        #expect(key.hash == JSONScanner.Key.hash(of: key.bytes))
        switch try scanner.peek() {
        case .number:
          if let int = try scanner.readInt64IfInteger() {
            read.append("\(name)=int \(int)")
          } else {
            read.append("\(name)=\(try scanner.readNumber())")
          }
        case .string:
          read.append("\(name)=" + (try scanner.readString { String(decoding: $0, as: UTF8.self) }))
        case .bool: read.append("\(name)=\(try scanner.readBool())")
        case .null:
          try scanner.readNull()
          read.append("\(name)=null")
        default: Issue.record("unexpected kind")
        }
      }
      #expect(scanner.depth == 0)
      try scanner.end()
      return read
    }
    #expect(
      read == [
        "id=int 0", #"name=Ada "L""#, "ok=true", "none=null", "x=double(2.5)",
        "big=double(9.223372036854776e+18)",
      ])
  }

  @Test func handsOverKeysAndStringsWithoutEscapesWhereTheyLie() throws {
    let text = #"{"plain": "value", "esc\u0061ped": "v\nx"}"#
    let bytes = Array(text.utf8)
    try bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer, options: .init())
      let input = UnsafeRawBufferPointer(buffer)
      func inInput(_ pointer: UnsafeRawBufferPointer) -> Bool {
        pointer.baseAddress! >= input.baseAddress!
          && pointer.baseAddress! < input.baseAddress! + input.count
      }
      try scanner.beginObject()
      let plain = try #require(try scanner.nextKey())
      #expect(plain.equals("plain") && inInput(plain.bytes))
      #expect(try scanner.readString { inInput($0) && Array($0) == Array("value".utf8) })
      let escaped = try #require(try scanner.nextKey())
      #expect(escaped.equals("escaped") && !inInput(escaped.bytes))
      #expect(try scanner.readString { !inInput($0) && Array($0) == Array("v\nx".utf8) })
      #expect(try scanner.nextKey() == nil)
      try scanner.end()
    }
  }

  @Test func hashesAKeyTheSameWhetherEscapedOrNot() throws {
    let hashes = try Self.scanning(
      #"[{"key": 1}, {"k\u0065y": 2}, {"a_key_longer_than_8": 3}, {"a_key_longer_than_\u0038": 4}]"#
    ) {
      (scanner) throws(JSONError) -> [UInt64] in
      var hashes: [UInt64] = []
      try scanner.beginArray()
      while try scanner.nextElement() {
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          hashes.append(key.hash)
          try scanner.skipValue()
        }
      }
      return hashes
    }
    #expect(hashes.count == 4)
    #expect(hashes[0] == hashes[1] && hashes[2] == hashes[3] && hashes[0] != hashes[2])
  }

  @Test func leavesANonIntegerForAnotherRead() throws {
    let values = try Self.scanning("[1.5, \"2\", 3]") { (scanner) throws(JSONError) -> [String] in
      var values: [String] = []
      try scanner.beginArray()
      while try scanner.nextElement() {
        if let int = try scanner.readInt64IfInteger() {
          values.append("int \(int)")
        } else {
          values.append("offset \(scanner.offset): " + String(describing: try scanner.readValue()))
        }
      }
      return values
    }
    #expect(values == ["offset 1: 1.5", "offset 6: \"2\"", "int 3"])
  }

  @Test func reportsADuplicateKeyWhereTheParserDoes() throws {
    for text in [
      #"{"a":1,"b":2,"a":3}"#, #"{"a":1,"\u0061":2}"#,
      "{" + (0..<40).map { #""k\#($0)":0,"# }.joined() + #""k17":1}"#,
      "{" + (0..<40).map { #""k\#($0)":0,"# }.joined() + #""k\u0031\u0037":1}"#,
    ] {
      let parserError = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
      let error = try #require(throws: JSONError.self) {
        try Self.scanning(text) { (scanner) throws(JSONError) in try scanner.skipValue() }
      }
      #expect(error.code == .duplicateKey)
      #expect(error == parserError)
    }
  }

  @Test func refusesAHundredThousandOpenBracketsWithoutOverflowingTheStack() throws {
    for opener in ["[", #"{"a":"#] {
      let text = String(repeating: opener, count: 100_000)
      let parserError = try #require(throws: JSONError.self) { try JSONParser.parse(text) }
      #expect(parserError.code == .nestingTooDeep)
      for mode in [ScannedTree.Mode.pull, .skip, .readValueBelowDepth2] {
        let error = try #require(throws: JSONError.self) {
          try ScannedTree.scan(Array(text.utf8), mode: mode)
        }
        #expect(error == parserError, "\(mode)")
      }
    }
  }

  @Test func nestsAsDeepAsTheLimitAndNoDeeper() throws {
    let options = JSONParser.Options(maxDepth: 600)
    let atLimit = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(try ScannedTree.scan(Array(atLimit.utf8), options: options, mode: .skip) == .null)
    let value = try ScannedTree.scan(
      Array(atLimit.utf8), options: options, mode: .readValueBelowDepth2)
    #expect(value == (try JSONParser.parse(atLimit, options: options)))
    let beyond = "[" + atLimit + "]"
    let error = try #require(throws: JSONError.self) {
      try ScannedTree.scan(Array(beyond.utf8), options: options, mode: .readValueBelowDepth2)
    }
    #expect(error.code == .nestingTooDeep && error.offset == 600)
  }

  /// The payload's items, read as a row reader reads them: ids, names (in the nested `user`
  /// object) and tags, compared with the parser's values.
  @Test func readsThePayloadsIdsNamesAndTagsAsTheParserDoes() throws {
    let bytes = EmployeePayload.day1(count: 2_000)
    let parsed = try #require(try JSONParser.parse(bytes).arrayValue)
    let expected = parsed.map { item in
      "\(item["id"]?.intValue ?? -1) \(item.value(atKeyPath: "user.name")?.stringValue ?? "?") "
        + (item["tags"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ",")
    }
    let scanned = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> [String] in
      var scanner = JSONScanner(buffer, options: .init())
      var rows: [String] = []
      try scanner.beginArray()
      while try scanner.nextElement() {
        var (id, name, tags): (Int64, String, [String]) = (-1, "?", [])
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          if key.equals("id") {
            id = try scanner.readInt64IfInteger() ?? -2
          } else if key.equals("user") {
            try scanner.beginObject()
            while let userKey = try scanner.nextKey() {
              if userKey.equals("name") {
                name = try scanner.readString { String(decoding: $0, as: UTF8.self) }
              } else {
                try scanner.skipValue()
              }
            }
          } else if key.equals("tags") {
            try scanner.beginArray()
            while try scanner.nextElement() {
              tags.append(try scanner.readString { String(decoding: $0, as: UTF8.self) })
            }
          } else {
            try scanner.skipValue()
          }
        }
        rows.append("\(id) \(name) " + tags.joined(separator: ","))
      }
      try scanner.end()
      return rows
    }
    #expect(scanned.count == 2_000)
    #expect(scanned == expected)
  }
}
