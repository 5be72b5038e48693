import FolioTestSupport
import Foundation
import Testing

/// Every ```swift block in README.md and Documentation/ must have a twin in a test file (or in the
/// example packages under Examples/, which CI builds and tests), so every example the docs show
/// is compiled and run. Blocks preceded by `<!-- not-compiled -->` are illustrations and exempt.
@Suite struct DocumentationDriftTests {
  /// The lines of every Swift file under Tests/ and Examples/ (build folders aside), trimmed,
  /// one array per file.
  static func testSources() throws -> [[String]] {
    var sources: [[String]] = []
    for folder in ["Tests", "Examples"] {
      let root = FixtureFolder.packageRoot.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
      for case let file as String in walker {
        if file == ".build" || file.hasSuffix("/.build") {
          walker.skipDescendants()
          continue
        }
        guard file.hasSuffix(".swift") else { continue }
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        sources.append(text.components(separatedBy: "\n").map(Self.normalized))
      }
    }
    return sources
  }

  /// A line with surrounding whitespace removed: twins are compared line by line, so an
  /// example may sit indented inside a test function.
  static func normalized(_ line: String) -> String {
    line.trimmingCharacters(in: .whitespaces)
  }

  /// Whether `needle` (blank lines dropped) occurs as consecutive non-blank lines of `haystack`.
  static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
    let body = haystack.filter { !$0.isEmpty }
    let wanted = needle.filter { !$0.isEmpty }
    guard !wanted.isEmpty else { return true }
    guard body.count >= wanted.count else { return false }
    for start in 0...(body.count - wanted.count) where body[start] == wanted[0] {
      if Array(body[start..<start + wanted.count]) == wanted { return true }
    }
    return false
  }

  @Test(arguments: try MarkdownDocument.all())
  func everySwiftExampleHasATwinInATestFile(document: MarkdownDocument) throws {
    let sources = try Self.testSources()
    for block in document.blocks where block.language == "swift" {
      if block.marker == "not-compiled" { continue }
      let lines = block.lines.map(Self.normalized)
      let found = sources.contains { Self.contains($0, lines) }
      #expect(
        found,
        """
        \(document.path):\(block.line): this swift block has no twin under Tests/ or Examples/. \
        Copy it into a test (indentation may differ), or mark it <!-- not-compiled --> if it is \
        only an illustration.
        """)
    }
  }

  @Test func theTwinSearchIgnoresIndentationButNotContent() {
    let source = ["func example() {", "let a = 1", "", "print(a)", "}"]
    #expect(Self.contains(source, ["let a = 1", "print(a)"]))
    #expect(!Self.contains(source, ["let a = 2", "print(a)"]))
    #expect(!Self.contains(source, ["print(a)", "let a = 1"]))
  }

  @Test func blocksKnowTheirMarkerAndLine() {
    let lines = [
      "# Title", "<!-- not-compiled -->", "", "```swift", "let x = 1", "```", "```console",
      "$ folio --help", "```",
    ]
    let blocks = MarkdownDocument.blocks(in: lines)
    #expect(blocks.count == 2)
    #expect(blocks.first?.marker == "not-compiled")
    #expect(blocks.first?.line == 4)
    #expect(blocks.first?.lines == ["let x = 1"])
    #expect(blocks.last?.language == "console")
    #expect(blocks.last?.marker == nil)
  }
}
