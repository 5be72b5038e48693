import Folio
import FolioTestSupport
import Foundation
import Testing

/// Merges where one branch moves records between files (inserting a boundary record splits a
/// file, deleting one merges it back) or renames a record, against a delete, change or insert
/// on the other branch, merged by real git with and without `folio merge-driver`.
///
/// Every merge either conflicts or gives the records of a three-way merge computed here
/// (records by identifier, fields by name) with `folio check` passing. With the driver, a
/// conflict is confined to the record concerned and says where it moved or what it was renamed
/// to.
@Suite(.serialized, .enabled(if: GitRepository.isGitInstalled, "git is not installed; these tests run real git"))
struct MergeDriverSplitTests {
  static let schema = Schema(entities: [
    Entity(
      name: "Flag", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int), Attribute(name: "name", type: .string),
        Attribute(name: "note", type: .string),
      ])
  ])
  typealias Records = [RecordID: JSONObject]
  typealias Edit = @Sendable (inout Transaction, _ boundary: Int64, _ moved: Int64) throws -> Void

  /// What one merge did.
  struct Merge {
    /// Whether git merged without a conflict.
    var clean: Bool
    /// git's output.
    var output: String
    /// For a clean merge, whether its records are the three-way merge computed here.
    var matchesThreeWay = true
    /// For a clean merge, whether `folio check` passes.
    var checkPasses = true
    /// The lines that report a conflict in a record.
    var conflictLines: [String] {
      output.split(separator: "\n").map(String.init).filter { $0.contains(": conflict in ") }
    }
  }

  static func flag(_ id: Int64, note: String = "-") -> JSONObject {
    ["id": .int(id), "name": .string("flag \(id)"), "note": .string(note)]
  }

  static func store(_ repository: GitRepository, readOnly: Bool = false) throws -> Store {
    try Store(
      directory: repository.path + "/flags.folio", schema: schema,
      options: StoreOptions(readOnly: readOnly))
  }

  static func records(_ repository: GitRepository) throws -> Records {
    let store = try store(repository, readOnly: true)
    var records: Records = [:]
    for id in store.state.ids("Flag") { records[id] = store.get("Flag", id) }
    return records
  }

  /// The three-way merge of records by identifier and fields by name, or `nil` when a field
  /// changed two ways or a record was deleted on one side and changed on the other.
  static func threeWay(base: Records, ours: Records, theirs: Records) -> Records? {
    var merged: Records = [:]
    for id in Set(base.keys).union(ours.keys).union(theirs.keys) {
      let (o, a, b) = (base[id], ours[id], theirs[id])
      if a == b || b == o {
        merged[id] = a
      } else if a == o {
        merged[id] = b
      } else if let a, let b {
        var record = JSONObject()
        let keys = Set((o ?? [:]).map(\.key)).union(a.map(\.key)).union(b.map(\.key))
        for key in keys.sorted() {
          let (x, y, z) = (o?[key], a[key], b[key])
          let value: JSONValue?
          if y == z || z == x { value = y } else if y == x { value = z } else { return nil }
          if let value { record[key] = value }
        }
        merged[id] = record
      } else {
        return nil
      }
    }
    return merged
  }

  /// A repository holding flags 1...2,500 minus `removed` on branch `base`, with the first
  /// record of a file other than the first (a boundary) and the record after it (which moves
  /// with it).
  static func repository(driver: Bool, baseEdit: Edit) throws -> (GitRepository, Int64, Int64) {
    let repository = driver ? try GitRepository.withMergeDriver() : try GitRepository()
    let store = try store(repository)
    try store.transaction { tx in
      for id in Int64(1)...2_500 { try tx.insert("Flag", flag(id)) }
    }
    var boundary: Int64?
    var previous = ""
    for id in store.state.ids("Flag") {
      let file = try store.location(of: "Flag", id)?.file ?? ""
      if !previous.isEmpty, file != previous, case .int(let value) = id {
        boundary = value
        break
      }
      previous = file
    }
    let first = try #require(boundary)
    let moved = first + 1
    #expect(
      try store.location(of: "Flag", .int(moved))?.file
        == store.location(of: "Flag", .int(first))?.file)
    try store.transaction { tx in try baseEdit(&tx, first, moved) }
    try repository.commitAll("base")
    try repository.git("branch", "-M", "base")
    return (repository, first, moved)
  }

  /// Commits `edit` on a new branch `name` from `base`.
  static func branch(_ name: String, _ repository: GitRepository, _ boundary: Int64, _ moved: Int64, _ edit: Edit) throws -> Records {
    try repository.git("checkout", "-q", "-B", name, "base")
    let store = try store(repository)
    try store.transaction { tx in try edit(&tx, boundary, moved) }
    try repository.commitAll(name)
    return try records(repository)
  }

  /// Merges branch `b` into branch `a` (or `a` into `b` when `reversed`) and checks the rule
  /// every merge keeps: a conflict, or the three-way merge with `check` passing.
  static func merge(
    driver: Bool, reversed: Bool, base: Edit = { _, _, _ in }, a: Edit, b: Edit,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (Merge, boundary: Int64, moved: Int64) {
    let (repository, boundary, moved) = try repository(driver: driver, baseEdit: base)
    defer { repository.remove() }
    try repository.git("checkout", "-q", "base")
    let original = try records(repository)
    let first = try branch("a", repository, boundary, moved, a)
    let second = try branch("b", repository, boundary, moved, b)
    let (ours, theirs) = reversed ? ("b", "a") : ("a", "b")
    try repository.git("checkout", "-q", ours)
    let run = try repository.run("merge", "--no-edit", theirs)
    var merge = Merge(clean: run.status == 0, output: run.combined)
    if merge.clean {
      let expected = reversed
        ? threeWay(base: original, ours: second, theirs: first)
        : threeWay(base: original, ours: first, theirs: second)
      #expect(expected != nil, "a conflict merged cleanly: \(run.combined)", sourceLocation: sourceLocation)
      let merged = try records(repository)
      #expect(merged == expected, "the clean merge is not the three-way merge", sourceLocation: sourceLocation)
      let check = try FolioBinaryTests.run(["check", "--store", "flags.folio"], in: repository.path)
      #expect(check.status == 0, "\(check.output)\(check.errors)", sourceLocation: sourceLocation)
      merge.matchesThreeWay = expected != nil && merged == expected
      merge.checkPasses = check.status == 0
    }
    if driver {
      // A conflict the driver reports is confined to one record per line.
      for line in merge.conflictLines {
        #expect(line.contains("conflict in Flag "), "\(line)", sourceLocation: sourceLocation)
      }
    }
    return (merge, boundary, moved)
  }

  static let insertBoundary: Edit = { tx, boundary, _ in _ = try tx.insert("Flag", flag(boundary)) }
  static let deleteBoundary: Edit = { tx, boundary, _ in _ = try tx.delete("Flag", .int(boundary)) }

  @Test(arguments: [true, false], [false, true])
  func deletingARecordAnotherBranchMovedConflictsOnThatRecord(driver: Bool, reversed: Bool) throws {
    let (merge, _, moved) = try Self.merge(
      driver: driver, reversed: reversed, base: Self.deleteBoundary, a: Self.insertBoundary,
      b: { tx, _, moved in _ = try tx.delete("Flag", .int(moved)) })
    #expect(!merge.clean, "the deleted record came back: \(merge.output)")
    if driver {
      #expect(merge.conflictLines.count == 1, "\(merge.output)")
      #expect(merge.conflictLines.allSatisfy { $0.contains("conflict in Flag \(moved)") && $0.contains("moved to ") }, "\(merge.output)")
    }
  }

  @Test(arguments: [true, false], [false, true])
  func changingARecordAnotherBranchMovedNeverDuplicatesIt(driver: Bool, reversed: Bool) throws {
    let (merge, _, moved) = try Self.merge(
      driver: driver, reversed: reversed, base: Self.deleteBoundary, a: Self.insertBoundary,
      b: { tx, _, moved in try tx.update("Flag", .int(moved), ["note": "changed"]) })
    if driver, !merge.clean {
      #expect(merge.conflictLines.count == 1, "\(merge.output)")
      #expect(merge.conflictLines.allSatisfy { $0.contains("conflict in Flag \(moved)") && $0.contains("moved to ") && !$0.contains("deleted in") }, "\(merge.output)")
    }
  }

  @Test(arguments: [true, false], [false, true])
  func insertingARecordWhereAnotherBranchSplitTheFile(driver: Bool, reversed: Bool) throws {
    // The base lacks `moved + 1`; b inserts it into the range a moves to a new file.
    let (merge, _, moved) = try Self.merge(
      driver: driver, reversed: reversed,
      base: { tx, boundary, moved in
        _ = try tx.delete("Flag", .int(boundary))
        _ = try tx.delete("Flag", .int(moved + 1))
      },
      a: Self.insertBoundary,
      b: { tx, _, moved in _ = try tx.insert("Flag", Self.flag(moved + 1, note: "new")) })
    if driver, !merge.clean {
      #expect(merge.conflictLines.count == 1, "\(merge.output)")
      #expect(merge.conflictLines.allSatisfy { $0.contains("conflict in Flag \(moved + 1)") && $0.contains("moved to ") }, "\(merge.output)")
    }
  }

  @Test(arguments: [true, false], [false, true])
  func deletingABoundaryAgainstADeleteOfARecordItMoves(driver: Bool, reversed: Bool) throws {
    // a merges the boundary's file back into the one before; b deletes a record of it and
    // changes a record of the file before, so that git calls the driver for that file.
    let (merge, _, _) = try Self.merge(
      driver: driver, reversed: reversed, a: Self.deleteBoundary,
      b: { tx, boundary, moved in
        _ = try tx.delete("Flag", .int(moved))
        try tx.update("Flag", .int(boundary - 1), ["note": "b"])
      })
    #expect(!merge.clean, "the deleted record came back: \(merge.output)")
  }

  @Test(arguments: [true, false], [false, true])
  func deletingABoundaryAgainstAChangeOfARecordItMoves(driver: Bool, reversed: Bool) throws {
    _ = try Self.merge(
      driver: driver, reversed: reversed, a: Self.deleteBoundary,
      b: { tx, boundary, moved in
        try tx.update("Flag", .int(moved), ["note": "b"])
        try tx.update("Flag", .int(boundary - 1), ["note": "b"])
      })
  }

  @Test(arguments: [false, true])
  func bothBranchesInsertingTheSameBoundaryMergeTheirChanges(reversed: Bool) throws {
    let (merge, _, _) = try Self.merge(
      driver: true, reversed: reversed, base: Self.deleteBoundary,
      a: { tx, boundary, moved in
        _ = try tx.insert("Flag", Self.flag(boundary))
        try tx.update("Flag", .int(moved), ["name": "a"])
      },
      b: { tx, boundary, moved in
        _ = try tx.insert("Flag", Self.flag(boundary))
        try tx.update("Flag", .int(moved), ["note": "b"])
      })
    #expect(merge.clean, "\(merge.output)")
  }

  /// When the deleting branch changes nothing else in the renamed record's file, both branches
  /// leave that file with the same bytes and git never calls the driver: the merge keeps the
  /// record under its new identifier (Design/0004 lists this limit). Any other change to the
  /// file on the deleting side makes it a conflict naming the rename.
  @Test(arguments: [true, false], [false, true])
  func renamingARecordAnotherBranchDeletedIsAConflictNamingTheRename(driver: Bool, reversed: Bool) throws {
    let (merge, _, _) = try Self.merge(
      driver: driver, reversed: reversed,
      a: { tx, _, _ in _ = try tx.rename("Flag", from: .int(5), to: .int(900_005)) },
      b: { tx, _, _ in
        _ = try tx.delete("Flag", .int(5))
        try tx.update("Flag", .int(7), ["note": "b"])
      })
    if driver {
      #expect(!merge.clean, "the deleted record survived its rename: \(merge.output)")
      #expect(merge.conflictLines.count == 1 && merge.conflictLines.allSatisfy { $0.contains("conflict in Flag 5") && $0.contains("renamed to 900005") }, "\(merge.output)")
    }
  }

  @Test(arguments: [true, false], [false, true])
  func renamingARecordAnotherBranchChangedIsAConflictNamingTheRename(driver: Bool, reversed: Bool) throws {
    let (merge, _, _) = try Self.merge(
      driver: driver, reversed: reversed,
      a: { tx, _, _ in _ = try tx.rename("Flag", from: .int(5), to: .int(900_005)) },
      b: { tx, _, _ in try tx.update("Flag", .int(5), ["note": "b"]) })
    #expect(!merge.clean, "\(merge.output)")
    if driver {
      #expect(merge.conflictLines.count == 1 && merge.conflictLines.allSatisfy { $0.contains("conflict in Flag 5") && $0.contains("renamed to 900005") }, "\(merge.output)")
    }
  }
}
