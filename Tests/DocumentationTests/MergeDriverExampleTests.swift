@testable import FolioCLI
import FolioTestSupport
import Foundation
import Testing

/// The merged file Documentation/CommandLine.md shows under `folio merge-driver` is what the
/// command of the console block before it writes: a block marked `<!-- merged: DIR -->` must
/// equal `DIR/ours.json` after that command ran.
@Suite struct MergeDriverExampleTests {
  @Test func theMergedFileShownIsWhatTheDriverWrites() throws {
    let document = try MarkdownDocument(path: "Documentation/CommandLine.md")
    let index = try #require(
      document.blocks.firstIndex { $0.marker?.hasPrefix("merged:") == true },
      "Documentation/CommandLine.md has no block marked <!-- merged: DIR -->")
    let block = document.blocks[index]
    let folder = String(try #require(block.marker).dropFirst("merged:".count))
      .trimmingCharacters(in: .whitespaces)
    let command = try #require(
      document.blocks[..<index].last { $0.language == "console" }?.lines.first)
    let arguments = Array(ShellSplit.words(String(command.dropFirst("$ ".count))).dropFirst())
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FixtureFolder("company").copy(into: directory.url, at: "Fixtures/company")
    let store = directory.url.appendingPathComponent("company.folio")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: FixtureFolder.packageRoot.appendingPathComponent("Fixtures/company/schema.json"),
      to: store.appendingPathComponent("schema.json"))
    let errors = CapturedOutput()
    let console = Console(
      standardOutput: CapturedOutput(), standardError: errors, currentDirectory: directory.path)
    let status = FolioCommand.run(arguments, console: console)
    #expect(status == 1, "\(errors.text)")
    let written = try String(
      contentsOf: directory.url.appendingPathComponent(folder + "/ours.json"), encoding: .utf8)
    #expect(
      written == block.lines.joined(separator: "\n") + "\n",
      """
      Documentation/CommandLine.md:\(block.line): the merged file shown differs from what \
      'folio merge-driver' writes; paste this instead:
      \(written)
      """)
  }
}
