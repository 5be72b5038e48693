import Folio
import FolioTestSupport
import Foundation
import Testing

/// `folio setup` and `folio doctor` run as processes on real clones: a set-up that cannot
/// silently fail, and a doctor that names what would.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct SetupDoctorGitTests {
  typealias Diff = DiffCommandGitTests

  @Test func aFreshCloneIsDiagnosedThenSetUpSoThatGitRunsTheDriversWithoutPATH() throws {
    let repository = try Diff.repository()  // .gitattributes from folio: merge=folio, no config
    defer { repository.remove() }
    let before = try Diff.folio(["doctor", "--store", "company.folio"], in: repository, status: 1)
    #expect(before.output.contains("problem: shard files are marked merge=folio but git has no merge.folio.driver: git silently merges them line by line"), "\(before.output)")
    #expect(before.output.hasSuffix("company.folio: 1 problem.\n"))
    let setup = try Diff.folio(["setup", "--store", "company.folio", "--hook"], in: repository).output
    let folio = try FolioBinaryTests.executable().resolvingSymlinksInPath().path
    #expect(setup.contains("  git config merge.folio.driver \"'\(folio)' merge-driver %O %A %B %P\"\n"), "\(setup)")
    #expect(try repository.read("company.folio/.gitattributes").hasSuffix("* text eol=lf\n*/*.json merge=folio diff=folio\n"))
    #expect(try repository.git("config", "--get", "diff.folio.command") == "'\(folio)' diff-driver\n")
    let after = try Diff.folio(["doctor", "--store", "company.folio"], in: repository)
    #expect(after.output.contains("ok: the merge driver runs \(folio)\n") && after.output.contains("ok: the diff driver runs \(folio)\n"))
    #expect(after.output.contains("ok: the pre-commit hook runs 'folio check'"))
    #expect(after.output.hasSuffix("company.folio: git is set up for Folio.\n"))
    // Run again: nothing to add to .gitattributes.
    let again = try Diff.folio(["setup", "--store", "company.folio"], in: repository).output
    #expect(!again.contains(".gitattributes"))
    try repository.commitAll("Set up")
    // git merges adjacent fields of one record with the driver, by its absolute path: PATH has
    // no folio here.
    let shard = "company.folio/Employee/0000000000000000.json"
    try repository.git("checkout", "-q", "-b", "left")
    try repository.write(try repository.read(shard).replacingOccurrences(of: "\"Grace Hopper\"", with: "\"Grace B. Hopper\""), to: shard)
    try repository.commitAll("Left")
    try repository.git("checkout", "-q", "main")
    try repository.write(try repository.read(shard).replacingOccurrences(of: "\"grace@example.com\"", with: "\"gbh@example.com\""), to: shard)
    try repository.commitAll("Right")
    let merge = try GitRepository.run(["merge", "--no-edit", "left"], in: repository.path)
    #expect(merge.status == 0, "\(merge.combined)")
    let merged = try repository.read(shard)
    #expect(merged.contains("\"Grace B. Hopper\"") && merged.contains("\"gbh@example.com\""))
  }

  @Test func theHookRefusesACommitOfAStoreThatDoesNotValidate() throws {
    let repository = try Diff.repository()
    defer { repository.remove() }
    _ = try Diff.folio(["setup", "--store", "company.folio", "--hook"], in: repository)
    let shard = "company.folio/Employee/0000000000000000.json"
    try repository.write(try repository.read(shard).replacingOccurrences(of: "\"salary\": 52000.5", with: "\"salary\": \"lots\""), to: shard)
    try repository.git("add", "-A")
    let commit = try repository.run("commit", "-q", "-m", "A bad edit")
    #expect(commit.status != 0)
    #expect(commit.combined.contains("company.folio/Employee/0000000000000000.json:"), "\(commit.combined)")
    // A hook Folio did not write is left alone, and the command says so.
    try repository.write("#!/bin/sh\nexit 0\n", to: ".git/hooks/pre-commit")
    let refused = try Diff.folio(["setup", "--store", "company.folio", "--hook"], in: repository, status: 1)
    #expect(refused.errors.contains("a pre-commit hook that Folio did not write is already there"), "\(refused.errors)")
    #expect(try repository.read(".git/hooks/pre-commit") == "#!/bin/sh\nexit 0\n")
  }

  @Test func aDriverThatCannotRunIsAProblem() throws {
    let repository = try Diff.repository()
    defer { repository.remove() }
    try repository.git("config", "merge.folio.driver", "folio-not-installed merge-driver %O %A %B %P")
    let doctor = try Diff.folio(["doctor", "--store", "company.folio", "--json"], in: repository, status: 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(doctor.output.utf8)) as? [String: Any])
    #expect(object["ok"] as? Bool == false)
    let messages = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    #expect(messages.contains("merge.folio.driver is 'folio-not-installed merge-driver %O %A %B %P', whose program cannot be run here; run 'folio setup --store company.folio'"), "\(messages)")
  }
}
