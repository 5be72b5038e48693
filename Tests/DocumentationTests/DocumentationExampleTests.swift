@testable import FolioCLI
import FolioTestSupport
import Foundation
import Testing

/// Every ```console block in README.md and Documentation/ is a real run: a `folio` command runs
/// in process, any other command (`git …`, `sed …`, as the git workflow shows them) runs in
/// `bash` with git's settings fixed (identity, dates, no user or system configuration), in a
/// fresh directory holding a copy of `Fixtures/company`. Both what it prints and what the docs
/// show must equal the golden file `Fixtures/cli/NAME.txt` named by the block's
/// `<!-- golden: NAME -->` marker. Blocks of one document run in order in one directory, so a
/// later block sees the store an earlier one made.
///
/// With `FOLIO_RECORD_GOLDEN=1` the golden files and the documents' blocks are rewritten.
@Suite struct DocumentationExampleTests {
  /// A console block's command, expected exit status and golden name.
  struct Example {
    var name: String
    var status: Int32
    /// The `folio` arguments, or `nil` for a shell command.
    var arguments: [String]?
    /// The command line as written after `$ `.
    var command: String
    var shownOutput: String
  }

  /// Reads `<!-- golden: NAME [exit: N] -->` and the `$ folio …` line of a console block.
  static func example(_ block: MarkdownDocument.Block, in document: MarkdownDocument) throws
    -> Example
  {
    let location = "\(document.path):\(block.line)"
    guard let marker = block.marker, marker.hasPrefix("golden:") else {
      throw ExampleError(
        "\(location): a console block needs a <!-- golden: NAME --> marker before it.")
    }
    let words = marker.dropFirst("golden:".count).split(separator: " ").map(String.init)
    guard let name = words.first else {
      throw ExampleError("\(location): the golden marker has no name.")
    }
    var status: Int32 = 0
    if let index = words.firstIndex(of: "exit:"), index + 1 < words.count,
      let value = Int32(words[index + 1])
    {
      status = value
    }
    guard let command = block.lines.first, command.hasPrefix("$ ") else {
      throw ExampleError("\(location): a console block starts with a '$ folio …' line.")
    }
    var arguments: [String]? = ShellSplit.words(String(command.dropFirst(2)))
    if arguments?.starts(with: ["swift", "run", "folio"]) == true {
      arguments?.removeFirst(3)
    } else if arguments?.first == "folio" {
      arguments?.removeFirst()
    } else {
      arguments = nil
    }
    let output = block.lines.dropFirst().joined(separator: "\n")
    return Example(
      name: name, status: status, arguments: arguments, command: String(command.dropFirst(2)),
      shownOutput: output.isEmpty ? "" : output + "\n")
  }

  @Test(arguments: try MarkdownDocument.all())
  func everyCommandLineExampleMatchesItsGoldenOutput(document: MarkdownDocument) throws {
    let blocks = document.blocks.filter { $0.language == "console" }
    guard !blocks.isEmpty else { return }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FixtureFolder("company").copy(into: directory.url, at: "Fixtures/company")
    var rewritten = document.lines
    var results: [(MarkdownDocument.Block, Example, String)] = []
    for block in blocks {
      let example = try Self.example(block, in: document)
      let status: Int32
      let text: String
      if let arguments = example.arguments {
        let output = CapturedOutput()
        let console = Console(
          standardOutput: output, standardError: output, currentDirectory: directory.path)
        status = FolioCommand.run(arguments, console: console)
        text = output.text
      } else {
        (status, text) = try Self.shell(example.command, in: directory.path)
      }
      #expect(
        status == example.status,
        "\(document.path):\(block.line): exit status \(status), expected \(example.status)")
      try GoldenFile("cli/\(example.name).txt").verify(text)
      results.append((block, example, text))
    }
    if GoldenFile.isRecording {
      // Rewrite from the end so earlier blocks' line ranges stay valid.
      for (block, _, actual) in results.reversed() {
        var content = actual.components(separatedBy: "\n")
        if content.last == "" { content.removeLast() }
        let commandLine = document.lines[block.contentRange.lowerBound]
        rewritten.replaceSubrange(block.contentRange, with: [commandLine] + content)
      }
      let url = FixtureFolder.packageRoot.appendingPathComponent(document.path)
      try Data(rewritten.joined(separator: "\n").utf8).write(to: url)
      return
    }
    for (block, example, actual) in results {
      #expect(
        example.shownOutput == actual,
        """
        \(document.path):\(block.line): the output shown differs from what 'folio' prints \
        (Fixtures/cli/\(example.name).txt). Re-record with FOLIO_RECORD_GOLDEN=1.
        """)
    }
  }

  /// Runs `command` in `bash` in `directory`, standard error after standard output, with git's
  /// identity and dates fixed so its output is the same on every run.
  static func shell(_ command: String, in directory: String) throws -> (Int32, String) {
    let fixed: [String: String?] = [
      "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "LC_ALL": "C",
      "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada",
      "GIT_COMMITTER_EMAIL": "ada@example.com", "GIT_AUTHOR_DATE": "2026-11-23T12:00:00Z",
      "GIT_COMMITTER_DATE": "2026-11-23T12:00:00Z", "GIT_PAGER": "cat", "NO_COLOR": "1",
    ]
    let result = try ChildProcess.run("/bin/bash", ["-c", command + " 2>&1"], in: directory, environment: fixed)
    return (result.status, result.output)
  }

  @Test func shellWordsFollowQuotesAndEscapes() {
    #expect(
      ShellSplit.words(#"folio query --where "active == true" --sort -id 'a b' c\ d"#)
        == ["folio", "query", "--where", "active == true", "--sort", "-id", "a b", "c d"])
  }
}

/// A console block that cannot be run as written.
struct ExampleError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
