@testable import FolioJSON
import Testing

/// A top-level array's elements read a run at a time, straight from its bytes
/// (`JSONParser.parseElements`), are exactly the elements a whole parse gives — whichever byte
/// the bytes at hand end at — and a document the whole parse rejects never reads as complete.
@Suite struct JSONParserElementsTests {
  /// Elements of every kind, with escapes, a four-byte character, numbers at the end of the
  /// array and objects that share and break a key sequence.
  static let document = Array(
    #"""
    [ {"id":1,"name":"A\u00e9","tags":["x","y"],"n":-1.5e3},
      {"id":2,"name":"😀 b","tags":[],"n":0},
      "a string with \"quotes\" and \\ slashes",
      true, false, null, [1, [2, [3]]], {"id":3,"other":{"deep":[{}]}},
      12345678901234567890, -0.0, 42 ]
    """#.utf8)

  /// Reads the whole array in runs of `limit` elements, each from the bytes up to `cut` first
  /// (incomplete) and, when that run asks for more, from all of them.
  static func read(_ bytes: [UInt8], cut: Int, limit: Int) -> (elements: [JSONValue], stop: JSONParser.ElementStop) {
    var elements: [JSONValue] = []
    guard let open = bytes.firstIndex(of: UInt8(ascii: "[")) else { return ([], .malformed) }
    var position = open + 1
    var afterElement = false
    var available = min(cut, bytes.count)
    while true {
      let run = bytes.withUnsafeBufferPointer { buffer in
        JSONParser.parseElements(
          UnsafeBufferPointer(rebasing: buffer[0..<available]), from: position, afterElement: afterElement,
          limit: limit, isComplete: available == bytes.count, options: JSONParser.Options(), pool: nil)
      }
      elements += run.elements
      position = run.end
      if !run.elements.isEmpty { afterElement = true }
      switch run.stop {
      case .full: continue
      case .needsMore:
        if available == bytes.count { return (elements, .malformed) }
        available = bytes.count
      case .closed, .malformed: return (elements, run.stop)
      }
    }
  }

  @Test func elementsReadFromAnyCutAreTheWholeParsesElements() throws {
    guard case .array(let expected) = try JSONParser.parse(Self.document) else {
      Issue.record("the document is an array")
      return
    }
    for cut in 0...Self.document.count {
      for limit in [1, 3, 100] {
        let (elements, stop) = Self.read(Self.document, cut: cut, limit: limit)
        #expect(stop == .closed, "cut \(cut), limit \(limit)")
        #expect(elements == expected, "cut \(cut), limit \(limit)")
      }
    }
  }

  /// Documents the whole parse rejects: no run reads them as a closed array.
  static let broken = [
    "[1,]", "[1 2]", "[,1]", "[01]", "[1.]", "[tru]", "[\"a]", "[\"\\x\"]", "[{\"a\":1,\"a\":2}]",
    "[{\"a\" 1}]", "[[1]", "[\"\u{1}\"]", "[nul]", "[-]", "[{}{}]", "[1,,2]",
  ]

  @Test(arguments: broken)
  func aBrokenArrayNeverReadsAsClosed(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(throws: JSONError.self) { try JSONParser.parse(bytes) }
    for cut in 0...bytes.count {
      let (_, stop) = Self.read(bytes, cut: cut, limit: 2)
      #expect(stop == .malformed, "cut \(cut)")
    }
  }

  /// What follows the array is the caller's to check: a run closes at the array's `]` and ends
  /// there, so the second `]` of `[1]]` is left for the caller (which reads the document the
  /// ordinary way, and reports it).
  @Test func contentAfterTheArrayIsLeftToTheCaller() {
    let bytes = Array("[1]]".utf8)
    #expect(throws: JSONError.self) { try JSONParser.parse(bytes) }
    for cut in 0...bytes.count {
      #expect(Self.read(bytes, cut: cut, limit: 2).stop == .closed, "cut \(cut)")
    }
    let run = bytes.withUnsafeBufferPointer {
      JSONParser.parseElements($0, from: 1, afterElement: false, limit: 10, isComplete: true, options: JSONParser.Options(), pool: nil)
    }
    #expect(run.elements == [.int(1)])
    #expect(run.stop == .closed)
    #expect(run.end == 3)
  }

  /// The array counts towards the nesting limit, as in a whole parse.
  @Test func theArrayCountsTowardsTheNestingLimit() {
    let options = JSONParser.Options(maxDepth: 3)
    for (text, parses) in [("[[[1]]]", true), ("[[[[1]]]]", false), ("[{\"a\":[1]}]", true), ("[{\"a\":[[1]]}]", false)] {
      let bytes = Array(text.utf8)
      #expect(((try? JSONParser.parse(bytes, options: options)) != nil) == parses, "\(text)")
      let run = bytes.withUnsafeBufferPointer {
        JSONParser.parseElements($0, from: 1, afterElement: false, limit: 10, isComplete: true, options: options, pool: nil)
      }
      #expect(run.stop == (parses ? .closed : .malformed), "\(text)")
    }
  }

  /// A number that ends where the bytes at hand end may go on: the run asks for more rather
  /// than reading a shorter number.
  @Test func aNumberAtTheEndOfIncompleteBytesAsksForMore() {
    let bytes = Array("[1,23".utf8)
    let run = bytes.withUnsafeBufferPointer {
      JSONParser.parseElements($0, from: 1, afterElement: false, limit: 10, isComplete: false, options: JSONParser.Options(), pool: nil)
    }
    #expect(run.elements == [.int(1)])
    #expect(run.end == 2)
    #expect(run.stop == .needsMore)
  }
}
