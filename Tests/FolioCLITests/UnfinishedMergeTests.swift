import FolioTestSupport
import Foundation
import Testing

/// An unfinished git merge of store files (issue 31, defect 10): a merge driver that could not
/// run leaves a conflict with no markers, which `check` must report and writers must refuse.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct UnfinishedMergeTests {
  /// A repository whose branches `left` and `right` change the same shard, with the `folio`
  /// driver registered as a command that does not exist, merged: git reports a conflict and
  /// leaves `left`'s shard in the working tree, without markers.
  static func failedDriverMerge() throws -> GitRepository {
    let repository = try MergeDriverGitTests.repository()
    try repository.git("config", "merge.folio.driver", "folio-that-is-not-installed merge-driver %O %A %B %P")
    var left = MergeDriverGitTests.original
    left[0].name = "Ada Lovelace"
    try MergeDriverGitTests.branch("left", left, in: repository)
    var right = MergeDriverGitTests.original
    right[2].salary = 350.0
    try MergeDriverGitTests.branch("right", right, in: repository)
    try repository.git("checkout", "-q", "left")
    let merge = try GitRepository.run(["merge", "-q", "--no-edit", "right"], in: repository.path)
    #expect(merge.status != 0, "\(merge.combined)")
    #expect(try !repository.read(MergeDriverGitTests.shard).contains("<<<<<<<"))
    return repository
  }

  @Test func checkReportsAFileAFailedDriverLeftUnmerged() throws {
    let repository = try Self.failedDriverMerge()
    defer { repository.remove() }
    let check = try FolioBinaryTests.run(["check", "--store", "company.folio"], in: repository.path)
    #expect(check.status == 1, "\(check.output)\(check.errors)")
    #expect(
      check.output.contains(
        "company.folio/Employee/0a1b2c3d4e5f6789.json: unmerged in git: a git merge is in progress and git has not recorded this file as resolved"),
      "\(check.output)")
    #expect(!check.output.contains("no problems"))
  }

  @Test func writersRefuseAStoreWithAnUnmergedFile() throws {
    let repository = try Self.failedDriverMerge()
    defer { repository.remove() }
    let before = try repository.read(MergeDriverGitTests.shard)
    let sync = try FolioBinaryTests.run(
      ["sync", "--store", "company.folio", "--entity", "Employee", "--no-delete", "-"], in: repository.path,
      input: #"[{"id": 9, "fullName": "Alan", "salary": 1.0, "active": true}]"#)
    #expect(sync.status == 1, "\(sync.output)\(sync.errors)")
    #expect(sync.errors.contains("[unfinishedMerge]"), "\(sync.errors)")
    #expect(try repository.read(MergeDriverGitTests.shard) == before)
  }

  @Test func aResolvedMergeIsNoProblem() throws {
    let repository = try Self.failedDriverMerge()
    defer { repository.remove() }
    try repository.git("add", MergeDriverGitTests.shard)
    let check = try FolioBinaryTests.run(["check", "--store", "company.folio"], in: repository.path)
    #expect(!check.output.contains("unmerged in git"), "\(check.output)")
  }
}
