import Foundation
import FolioTestSupport
import Testing

@testable import Folio

/// The messages of failed file operations: what the error number means, with advice that fits.
@Suite struct StoreFilesTests {
  @Test func readingADirectorySaysADirectoryIsWhereAFileWasExpected() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/0.json"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let error = try #require(throws: StoreError.self) { try StoreFiles.readFile(path) }
    #expect(
      error.description
        == "\(path): error: could not read '\(path)': Is a directory; a directory is where a file was expected; move the directory away [ioFailure]"
    )
  }

  @Test(arguments: [
    (ENOSPC, "No space left on device; the disk (or your quota) is full; free some space and try again"),
    (EDQUOT, "Disk quota exceeded; the disk (or your quota) is full; free some space and try again"),
    (EACCES, "Permission denied; permission was refused; check the permissions of the file and of its directory"),
    (EROFS, "Read-only file system; the file system is read-only; use a store on a writable file system"),
    (ENOTDIR, "Not a directory; a file is where a directory was expected in the path; move the file away"),
    (EMFILE, "Too many open files; too many files are open; raise the limit (ulimit -n) or close other programs"),
    (EIO, "Input/output error; the device reported an input/output error; check the disk"),
    (EXDEV, "Invalid cross-device link; check that the disk has space and the directory is writable"),
  ])
  func eachErrorNumberGetsAdviceThatFitsIt(_ code: Int32, _ explanation: String) {
    let error = StoreFiles.failure("write", "/s/Item/0.json", code: code)
    #expect(error.description == "/s/Item/0.json: error: could not write '/s/Item/0.json': \(explanation) [ioFailure]")
  }

  @Test func aSyncedWriteIsReadBackAndAFullSyncOfAClosedDescriptorFails() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/0.json"
    try StoreFiles.writeFile(Array("[1]\n".utf8), to: path, sync: true)
    try StoreFiles.syncPath(path)
    try StoreFiles.syncPath(directory.path)
    #expect(try StoreFiles.readFile(path) == Array("[1]\n".utf8))
    // A descriptor that is not open: F_FULLFSYNC (on Darwin) and the fsync fallback both fail.
    #expect(StoreFiles.fullSync(-1) == -1)
    #expect(errno == EBADF)
  }
}
