import FolioTestSupport
import Foundation

/// A Markdown file of the documentation, cut into its fenced code blocks.
struct MarkdownDocument: Sendable, CustomStringConvertible {
  /// One fenced block: ```` ```language ```` … ```` ``` ````.
  struct Block: Sendable {
    /// The info string after the opening fence (`swift`, `console`, `sh`).
    var language: String
    /// The lines between the fences.
    var lines: [String]
    /// The 1-based line of the opening fence.
    var line: Int
    /// The HTML comment on the closest non-blank line before the fence, without `<!--`/`-->`
    /// (`not-compiled`, `golden: plan-day-2`), or `nil`.
    var marker: String?
    /// The 0-based index range of the block's content lines in the file.
    var contentRange: Range<Int>
  }

  /// The path relative to the package root (`README.md`, `Documentation/CommandLine.md`).
  var path: String
  /// The file's lines.
  var lines: [String]
  /// The fenced blocks in order.
  var blocks: [Block]

  var description: String { path }

  /// Reads and splits the file at `path` under the package root.
  init(path: String) throws {
    self.path = path
    let url = FixtureFolder.packageRoot.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    lines = text.components(separatedBy: "\n")
    blocks = Self.blocks(in: lines)
  }

  /// README.md and every Markdown file under Documentation/ and in the DocC catalog
  /// (Sources/Folio/Documentation.docc), sorted: an article's Swift code is held to the same
  /// rules as a guide's.
  static func all() throws -> [MarkdownDocument] {
    var paths = ["README.md"]
    for folder in ["Documentation", "Sources/Folio/Documentation.docc"] {
      let root = FixtureFolder.packageRoot.appendingPathComponent(folder)
      if let walker = FileManager.default.enumerator(atPath: root.path) {
        for case let file as String in walker where file.hasSuffix(".md") {
          paths.append(folder + "/" + file)
        }
      }
    }
    return try paths.sorted().map { try MarkdownDocument(path: $0) }
  }

  /// The fenced blocks of `lines`.
  static func blocks(in lines: [String]) -> [Block] {
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("```") else {
        index += 1
        continue
      }
      let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
      let start = index + 1
      var end = start
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
        end += 1
      }
      blocks.append(
        Block(
          language: language, lines: Array(lines[start..<min(end, lines.count)]), line: index + 1,
          marker: marker(before: index, in: lines), contentRange: start..<min(end, lines.count)))
      index = end + 1
    }
    return blocks
  }

  /// The HTML comment on the closest non-blank line before `index`.
  static func marker(before index: Int, in lines: [String]) -> String? {
    var line = index - 1
    while line >= 0, lines[line].trimmingCharacters(in: .whitespaces).isEmpty { line -= 1 }
    guard line >= 0 else { return nil }
    let text = lines[line].trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
    return text.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
  }
}
