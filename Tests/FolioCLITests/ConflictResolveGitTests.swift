import Folio
import FolioTestSupport
import Foundation
import Testing

/// `folio conflicts` and `folio resolve` run as processes after real conflicted `git merge`s:
/// with Folio's merge driver, with git's own line merge, and with a driver that could not run.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct ConflictResolveGitTests {
  typealias Diff = DiffCommandGitTests
  static let shard = "company.folio/Employee/0000000000000000.json"

  /// A company store from day 1 on `main`, in a repository whose merge driver is `driver`
  /// (`nil`: none, git merges lines).
  static func repository(driver: String? = "merge-driver %O %A %B %P") throws -> GitRepository {
    let repository = try GitRepository()
    if let driver {
      let folio = try FolioBinaryTests.executable().path
      try repository.git("config", "merge.folio.driver", driver == "false" ? "false" : "'\(folio)' \(driver)")
    }
    try FixtureFolder("company").copy(into: URL(fileURLWithPath: repository.path), at: "Fixtures/company")
    try Diff.folio(Diff.sync("Employee", "day-1.json", schema: true), in: repository)
    if driver == nil {
      try repository.write("* text eol=lf\n", to: "company.folio/.gitattributes")
    }
    try repository.commitAll("Day 1")
    return repository
  }

  /// Commits `edits` (replacements in the Employee shard) on `branch`, made from `main`.
  static func branch(_ branch: String, _ edits: [(String, String)], in repository: GitRepository) throws {
    try repository.git("checkout", "-q", "-B", branch, "main")
    var text = try repository.read(shard)
    for (old, new) in edits {
      #expect(text.contains(old), "\(old) is not in the shard")
      text = text.replacingOccurrences(of: old, with: new)
    }
    try repository.write(text, to: shard)
    try repository.commitAll("Edits on \(branch)")
  }

  /// The records of the Employee shard in the working tree, by identifier.
  static func employees(_ repository: GitRepository) throws -> [Int64: JSONObject] {
    guard case .array(let items) = try JSONParser.parse(Array(try repository.read(shard).utf8)) else { return [:] }
    var records: [Int64: JSONObject] = [:]
    for case .object(let record) in items { if let id = record["id"]?.intValue { records[id] = record } }
    return records
  }

  /// Two branches: ours renames Grace two ways from theirs (a conflict), each also changes a
  /// field of another record (merged cleanly), and theirs deletes Edsger (id 4) while ours
  /// raises him (a conflict). `main` is left at ours, merging `theirs`.
  static func conflictedMerge(_ repository: GitRepository) throws -> GitRepository.Result {
    try branch("theirs", [("\"Grace Hopper\"", "\"Grace B. Hopper\""), ("\"Alan Turing\"", "\"Alan M. Turing\"")], in: repository)
    var text = try repository.read(shard)
    // Theirs deletes employee 4 as a sync would: its whole record.
    let records = try employees(repository).values.filter { $0["id"] != .int(4) }.sorted { ($0["id"]?.intValue ?? 0) < ($1["id"]?.intValue ?? 0) }
    text = String(decoding: JSONWriter.prettyBytes(ofObjects: records), as: UTF8.self)
    try repository.write(text, to: shard)
    try repository.commitAll("Edsger leaves on theirs")
    try repository.git("checkout", "-q", "main")
    let salary4 = try #require(try employees(repository)[4]?["salary"]).description
    try branch("ours", [("\"Grace Hopper\"", "\"Rear Admiral Hopper\""), ("\"salary\": \(salary4)", "\"salary\": 99999.0"), ("\"Ada Lovelace\"", "\"Ada King\"")], in: repository)
    return try repository.run("merge", "--no-edit", "theirs")
  }

  @Test func aConflictedMergeIsListedAndResolvedEntirelyWithFolioResolve() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let merge = try Self.conflictedMerge(repository)
    #expect(merge.status == 1)
    let listed = try Diff.folio(["conflicts", "--store", "company.folio"], in: repository).output
    let lines = listed.split(separator: "\n").map(String.init)
    #expect(lines.count == 5, "\(listed)")
    #expect(lines[0].hasPrefix("company.folio/Employee/0000000000000000.json:") && lines[0].hasSuffix(": Employee 2"))
    #expect(lines[1] == #"    fullName: ours "Rear Admiral Hopper" · theirs "Grace B. Hopper" · base "Grace Hopper""#)
    #expect(lines[2].hasSuffix(": Employee 4: deleted in theirs, changed in ours"))
    #expect(lines[3].hasPrefix("    salary: ours 99999.0 · theirs (none) · base "))
    #expect(lines[4].hasPrefix("2 conflicts in 1 file"))
    // A conflict that does not exist: refused, nothing written.
    let before = try repository.read(Self.shard)
    let none = try Diff.folio(["resolve", "--store", "company.folio", "Employee:3", "--ours"], in: repository, status: 1)
    #expect(none.errors.contains("Employee 3 is not in conflict"), "\(none.errors)")
    let wrongLevel = try Diff.folio(["resolve", "--store", "company.folio", "Employee:4.salary", "--ours"], in: repository, status: 1)
    #expect(wrongLevel.errors.contains("was deleted in theirs and changed in the other"), "\(wrongLevel.errors)")
    #expect(try repository.read(Self.shard) == before)
    // One at a time: the other keeps its markers and nothing is staged.
    let first = try Diff.folio(["resolve", "--store", "company.folio", "Employee:2.fullName", "--theirs"], in: repository).output
    #expect(first == "Resolved Employee 2.fullName with theirs.\n1 conflict left; 'folio conflicts --store company.folio' lists them.\n")
    #expect(try repository.read(Self.shard).contains("<<<<<<< ours"))
    #expect(try repository.git("ls-files", "-u").contains("0000000000000000.json"))
    let second = try Diff.folio(["resolve", "--store", "company.folio", "Employee:4", "--ours"], in: repository).output
    #expect(second.hasSuffix("No conflicts left; staged company.folio/Employee/0000000000000000.json. Commit to finish the merge.\n"))
    // Every edit of both sides is there: the chosen ones, and the ones git and the driver merged.
    let employees = try Self.employees(repository)
    #expect(employees[2]?["fullName"] == "Grace B. Hopper")
    #expect(employees[4]?["salary"] == .double(99999.0))
    #expect(employees[1]?["fullName"] == "Ada King")
    #expect(employees[3]?["fullName"] == "Alan M. Turing")
    #expect(try repository.git("ls-files", "-u").isEmpty)
    try repository.git("commit", "-q", "--no-edit")
    #expect(try Diff.folio(["check", "--store", "company.folio"], in: repository).output.hasPrefix("company.folio: no problems"))
    #expect(try repository.read(Self.shard) == String(decoding: JSONWriter.prettyBytes(ofObjects: employees.keys.sorted().compactMap { employees[$0] }), as: UTF8.self))
  }

  @Test func resolveAllKeepsTheOtherSidesMergedEditsWhereGitCheckoutOursDropsThem() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    _ = try Self.conflictedMerge(repository)
    let result = try Diff.folio(["resolve", "--store", "company.folio", "--all", "--ours"], in: repository).output
    #expect(result.hasPrefix("Resolved 2 conflicts with ours.\nNo conflicts left; staged"))
    let employees = try Self.employees(repository)
    #expect(employees[2]?["fullName"] == "Rear Admiral Hopper")
    #expect(employees[4]?["salary"] == .double(99999.0))
    // Theirs' edit of another record survives (git checkout --ours would lose it).
    #expect(employees[3]?["fullName"] == "Alan M. Turing")
    #expect(employees[1]?["fullName"] == "Ada King")
    try repository.git("commit", "-q", "--no-edit")
    // The same merge with --theirs deletes Edsger.
    try repository.git("reset", "-q", "--hard", "HEAD~1")
    _ = try repository.run("merge", "--no-edit", "theirs")
    _ = try Diff.folio(["resolve", "--store", "company.folio", "--all", "--theirs"], in: repository)
    let theirs = try Self.employees(repository)
    #expect(theirs[4] == nil && theirs[2]?["fullName"] == "Grace B. Hopper" && theirs[1]?["fullName"] == "Ada King")
  }

  @Test func gitsOwnLineMergeIsReadAndResolvedToo() throws {
    let repository = try Self.repository(driver: nil)
    defer { repository.remove() }
    // Adjacent lines changed on both sides: git's line merge puts both in one hunk.
    try Self.branch("theirs", [("\"Grace Hopper\"", "\"Grace B. Hopper\""), ("\"email\": \"grace@example.com\"", "\"email\": \"gbh@example.com\"")], in: repository)
    try Self.branch("ours", [("\"Grace Hopper\"", "\"Rear Admiral Hopper\"")], in: repository)
    let merge = try repository.run("merge", "--no-edit", "theirs")
    #expect(merge.status == 1)
    let json = try Diff.folio(["conflicts", "--store", "company.folio", "--json"], in: repository).output
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["conflicts"] as? Int == 1)
    let files = try #require(object["files"] as? [[String: Any]])
    let conflict = try #require((files.first?["conflicts"] as? [[String: Any]])?.first)
    let fields = (conflict["fields"] as? [[String: Any]])?.compactMap { $0["field"] as? String }
    // Git's hunk holds both lines; read as records, the email differs too: both are listed.
    #expect(fields == ["email", "fullName"], "\(json)")
    _ = try Diff.folio(["resolve", "--store", "company.folio", "Employee:2.fullName", "--ours"], in: repository)
    _ = try Diff.folio(["resolve", "--store", "company.folio", "Employee:2.email", "--theirs"], in: repository)
    let employees = try Self.employees(repository)
    #expect(employees[2]?["fullName"] == "Rear Admiral Hopper" && employees[2]?["email"] == "gbh@example.com")
    #expect(try repository.git("ls-files", "-u").isEmpty)
  }

  @Test func aFileGitLeftWithoutMarkersIsMergedAgainFromItsThreeVersions() throws {
    // A driver that fails without writing anything: git leaves our version, unmerged.
    let repository = try Self.repository(driver: "false")
    defer { repository.remove() }
    _ = try Self.conflictedMerge(repository)
    #expect(!(try repository.read(Self.shard).contains("<<<<<<<")))
    let listed = try Diff.folio(["conflicts", "--store", "company.folio"], in: repository).output
    #expect(listed.hasPrefix("company.folio/Employee/0000000000000000.json: Employee 2\n"), "\(listed)")
    #expect(listed.contains("2 conflicts in 1 file"))
    _ = try Diff.folio(["resolve", "--store", "company.folio", "--all", "--theirs"], in: repository)
    let employees = try Self.employees(repository)
    // Theirs' clean edit, lost from the file git left, is back.
    #expect(employees[3]?["fullName"] == "Alan M. Turing" && employees[1]?["fullName"] == "Ada King" && employees[4] == nil)
  }

  @Test func aValueThatDoesNotValidateIsWrittenButNotStaged() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    _ = try Self.conflictedMerge(repository)
    _ = try Diff.folio(["resolve", "--store", "company.folio", "Employee:4", "--ours"], in: repository)
    let bad = try Diff.folio(["resolve", "--store", "company.folio", "Employee:2.fullName", "--value", "42"], in: repository, status: 1)
    #expect(bad.errors.contains("no conflicts left, but the store does not validate, so nothing was staged"), "\(bad.errors)")
    #expect(try repository.git("ls-files", "-u").contains("0000000000000000.json"))
    let refused = try Diff.folio(["resolve", "--store", "company.folio", "--all", "--value", "1"], in: repository, status: 1)
    #expect(refused.errors.contains("--all takes --ours, --theirs or --base, not --value."))
    let two = try Diff.folio(["resolve", "--store", "company.folio", "Employee:2", "--ours", "--theirs"], in: repository, status: 1)
    #expect(two.errors.contains("Give exactly one of --ours, --theirs, --base and --value."))
  }

  @Test func aLinkedFolderInTheWorkingTreeIsNeverWrittenThrough() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    _ = try Self.conflictedMerge(repository)
    // The entity folder swapped for a link to a folder outside the repository that holds a
    // copy of the conflicted file.
    let outside = try TemporaryDirectory(prefix: "folio-outside")
    defer { outside.remove() }
    let folder = repository.path + "/company.folio/Employee"
    let copy = outside.path + "/0000000000000000.json"
    try FileManager.default.copyItem(atPath: folder + "/0000000000000000.json", toPath: copy)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    try FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: outside.path)
    let result = try Diff.folio(["resolve", "--store", "company.folio", "--all", "--ours"], in: repository, status: 1)
    #expect(result.errors.contains("is a link or not a regular file in the working tree; nothing was written"), "\(result.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    #expect(try repository.git("ls-files", "-u").contains("0000000000000000.json"))
  }

  /// Rewrites the shard `path` with `edit` applied to its records, canonical.
  static func editRecords(_ path: String, in repository: GitRepository, _ edit: ([JSONObject]) -> [JSONObject]) throws {
    guard case .array(let items) = try JSONParser.parse(Array(try repository.read(path).utf8)) else { return }
    let records = edit(items.compactMap(\.objectValue))
    try repository.write(String(decoding: JSONWriter.prettyBytes(ofObjects: records), as: UTF8.self), to: path)
  }

  /// One branch deletes department 4 (its employees lose the link, as Folio does), the other
  /// moves employee 3 into it: git merges both files cleanly, and employee 3 links a department
  /// that does not exist.
  static func danglingMerge(_ repository: GitRepository) throws {
    let departments = "company.folio/Department/0000000000000000.json"
    try repository.git("checkout", "-q", "-B", "close", "main")
    try editRecords(departments, in: repository) { $0.filter { $0["id"] != .int(4) } }
    try editRecords(Self.shard, in: repository) { records in
      records.map { record in
        var record = record
        if record["department"] == .int(4) { record["department"] = nil }
        return record
      }
    }
    try repository.commitAll("Department 4 closes")
    try repository.git("checkout", "-q", "-B", "move", "main")
    try editRecords(Self.shard, in: repository) { records in
      records.map { record in
        var record = record
        if record["id"] == .int(3) { record["department"] = .int(4) }
        return record
      }
    }
    try repository.commitAll("Employee 3 moves to department 4")
    let merge = try repository.run("merge", "--no-edit", "close")
    #expect(merge.status == 0, "\(merge.combined)")
  }

  @Test func aLinkToARecordTheOtherBranchDeletedIsListedAndSettledByTheRule() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    try Self.danglingMerge(repository)
    // The store no longer opens; folio conflicts says why and what --dangling does.
    try Diff.folio(["query", "--store", "company.folio", "--entity", "Employee", "--count"], in: repository, status: 1)
    let listed = try Diff.folio(["conflicts", "--store", "company.folio", "--exit-code"], in: repository, status: 1).output
    #expect(listed.contains(": Employee 3.department links Department 4, which does not exist; --dangling removes the link (nullify)\n"), "\(listed)")
    #expect(listed.hasSuffix("1 link to records that do not exist; settle with 'folio resolve --store company.folio --dangling', or ENTITY:ID.FIELD --value JSON.\n"))
    // CommandLine.md shows this listing.
    let document = try String(contentsOf: FixtureFolder.packageRoot.appendingPathComponent("Documentation/CommandLine.md"), encoding: .utf8)
    #expect(document.contains("```text\n" + listed + "```\n"), "\(listed)")
    // Relinked by hand to another department: the store opens again and is staged.
    let relinked = try Diff.folio(["resolve", "--store", "company.folio", "Employee:3.department", "--value", "2"], in: repository).output
    #expect(relinked == "Relinked Employee 3.department to 2.\nThe store validates; its changed files are staged.\n")
    #expect(try Self.employees(repository)[3]?["department"] == .int(2))
    #expect(try Diff.folio(["check", "--store", "company.folio"], in: repository).output.hasPrefix("company.folio: no problems"))
  }

  @Test func danglingSettlesEveryLinkByItsInversesDeleteRule() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    try Self.danglingMerge(repository)
    let settled = try Diff.folio(["resolve", "--store", "company.folio", "--dangling"], in: repository).output
    #expect(settled == "Settled: removed the link Employee 3.department → Department 4 (nullify)\nThe store validates; its changed files are staged.\n")
    let employee = try #require(try Self.employees(repository)[3])
    #expect(employee["department"] == nil && employee["fullName"] != nil)
    #expect(try Diff.folio(["conflicts", "--store", "company.folio"], in: repository).output == "No conflicts in company.folio.\n")
  }

  /// Teams and their members, the team side's delete rule `rule`: team 1 deleted on one
  /// branch (its member going with it or losing the link, as Folio does), member 11 added to
  /// team 1 on the other.
  static func teamMerge(rule: String) throws -> GitRepository {
    let repository = try GitRepository.withMergeDriver()
    let schema = #"{"folioSchema": 1, "entities": [{"name": "Team", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}], "relationships": [{"name": "members", "toMany": "Member", "inverse": "team", "deleteRule": "RULE"}]}, {"name": "Member", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}], "relationships": [{"name": "team", "toOne": "Team", "inverse": "members"}]}]}"#
    try repository.write(schema.replacingOccurrences(of: "RULE", with: rule), to: "schema.json")
    try repository.write(#"[{"id": 1}, {"id": 2}]"#, to: "teams.json")
    try repository.write(#"[{"id": 10, "team": 1}, {"id": 20, "team": 2}]"#, to: "members.json")
    try Diff.folio(["sync", "--store", "t.folio", "--schema", "schema.json", "--entity", "Team", "teams.json"], in: repository)
    try Diff.folio(["sync", "--store", "t.folio", "--entity", "Member", "members.json"], in: repository)
    try repository.commitAll("Teams")
    try repository.git("checkout", "-q", "-b", "close")
    try repository.write(#"[{"id": 2}]"#, to: "teams.json")
    try Diff.folio(["sync", "--store", "t.folio", "--entity", "Team", "teams.json"], in: repository, status: rule == "deny" ? 1 : 0)
    if rule == "deny" {
      // Folio refuses the delete; a hand edit on the branch does it anyway.
      try editRecords("t.folio/Team/0000000000000000.json", in: repository) { $0.filter { $0["id"] != .int(1) } }
      try editRecords("t.folio/Member/0000000000000000.json", in: repository) { $0.filter { $0["id"] != .int(10) } }
    }
    try repository.commitAll("Team 1 closes")
    try repository.git("checkout", "-q", "main")
    try repository.write(#"[{"id": 11, "team": 1}]"#, to: "new.json")
    try Diff.folio(["sync", "--store", "t.folio", "--entity", "Member", "--no-delete", "new.json"], in: repository)
    try repository.commitAll("Member 11 joins team 1")
    let merge = try repository.run("merge", "--no-edit", "close")
    #expect(merge.status == 0, "\(merge.combined)")
    return repository
  }

  @Test func aCascadeDeletesTheLinkingRecordAndADenyIsLeftToTheUser() throws {
    let cascade = try Self.teamMerge(rule: "cascade")
    defer { cascade.remove() }
    let settled = try Diff.folio(["resolve", "--store", "t.folio", "--dangling"], in: cascade).output
    #expect(settled == "Settled: deleted Member 11 (team linked Team 1, cascade)\nThe store validates; its changed files are staged.\n")
    let members = try cascade.read("t.folio/Member/0000000000000000.json")
    #expect(!members.contains("\"id\": 11") && members.contains("\"id\": 20"))
    let deny = try Self.teamMerge(rule: "deny")
    defer { deny.remove() }
    let left = try Diff.folio(["resolve", "--store", "t.folio", "--dangling"], in: deny, status: 1).output
    #expect(left.hasPrefix("Left: Member 11.team links Team 1, whose delete is denied while linked;"), "\(left)")
    #expect(try deny.read("t.folio/Member/0000000000000000.json").contains("\"id\": 11"))
  }
}
