import FolioJSON
import FolioTestSupport
import Foundation
import Testing

/// ``JSONScanner`` against ``JSONParser``: for every document, in every way of reading it
/// (``ScannedTree/Mode``), the scanner yields exactly the parser's value, or exactly its error
/// (code, message, offset, line and column).
@Suite struct JSONScannerDifferentialTests {
  /// How the scanner disagrees with the parser on `bytes`, in each mode; empty when it agrees.
  static func disagreements(
    _ bytes: [UInt8], options: JSONParser.Options = .init(),
    modes: [ScannedTree.Mode] = ScannedTree.Mode.allCases
  ) -> [String] {
    let expected = Result { () throws(JSONError) -> JSONValue in
      try JSONParser.parse(bytes, options: options)
    }
    var problems: [String] = []
    for mode in modes {
      let scanned = Result { () throws(JSONError) -> JSONValue in
        try ScannedTree.scan(bytes, options: options, mode: mode)
      }
      let text = String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription
      switch (expected, scanned) {
      case (.success(let value), .success(let result)):
        let wanted: JSONValue? =
          switch mode {
          case .skip: nil
          case .skipSomeMembers: ScannedTree.nullingSkippedMembers(value)
          default: value
          }
        if let wanted, !ScannedTree.identical(wanted, result) {
          problems.append("\(mode): another value for \(text)")
        }
      case (.failure(let error), .failure(let failure)):
        if error.code != failure.code || error.offset != failure.offset
          || error.line != failure.line
          || error.column != failure.column || error.message != failure.message
        {
          problems.append(
            "\(mode): \(failure.code) at \(failure.offset) (\(failure.message)), the parser \(error.code) at \(error.offset) (\(error.message)) for \(text)"
          )
        }
      case (.success, .failure(let failure)):
        problems.append(
          "\(mode): \(failure.code) at \(failure.offset) (\(failure.message)) for a valid \(text)")
      case (.failure(let error), .success):
        problems.append(
          "\(mode): accepted, the parser \(error.code) at \(error.offset) for \(text)")
      }
    }
    return problems
  }

  static func fixtureFiles() -> [(String, [UInt8])] {
    ["valid", "invalid", "canonical"].flatMap { folder in
      JSONFixtureTests.files(in: folder).compactMap { name in
        (try? JSONFixtureTests.bytes(folder, name)).map { ("\(folder)/\(name)", $0) }
      }
    }
  }

  @Test func agreesOnEveryFixtureFile() {
    let files = Self.fixtureFiles()
    #expect(files.count >= 30)
    for (name, bytes) in files {
      let problems = Self.disagreements(bytes)
      #expect(problems.isEmpty, "\(name): \(problems)")
    }
  }

  @Test func agreesOnTheParserTestsTexts() {
    var count = 0
    let texts =
      JSONParserTests.validTexts.map { Array($0.text.utf8) }
      + JSONParserErrorTests.invalidTexts.map(\.bytes)
      + JSONParserElementsTests.broken.map { Array($0.utf8) }
      + ([JSONParserKeyShapeTests.shape] + JSONParserKeyShapeTests.followers).map { Array($0.utf8) }
      + JSONParserErrorTests.namedProblems.map(\.1)
    for bytes in texts {
      count += 1
      let problems = Self.disagreements(bytes)
      #expect(problems.isEmpty, "\(problems)")
    }
    #expect(count > 150)
  }

  @Test func agreesUnderTightLimits() {
    let options = JSONParser.Options(maxDepth: 3, maxStringBytes: 5, file: "tight.json")
    var random = RandomJSONDocument(seed: 3)
    var problems: [String] = []
    var failures = 0
    for _ in 0..<500 {
      let bytes = random.document(maxDepth: 3)
      if (try? JSONParser.parse(bytes, options: options)) == nil { failures += 1 }
      problems += Self.disagreements(bytes, options: options)
    }
    #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    #expect(failures > 100)
  }

  @Test(arguments: 0..<4)
  func agreesOnSeededRandomDocuments(_ seed: UInt64) {
    var random = RandomJSONDocument(seed: 0x5CA9 &+ seed)
    var problems: [String] = []
    var (valid, deep) = (0, 0)
    for _ in 0..<750 {
      let bytes = random.document()
      if (try? JSONParser.parse(bytes)) != nil { valid += 1 }
      if bytes.count > 1000, bytes.prefix(400).allSatisfy({ $0 != UInt8(ascii: ",") }) { deep += 1 }
      problems += Self.disagreements(bytes)
    }
    #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    // Mostly valid, with a few rejected ones (duplicate keys, 1e400, nesting too deep).
    #expect(valid > 500 && valid < 750)
    #expect(deep > 10)
  }

  @Test(arguments: 0..<4)
  func agreesOnMutatedDocuments(_ seed: UInt64) {
    var random = RandomJSONDocument(seed: 0xB0B0 &+ seed)
    var problems: [String] = []
    var rejected = 0
    for _ in 0..<1_000 {
      let bytes = random.mutated(random.document(maxDepth: 24))
      if (try? JSONParser.parse(bytes)) == nil { rejected += 1 }
      problems += Self.disagreements(bytes)
    }
    #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    #expect(rejected > 600)
  }

  @Test func agreesOnTheEmployeePayload() {
    let bytes = EmployeePayload.day1(count: 300)
    #expect(Self.disagreements(bytes).isEmpty)
    let day2 = EmployeePayload.day2(count: 300).bytes
    #expect(Self.disagreements(day2).isEmpty)
  }

  @Test func agreesOnDocumentsThatAreNotUTF8OrAreTooLarge() {
    let texts: [[UInt8]] = [
      [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], [0x5B, 0x00, 0x5D, 0x00], [0, 0, 0, 0x31],
      [0xEF, 0xBB, 0xBF], Array("[1, 2, 3]".utf8),
    ]
    var options = JSONParser.Options()
    options.maxDocumentBytes = 8
    for bytes in texts {
      #expect(Self.disagreements(bytes).isEmpty)
      #expect(Self.disagreements(bytes, options: options).isEmpty)
    }
  }
}
