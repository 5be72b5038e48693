import Folio
import FolioTestSupport
import Foundation
import Testing

/// `folio diff` run as a process on real repositories made with the `git` binary: the versions
/// git's own diff compares, records matched across renames and moved files, a schema change in
/// the history, and what a hostile branch can put in a store.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct DiffCommandGitTests {
  /// A repository with `Fixtures/company` copied in and the company store synced from day 1,
  /// committed on `main`.
  static func repository() throws -> GitRepository {
    let repository = try GitRepository()
    try FixtureFolder("company").copy(
      into: URL(fileURLWithPath: repository.path), at: "Fixtures/company")
    try folio(sync("Employee", "day-1.json", schema: true), in: repository)
    try repository.commitAll("Day 1")
    return repository
  }

  /// The arguments of a sync of a company fixture file into `entity` of `company.folio`.
  static func sync(_ entity: String, _ file: String, schema: Bool = false) -> [String] {
    ["sync", "--store", "company.folio"] + (schema ? ["--schema", "Fixtures/company/schema.json"] : [])
      + ["--entity", entity, "Fixtures/company/\(file)"]
  }

  /// Runs `folio arguments` in the repository and throws unless it exits with `status`.
  @discardableResult
  static func folio(_ arguments: [String], in repository: GitRepository, status: Int32 = 0) throws
    -> (status: Int32, output: String, errors: String)
  {
    let result = try FolioBinaryTests.run(arguments, in: repository.path)
    guard result.status == status else {
      throw FixtureError("folio \(arguments.joined(separator: " ")) exited with \(result.status): \(result.errors)\(result.output)")
    }
    return result
  }

  static let dayTwoText = """
    + Department 5
        id: 5
    Department: 1 added
    ~ Employee 3
        fullName: "Alan Turing" → "Alan M. Turing"
    ~ Employee 5
        active: true → false
    - Employee 7
        active: false
        department: 4
        email: "margaret@example.com"
        fullName: "Margaret Hamilton"
        hiredAt: "2016-07-03T09:00:00.000Z"
        id: 7
        salary: 74200.0
    ~ Employee 10
        salary: 85300.0 → 89300.0
    ~ Employee 12
        department: 1 → 4
    - Employee 15
        active: true
        department: 4
        email: "adele@example.com"
        fullName: "Adele Goldberg"
        hiredAt: "2010-03-15T09:00:00.000Z"
        id: 15
        salary: 62800.0
    + Employee 21
        active: true
        department: 2
        email: "guido@example.com"
        fullName: "Guido van Rossum"
        hiredAt: "2024-03-04T09:00:00.000Z"
        id: 21
        salary: 71000.0
    + Employee 22
        active: true
        department: 5
        email: "hedy@example.com"
        fullName: "Hedy Lamarr"
        hiredAt: "2024-05-13T07:30:00.000Z"
        id: 22
        salary: 64500.0
    Employee: 2 added, 2 removed, 4 changed

    """

  @Test func theVersionsAreTheOnesGitDiffCompares() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let diff = ["diff", "--store", "company.folio"]
    try Self.folio(Self.sync("Employee", "day-2.json"), in: repository)
    // Unstaged: the index against the working tree.
    #expect(try Self.folio(diff, in: repository).output == Self.dayTwoText)
    #expect(try Self.folio(diff + ["--cached"], in: repository).output == "No records changed between HEAD and the index.\n")
    try repository.git("add", "-A")
    #expect(try Self.folio(diff, in: repository).output == "No records changed between the index and the working tree.\n")
    #expect(try Self.folio(diff + ["--cached"], in: repository).output == Self.dayTwoText)
    #expect(try Self.folio(diff + ["HEAD"], in: repository).output == Self.dayTwoText)
    try repository.git("commit", "-q", "-m", "Day 2")
    #expect(try Self.folio(diff + ["HEAD~1..HEAD"], in: repository).output == Self.dayTwoText)
    #expect(try Self.folio(diff + ["HEAD~1", "HEAD"], in: repository).output == Self.dayTwoText)
    // Backwards, the added records are removed and the changes reversed.
    let back = try Self.folio(diff + ["HEAD..HEAD~1", "--stat"], in: repository).output
    #expect(back == "Department: 1 removed\nEmployee: 2 added, 2 removed, 4 changed\n9 records changed between HEAD and HEAD~1\n")
    // --exit-code: 1 with changes, 0 without.
    try Self.folio(diff + ["HEAD~1", "--exit-code", "--stat"], in: repository, status: 1)
    try Self.folio(diff + ["HEAD", "--exit-code"], in: repository, status: 0)
  }

  @Test func threeDotsCompareTheMergeBaseWithTheBranch() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    try repository.git("checkout", "-q", "-b", "feature")
    try Self.folio(Self.sync("Employee", "day-2.json"), in: repository)
    try repository.commitAll("Day 2 on feature")
    try repository.git("checkout", "-q", "main")
    try Self.folio(["rename", "--store", "company.folio", "--entity", "Department", "--from", "1", "--to", "100"], in: repository)
    try repository.commitAll("Department 1 renumbered on main")
    let threeDots = try Self.folio(["diff", "--store", "company.folio", "main...feature"], in: repository).output
    #expect(threeDots == Self.dayTwoText)
    // Two dots compare the tips: main's renumbering shows too, reversed. Departments have no
    // field but their identifier, so 100 could be the old 1 or the new 5: no rename is
    // guessed. Department 1's five other employees are relinked from 100 (the sixth, 12, is
    // among day 2's four changes).
    let twoDots = try Self.folio(["diff", "--store", "company.folio", "main..feature", "--stat"], in: repository).output
    #expect(twoDots == "Department: 2 added, 1 removed\nEmployee: 2 added, 2 removed, 9 changed\n16 records changed between main and feature\n")
  }

  @Test func aRenamedRecordShowsAsRenamedAndTheLinksToItAsChanged() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    try Self.folio(["rename", "--store", "company.folio", "--entity", "Department", "--from", "4", "--to", "40"], in: repository)
    let text = try Self.folio(["diff", "--store", "company.folio", "--entity", "Department"], in: repository).output
    #expect(text == "> Department 40 (renamed from 4)\n    id: 4 → 40\nDepartment: 1 renamed\n")
    let json = try Self.folio(["diff", "--store", "company.folio", "--json"], in: repository).output
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let changes = try #require(object["changes"] as? [[String: Any]])
    let renamed = try #require(changes.first { $0["kind"] as? String == "renamed" })
    #expect(renamed["id"] as? Int == 40 && renamed["previousID"] as? Int == 4)
    // Every employee of department 4 now links to 40: changed in that field only.
    let relinked = changes.filter { $0["entity"] as? String == "Employee" }
    #expect(!relinked.isEmpty)
    for change in relinked {
      let fields = try #require(change["fields"] as? [[String: Any]])
      #expect(change["kind"] as? String == "changed")
      #expect(fields.count == 1 && fields[0]["field"] as? String == "department")
      #expect(fields[0]["before"] as? Int == 4 && fields[0]["after"] as? Int == 40)
    }
  }

  @Test func aRecordMovedToAnotherFileIsCountedAsMovedNotAddedAndRemoved() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    // Move employee 12 by hand into a file of its own (as a boundary moving would).
    let path = repository.path + "/company.folio/Employee/0000000000000000.json"
    guard case .array(var records) = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) else {
      Issue.record("the shard is not an array")
      return
    }
    let index = try #require(records.firstIndex { $0.objectValue?["id"] == .int(12) })
    let moved = records.remove(at: index)
    try Data(JSONWriter.bytes(.array(records), style: .pretty)).write(to: URL(fileURLWithPath: path))
    try Data(JSONWriter.bytes(.array([moved]), style: .pretty))
      .write(to: URL(fileURLWithPath: repository.path + "/company.folio/Employee/8000000000000000.json"))
    // Untracked as it is, the new file is read from the working tree all the same.
    let stat = try Self.folio(["diff", "--store", "company.folio", "--stat"], in: repository).output
    #expect(stat == "Employee: 1 moved between files\n0 records changed between the index and the working tree\n")
    #expect(try Self.folio(["diff", "--store", "company.folio"], in: repository).output == "Employee: 1 moved between files\n")
    let listed = try Self.folio(["diff", "--store", "company.folio", "--moves"], in: repository).output
    #expect(listed == "= Employee 12 (moved from Employee/0000000000000000.json to Employee/8000000000000000.json)\nEmployee: 1 moved between files\n")
  }

  @Test func aSchemaChangeInTheHistoryIsShownAndEachVersionReadWithItsOwnSchema() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    // A new optional attribute, then a record that sets it.
    var schema = try repository.read("Fixtures/company/schema.json")
    schema = schema.replacingOccurrences(
      of: #"{ "name": "name", "type": "string", "optional": true }"#,
      with: #"{ "name": "name", "type": "string", "optional": true },"# + "\n" + #"        { "name": "floor", "type": "int", "optional": true }"#)
    try repository.write(schema, to: "Fixtures/company/schema.json")
    try repository.write(#"[{"id": 4, "name": "Research", "floor": 3}]"#, to: "departments.json")
    try Self.folio(["sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity", "Department", "--no-delete", "departments.json"], in: repository)
    try repository.commitAll("Departments get floors")
    let text = try Self.folio(["diff", "--store", "company.folio", "HEAD~1", "HEAD"], in: repository).output
    #expect(text == "schema.json changed\n~ Department 4\n    floor: (none) → 3\n    name: (none) → \"Research\"\nDepartment: 1 changed\n")
    let markdown = try Self.folio(["diff", "--store", "company.folio", "HEAD~1..HEAD", "--format", "markdown"], in: repository).output
    #expect(markdown == """
      **Folio diff** of HEAD~1 → HEAD

      `schema.json` changed.

      ### Department: 1 changed

      | Record | Change | Field | Before | After |
      |---|---|---|---|---|
      | `4` | changed | `floor` |  | `3` |
      |  |  | `name` |  | `"Research"` |

      """)
  }

  @Test func aLinkOrControlCharactersFromABranchAreNeitherFollowedNorPrinted() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let secret = repository.path + "/../folio-diff-secret-\(UUID().uuidString).json"
    try #"[{"id": 99, "fullName": "SECRET", "salary": 1.0}]"#.write(toFile: secret, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: secret) }
    try FileManager.default.createSymbolicLink(
      atPath: repository.path + "/company.folio/Employee/1000000000000000.json", withDestinationPath: secret)
    // A value with an escape sequence that would clear the screen.
    let path = repository.path + "/company.folio/Employee/0000000000000000.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "\"Ada Lovelace\"", with: #""Ada\u001b[2J""#).write(toFile: path, atomically: true, encoding: .utf8)
    try repository.commitAll("A hostile branch")
    let result = try Self.folio(["diff", "--store", "company.folio", "HEAD~1"], in: repository)
    #expect(!result.output.contains("SECRET"))
    #expect(!result.output.contains("\u{1B}"))
    #expect(result.output == "~ Employee 1\n    fullName: \"Ada Lovelace\" → \"Ada\\u001b[2J\"\nEmployee: 1 changed\n")
    #expect(result.errors.contains("company.folio/Employee/1000000000000000.json: not a regular file in git (a link or a submodule); left out"))
  }

  @Test func unreadableVersionsAndWrongArgumentsAreTypedErrorsSayingWhere() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let diff = ["diff", "--store", "company.folio"]
    let unknown = try Self.folio(diff + ["no-such-branch"], in: repository, status: 1)
    #expect(unknown.errors == "error: git knows no commit 'no-such-branch'. [unknownRevision]\n")
    let entity = try Self.folio(diff + ["--entity", "Emploee"], in: repository, status: 1)
    #expect(entity.errors.hasPrefix("company.folio: error: Neither version's schema has an entity 'Emploee'; they have: Department, Employee."))
    // Conflict markers left in the working tree: the file, line and version are named.
    let path = repository.path + "/company.folio/Employee/0000000000000000.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "    \"fullName\": \"Ada Lovelace\",\n", with: "<<<<<<< ours\n    \"fullName\": \"Ada Lovelace\",\n=======\n    \"fullName\": \"Ada\",\n>>>>>>> theirs\n")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let markers = try Self.folio(diff, in: repository, status: 1)
    #expect(markers.errors.hasPrefix("company.folio/Employee/0000000000000000.json:"), "\(markers.errors)")
    #expect(markers.errors.contains("the working tree: the file already holds git merge-conflict markers"))
    #expect(markers.errors.hasSuffix("[mergeConflict]\n"))
    // Outside any repository.
    let outside = try TemporaryDirectory(prefix: "folio-no-git")
    defer { try? FileManager.default.removeItem(atPath: outside.path) }
    let none = try FolioBinaryTests.run(diff, in: outside.path)
    #expect(none.status == 1)
    #expect(none.errors.contains("'company.folio' is not inside a git repository"), "\(none.errors)")
  }

  @Test func gitDiffShowsRecordsThroughTheDiffDriver() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let folio = try FolioBinaryTests.executable().path
    try repository.git("config", "diff.folio.command", "'\(folio)' diff-driver")
    try repository.write("* text eol=lf\n*/*.json merge=folio diff=folio\n", to: "company.folio/.gitattributes")
    try repository.commitAll("Records in git diff")
    try Self.folio(["rename", "--store", "company.folio", "--entity", "Department", "--from", "4", "--to", "40"], in: repository)
    let diff = try repository.git("diff", "--", "company.folio/Department")
    #expect(diff == """
      diff --folio a/company.folio/Department/0000000000000000.json b/company.folio/Department/0000000000000000.json
      > Department 40 (renamed from 4)
          id: 4 → 40
      Department: 1 renamed

      """)
    try repository.commitAll("Renumbered")
    // git log needs --ext-diff to run the driver.
    let log = try repository.git("log", "-p", "--ext-diff", "-1", "--format=%s", "--", "company.folio/Employee")
    #expect(log.hasPrefix("Renumbered\n\ndiff --folio a/company.folio/Employee/0000000000000000.json"), "\(log)")
    #expect(log.contains("~ Employee 12\n    department: 4 → 40\n") || log.contains("    department: 4 → 40\n"))
    // A file that is not records is shown by git's own diff.
    try repository.write("not json\n", to: "company.folio/Employee/0000000000000000.json")
    let text = try repository.git("diff", "--", "company.folio/Employee")
    #expect(text.contains("+not json"), "\(text)")
  }
}
