import FolioTestSupport
import Foundation
import Testing

@testable import FolioCLI

/// ``GitBlobReader`` against `git hash-object -w`: blobs of every size come back byte for byte,
/// in any order and repeated, across the reader's buffer refills.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct GitBlobReaderTests {
  @Test func blobsOfEverySizeComeBackExactly() throws {
    let repository = try GitRepository()
    defer { repository.remove() }
    var generator = SeededGenerator(seed: 7)
    var blobs: [(object: String, bytes: [UInt8])] = []
    for size in [0, 1, 65_535, 65_536, 65_537, 3_000_000, 10] {
      let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
      try Data(bytes).write(to: URL(fileURLWithPath: repository.path + "/blob"))
      let object = try repository.git("hash-object", "-w", "blob").trimmingCharacters(in: .newlines)
      blobs.append((object, bytes))
    }
    let reader = try GitBlobReader(git: GitRunner(directory: repository.path))
    defer { reader.close() }
    for (object, bytes) in blobs + blobs.reversed() + blobs {
      #expect(try reader.blob(object) == bytes)
    }
    #expect(try reader.blob(String(repeating: "1", count: 40)) == nil)
    #expect(try reader.blob(blobs[5].object) == blobs[5].bytes)
  }
}
