import Folio
import FolioTestSupport
import Foundation
import Testing

/// `folio log` and `folio blame` run as processes on real repositories: changes on merged
/// branches, renames, removed records, files rewritten by hand in another layout, and a random
/// history checked against `folio diff` commit by commit.
@Suite(.enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct LogBlameGitTests {
  typealias Diff = DiffCommandGitTests

  /// Writes `records` (JSON objects, in any order) as the Tag store's one shard file, compact
  /// on one line when `compact`, and commits it.
  static func commitTags(_ records: [JSONObject], compact: Bool = false, _ message: String, in repository: GitRepository) throws {
    let value = JSONValue.array(records.sorted { ($0["id"]?.intValue ?? 0) < ($1["id"]?.intValue ?? 0) }.map(JSONValue.object))
    let text = String(decoding: JSONWriter.bytes(value, style: compact ? .compact : .pretty), as: UTF8.self)
    try repository.write(text, to: "tags.folio/Tag/0000000000000000.json")
    try repository.commitAll(message)
  }

  static let tagSchema = #"{"folioSchema": 1, "entities": [{"name": "Tag", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}, {"name": "label", "type": "string"}, {"name": "color", "type": "string", "optional": true}]}]}"#

  static func tagRepository() throws -> GitRepository {
    let repository = try GitRepository()
    try repository.write(tagSchema, to: "tags.folio/schema.json")
    return repository
  }

  @Test func logListsEachCommitThatChangedTheRecordWithItsFieldsAndFollowsARename() throws {
    let repository = try Diff.repository()
    defer { repository.remove() }
    try Diff.folio(Diff.sync("Employee", "day-2.json"), in: repository)
    try repository.commitAll("Day 2")
    // A raise on a branch, merged back: the branch's commit is the one listed.
    try repository.git("checkout", "-q", "-b", "raise")
    try repository.write(#"[{"id": 10, "user": {"name": "John Backus"}, "salary": 95000.0, "department_id": 3}]"#, to: "raise.json")
    try Diff.folio(["sync", "--store", "company.folio", "--entity", "Employee", "--no-delete", "raise.json"], in: repository)
    try repository.commitAll("Raise for John")
    try repository.git("checkout", "-q", "main")
    try repository.git("merge", "-q", "--no-ff", "--no-edit", "raise")
    try Diff.folio(["rename", "--store", "company.folio", "--entity", "Employee", "--from", "10", "--to", "110"], in: repository)
    try repository.commitAll("Renumber John")
    let log = try Diff.folio(["log", "--store", "company.folio", "--record", "Employee:110"], in: repository).output
    let subjects = log.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.split(separator: ":").last.map(String.init) ?? "" }
    #expect(subjects == [" Renumber John", " Raise for John", " Day 2", " Day 1"], "\(log)")
    #expect(log.contains("    (renamed from 10 to 110)\n    id: 10 → 110\n"))
    #expect(log.contains("    salary: 89300.0 → 95000.0\n"))
    let salary = try Diff.folio(["log", "--store", "company.folio", "--record", "Employee:110", "--field", "salary", "--max-count", "2"], in: repository).output
    let lines = salary.split(separator: "\n").filter { $0.hasPrefix(" ") }
    #expect(lines == ["    salary: 89300.0 → 95000.0", "    salary: 85300.0 → 89300.0"], "\(salary)")
    // A record removed on day 2: its log starts with the removal.
    let removed = try Diff.folio(["log", "--store", "company.folio", "--record", "Employee:7", "--json"], in: repository).output
    let object = try #require(try JSONSerialization.jsonObject(with: Data(removed.utf8)) as? [String: Any])
    let kinds = (object["commits"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
    #expect(kinds == ["removed", "added"])
    // At an earlier revision the rename has not happened.
    let before = try Diff.folio(["log", "--store", "company.folio", "--record", "Employee:10", "HEAD~1", "--max-count", "1"], in: repository).output
    #expect(before.hasSuffix("Raise for John\n    salary: 89300.0 → 95000.0\n"), "\(before)")
  }

  @Test func blameNamesTheLastCommitThatSetEachFieldAcrossLayouts() throws {
    let repository = try Self.tagRepository()
    defer { repository.remove() }
    var tags: [JSONObject] = (1...5).map { ["id": .int(Int64($0)), "label": .string("tag \($0)")] }
    try Self.commitTags(tags, "Five tags", in: repository)
    tags[2]["color"] = "red"
    try Self.commitTags(tags, "Tag 3 is red", in: repository)
    // A hand edit that rewrites the whole file on one line, changing nothing: not a change.
    try Self.commitTags(tags, compact: true, "Reformatted by hand", in: repository)
    tags[2]["label"] = "urgent"
    try Self.commitTags(tags, compact: true, "Tag 3 renamed by hand", in: repository)
    tags[0]["label"] = "first"
    try Self.commitTags(tags, "Tag 1 relabelled", in: repository)
    let blame = try Diff.folio(["blame", "--store", "tags.folio", "--record", "Tag:3"], in: repository).output
    let hashes = try repository.git("log", "--format=%h %s", "--abbrev=12").split(separator: "\n").reduce(into: [String: String]()) {
      $0[String($1.drop { $0 != " " }.dropFirst())] = String($1.prefix(12))
    }
    let date = try repository.git("log", "-1", "--format=%aI").prefix(10)
    let expected = """
      Tag 3 at HEAD
        color  "red"     \(hashes["Tag 3 is red"] ?? "?") \(date) Folio tests: Tag 3 is red
        id     3         \(hashes["Five tags"] ?? "?") \(date) Folio tests: Five tags
        label  "urgent"  \(hashes["Tag 3 renamed by hand"] ?? "?") \(date) Folio tests: Tag 3 renamed by hand

      """
    #expect(blame == expected)
    let log = try Diff.folio(["log", "--store", "tags.folio", "--record", "Tag:3"], in: repository).output
    #expect(!log.contains("Reformatted by hand") && !log.contains("Tag 1 relabelled"))
    let missing = try Diff.folio(["blame", "--store", "tags.folio", "--record", "Tag:9"], in: repository, status: 1)
    #expect(missing.errors == "tags.folio: error: Tag 9 is not in the store at HEAD. [recordNotFound]\n")
    let wrong = try Diff.folio(["log", "--store", "tags.folio", "--record", "9"], in: repository, status: 1)
    #expect(wrong.errors == "error: --record takes ENTITY:ID (for example Employee:7); '9' has no colon. [invalidValue]\n")
  }

  /// A random history of hand edits, canonical and compact, checked against `folio diff` of
  /// each commit with its parent: the log of every record lists exactly the commits whose diff
  /// names it, with the same fields.
  @Test func theLogOfEveryRecordAgreesWithTheDiffOfEachCommit() throws {
    let repository = try Self.tagRepository()
    defer { repository.remove() }
    var generator = SeededGenerator(seed: 31)
    var tags: [Int64: JSONObject] = [:]
    var commits = 0
    for step in 0..<16 {
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let id = Int64.random(in: 1...12, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: tags[id] = nil
        case 1: tags[id, default: ["id": .int(id), "label": .string("new \(id)")]]["color"] = .string(["red", "blue"].randomElement(using: &generator) ?? "")
        default: tags[id] = ["id": .int(id), "label": .string("label \(step) \(id)")]
        }
      }
      try Self.commitTags(Array(tags.values), compact: Bool.random(using: &generator), "Step \(step)", in: repository)
      commits += 1
    }
    // What each commit did, by `folio diff --json`.
    var expected: [Int64: [(String, [String])]] = [:]
    for back in 0..<(commits - 1) {
      let range = "HEAD~\(back + 1)..HEAD~\(back)"
      let json = try Diff.folio(["diff", "--store", "tags.folio", range, "--json"], in: repository).output
      let subject = try repository.git("log", "-1", "--format=%s", "HEAD~\(back)").trimmingCharacters(in: .newlines)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      for change in object["changes"] as? [[String: Any]] ?? [] {
        guard let id = change["id"] as? Int, change["kind"] as? String != "moved" else { continue }
        let fields = (change["fields"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
        expected[Int64(id), default: []].append((subject, fields))
      }
    }
    for id in Int64(1)...12 {
      let json = try Diff.folio(["log", "--store", "tags.folio", "--record", "Tag:\(id)", "--json"], in: repository).output
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let listed = (object["commits"] as? [[String: Any]] ?? []).map { commit in
        (commit["subject"] as? String ?? "", (commit["fields"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String })
      }.filter { $0.0 != "Step 0" }  // the first commit has no parent to diff with
      let wanted = expected[id] ?? []
      #expect(listed.map(\.0) == wanted.map(\.0), "Tag \(id)")
      #expect(listed.map(\.1) == wanted.map(\.1), "Tag \(id)")
    }
  }
}
