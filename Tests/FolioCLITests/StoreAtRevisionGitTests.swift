import Folio
import FolioTestSupport
import Foundation
import Testing

/// `--at REV` on `query`, `export`, `inspect` and `check`, run as processes on real
/// repositories: the store as it was, read from git's objects, with the working tree, the index
/// and the branch left exactly as they were.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct StoreAtRevisionGitTests {
  typealias Diff = DiffCommandGitTests

  /// `git status --porcelain` and the bytes of every store file: what must not change.
  static func snapshot(_ repository: GitRepository) throws -> String {
    var text = try repository.git("status", "--porcelain", "--untracked-files=all")
    let store = repository.path + "/company.folio"
    for file in (FileManager.default.subpaths(atPath: store) ?? []).sorted() where !file.hasPrefix(".folio") {
      text += file + ":" + ((try? String(contentsOfFile: store + "/" + file, encoding: .utf8)) ?? "(folder)")
    }
    return text + (try repository.git("rev-parse", "HEAD", "--abbrev-ref", "HEAD"))
  }

  @Test func readingCommandsSeeTheStoreAsItWasAndTouchNothing() throws {
    let repository = try Diff.repository()
    defer { repository.remove() }
    try Diff.folio(Diff.sync("Employee", "day-2.json"), in: repository)
    try repository.commitAll("Day 2")
    // Uncommitted work in progress that must survive.
    try Diff.folio(["rename", "--store", "company.folio", "--entity", "Department", "--from", "5", "--to", "50"], in: repository)
    let before = try Self.snapshot(repository)
    let query = ["query", "--store", "company.folio", "--entity", "Employee", "--where", "id == 7"]
    let then = try Diff.folio(query + ["--at", "HEAD~1"], in: repository).output
    #expect(then.contains(#""fullName":"Margaret Hamilton""#))
    #expect(try Diff.folio(query + ["--at", "HEAD"], in: repository).output.isEmpty)  // deleted on day 2
    let departments = try Diff.folio(["export", "--store", "company.folio", "--entity", "Department", "--at", "main"], in: repository).output
    #expect(departments.contains("\"id\": 5") && !departments.contains("\"id\": 50"))
    let inspect = try Diff.folio(["inspect", "--store", "company.folio", "--at", "HEAD~1", "--entity", "Employee", "--record", "7"], in: repository).output
    #expect(inspect == "Employee 7: company.folio/Employee/0000000000000000.json:56 (at /6)\n")
    #expect(try Diff.folio(["check", "--store", "company.folio", "--at", "HEAD~1"], in: repository).output.hasPrefix("company.folio: no problems (2 entities, 24 records"))
    #expect(try Self.snapshot(repository) == before)
  }

  @Test func aRevisionBeforeASchemaChangeIsReadWithItsOwnSchema() throws {
    let repository = try Diff.repository()
    defer { repository.remove() }
    var schema = try repository.read("Fixtures/company/schema.json")
    schema = schema.replacingOccurrences(
      of: #"{ "name": "name", "type": "string", "optional": true }"#,
      with: #"{ "name": "name", "type": "string", "optional": true }, { "name": "floor", "type": "int", "optional": true }"#)
    try repository.write(schema, to: "Fixtures/company/schema.json")
    try repository.write(#"[{"id": 4, "floor": 3}]"#, to: "departments.json")
    try Diff.folio(["sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity", "Department", "--no-delete", "departments.json"], in: repository)
    try repository.commitAll("Departments get floors")
    let now = try Diff.folio(["query", "--store", "company.folio", "--entity", "Department", "--where", "floor == 3"], in: repository)
    #expect(now.output.contains("\"floor\":3"))
    // The old schema has no `floor`: the query is refused for what it names, not for the store.
    let then = try Diff.folio(["query", "--store", "company.folio", "--entity", "Department", "--where", "floor == 3", "--at", "HEAD~1"], in: repository, status: 1)
    #expect(then.errors.contains("floor"), "\(then.errors)")
    let export = try Diff.folio(["export", "--store", "company.folio", "--entity", "Department", "--at", "HEAD~1"], in: repository).output
    #expect(!export.contains("floor"))
  }

  @Test func aBrokenRevisionIsCheckedAndNothingIsEverWritten() throws {
    let repository = try Diff.repository()
    defer { repository.remove() }
    let shard = "company.folio/Employee/0000000000000000.json"
    let good = try repository.read(shard)
    try repository.write(good.replacingOccurrences(of: "\"salary\": 52000.5", with: "\"salary\": \"lots\""), to: shard)
    try repository.commitAll("A bad hand edit")
    try repository.write(good, to: shard)
    try repository.commitAll("Fixed")
    let check = try Diff.folio(["check", "--store", "company.folio", "--at", "HEAD~1"], in: repository, status: 1)
    #expect(check.output.contains("company.folio/Employee/0000000000000000.json:"), "\(check.output)")
    #expect(check.output.hasSuffix("company.folio: 1 problem.\n"), "\(check.output)")
    let fix = try Diff.folio(["check", "--store", "company.folio", "--at", "HEAD~1", "--fix"], in: repository, status: 1)
    #expect(fix.errors == "error: --at reads the store as it was at a revision; it cannot be given with --fix. [invalidValue]\n")
    #expect(try Diff.folio(["check", "--store", "company.folio", "--at", "HEAD"], in: repository).output.hasPrefix("company.folio: no problems"))
  }

  @Test func aRevisionWithoutTheStoreOrWithALinkInItIsRefusedOrLeftOut() throws {
    let repository = try Diff.repository()
    defer { repository.remove() }
    try repository.write("first\n", to: "README")
    try repository.git("add", "README")
    try repository.git("commit", "-q", "-m", "Readme")
    // An orphan history without the store.
    try repository.git("checkout", "-q", "--orphan", "empty")
    try repository.git("rm", "-q", "-r", "--cached", ".")
    try repository.git("commit", "-q", "--allow-empty", "-m", "Nothing")
    try repository.git("checkout", "-q", "-f", "main")
    let missing = try Diff.folio(["inspect", "--store", "company.folio", "--at", "empty"], in: repository, status: 1)
    #expect(missing.errors.hasPrefix("company.folio: error: There is no store at 'company.folio' in empty"), "\(missing.errors)")
    // A link committed into the store's entity folder, pointing outside the repository.
    let secret = repository.path + "/../folio-at-secret-\(UUID().uuidString).json"
    try #"[{"id": 99, "fullName": "SECRET", "salary": 1.0}]"#.write(toFile: secret, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: secret) }
    try FileManager.default.createSymbolicLink(
      atPath: repository.path + "/company.folio/Employee/1000000000000000.json", withDestinationPath: secret)
    try repository.commitAll("A link")
    try FileManager.default.removeItem(atPath: repository.path + "/company.folio/Employee/1000000000000000.json")
    let export = try Diff.folio(["export", "--store", "company.folio", "--entity", "Employee", "--at", "HEAD"], in: repository)
    #expect(!export.output.contains("SECRET"))
    #expect(export.errors.contains("HEAD:company.folio/Employee/1000000000000000.json: not a regular file in git (a link or a submodule); left out"))
  }
}
