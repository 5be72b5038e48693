import FolioTestSupport
import Foundation
import Testing

@Suite struct GoldenFileTests {
  @Test func recordModeWritesTheFileAndCompareModeChecksIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let golden = GoldenFile("nested/out.txt", in: FixtureRoot(url: directory.url))
    #expect(throws: GoldenMismatch.self) { try golden.verify("a\n", recording: false) }
    try golden.verify("a\nb\n", recording: true)
    #expect(golden.read() == "a\nb\n")
    try golden.verify("a\nb\n", recording: false)
    #expect {
      try golden.verify("a\nc\n", recording: false)
    } throws: { error in
      let mismatch = error as? GoldenMismatch
      return mismatch?.line == 2 && mismatch?.expected == "b" && mismatch?.actual == "c"
    }
    #expect(golden.read() == "a\nb\n")
  }

  @Test func aMissingFileSaysSoAndShowsTheOutput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect {
      try GoldenFile("none.txt", in: FixtureRoot(url: directory.url)).verify("out\n", recording: false)
    } throws: { error in
      String(describing: error).hasPrefix(
        directory.url.appendingPathComponent("none.txt").path
          + ": output differs from the golden file. The golden file does not exist yet.\n  actual output:\nout\n"
      )
    }
  }

  @Test func fixtureFoldersListTheirSubfoldersSorted() throws {
    #expect(FixtureFolder.folders(under: "company/scenarios").first == "day-2")
    #expect(throws: FixtureError.self) { try FixtureFolder("no-such-fixture") }
    #expect(try FixtureFolder("company").contains("schema.json"))
  }
}
