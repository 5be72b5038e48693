import FolioTestSupport
import Foundation
import Testing

/// `folio merge-driver` driven by a real `git merge`: a store committed by hand, two branches
/// that change it, and the merged shard file git leaves in the working tree.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct MergeDriverGitTests {
  static let shard = "company.folio/Employee/0a1b2c3d4e5f6789.json"

  /// One employee as the canonical writer lays it out inside a shard.
  struct Employee {
    var id: Int
    var name: String
    var salary: Double
    var active = true

    var text: String {
      """
        {
          "active": \(active),
          "fullName": "\(name)",
          "id": \(id),
          "salary": \(salary)
        }
      """
    }
  }

  /// The canonical bytes of a shard holding `employees` (given in identifier order).
  static func shardText(_ employees: [Employee]) -> String {
    "[\n" + employees.map(\.text).joined(separator: ",\n") + "\n]\n"
  }

  static let original = [
    Employee(id: 1, name: "Ada", salary: 100.0),
    Employee(id: 2, name: "Grace", salary: 200.0),
    Employee(id: 3, name: "Edsger", salary: 300.0),
  ]

  /// A repository on `main` holding a store with `original`, committed; the store's
  /// `.gitattributes` is the one `folio init` writes.
  static func repository() throws -> GitRepository {
    let repository = try GitRepository.withMergeDriver()
    let schema = try String(
      contentsOf: FixtureFolder.packageRoot.appendingPathComponent("Fixtures/company/schema.json"),
      encoding: .utf8)
    try repository.write(schema, to: "company.folio/schema.json")
    try repository.write(
      "* text eol=lf\n*/*.json merge=folio\n", to: "company.folio/.gitattributes")
    try repository.write(shardText(original), to: shard)
    try repository.git("add", ".")
    try repository.git("commit", "-q", "-m", "A store")
    return repository
  }

  /// Commits `employees` as the shard on a new branch `name` made from `main`.
  static func branch(_ name: String, _ employees: [Employee], in repository: GitRepository) throws {
    try repository.git("checkout", "-q", "-b", name, "main")
    try repository.write(shardText(employees), to: shard)
    try repository.git("commit", "-q", "-am", "Change on \(name)")
  }

  @Test func differentFieldsOfOneRecordMergeWithBothChanges() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    var left = Self.original
    left[1].name = "Grace Hopper"
    try Self.branch("left", left, in: repository)
    var right = Self.original
    right[1].active = false  // the line next to the name: a line-based merge would conflict
    right[1].salary = 250.5
    right.append(Employee(id: 4, name: "Barbara", salary: 400.0))
    try Self.branch("right", right, in: repository)
    try repository.git("checkout", "-q", "left")
    let merge = try GitRepository.run(["merge", "-q", "--no-edit", "right"], in: repository.path)
    #expect(merge.status == 0, "\(merge.combined)")
    var expected = left
    expected[1].active = false
    expected[1].salary = 250.5
    expected.append(Employee(id: 4, name: "Barbara", salary: 400.0))
    #expect(try repository.read(Self.shard) == Self.shardText(expected))
    #expect(try repository.git("status", "--porcelain").isEmpty)
  }

  @Test func theSameFieldChangedTwoWaysIsAConflictOfThatFieldOnly() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    var left = Self.original
    left[0].salary = 110.0
    left[1].name = "Grace Hopper"
    try Self.branch("left", left, in: repository)
    var right = Self.original
    right[1].name = "Grace B. Hopper"
    right[2].active = false
    try Self.branch("right", right, in: repository)
    try repository.git("checkout", "-q", "left")
    let merge = try GitRepository.run(["merge", "--no-edit", "right"], in: repository.path)
    #expect(merge.status != 0)
    #expect(merge.combined.contains("\(Self.shard):10: conflict in Employee 2: fullName"))
    #expect(
      try repository.read(Self.shard) == """
        [
          {
            "active": true,
            "fullName": "Ada",
            "id": 1,
            "salary": 110.0
          },
          {
            "active": true,
        <<<<<<< ours
            "fullName": "Grace Hopper",
        =======
            "fullName": "Grace B. Hopper",
        >>>>>>> theirs
            "id": 2,
            "salary": 200.0
          },
          {
            "active": false,
            "fullName": "Edsger",
            "id": 3,
            "salary": 300.0
          }
        ]

        """)
    #expect(try repository.git("status", "--porcelain").contains("UU \(Self.shard)"))
  }

  @Test func aFileWithConflictMarkersFallsBackToALineMerge() throws {
    let repository = try Self.repository()
    defer { repository.remove() }
    let base = Self.shardText(Self.original)
    try repository.write(base, to: "base")
    try repository.write(base.replacingOccurrences(of: "\"Ada\"", with: "\"A\""), to: "theirs")
    try repository.write(
      base.replacingOccurrences(
        of: "    \"fullName\": \"Ada\",\n", with: "<<<<<<< x\n=======\n>>>>>>> y\n"),
      to: "ours")
    let run = try FolioBinaryTests.run(
      ["merge-driver", "base", "ours", "theirs", Self.shard], in: repository.path)
    #expect(run.status == 1)
    #expect(
      run.errors.hasPrefix(
        "\(Self.shard): warning: cannot merge record by record: ours:4:1: error: the file already "
          + "holds git merge-conflict markers"))
    let merged = try repository.read("ours")
    #expect(merged.contains("<<<<<<< ours\n"))
    #expect(merged.contains(">>>>>>> theirs\n"))
  }
}
