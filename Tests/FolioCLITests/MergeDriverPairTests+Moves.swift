import Folio
import FolioTestSupport
import Foundation
import Testing

/// Random branch pairs whose edits move records between files or rename them, against deletes,
/// changes and inserts on the other branch, merged by real git with and without the driver on a
/// store of 2,500 records. Each pattern is counted: clean merges, conflicts, silent losses (a
/// clean merge that is not the three-way merge of records by identifier and fields by name) and
/// clean merges that fail `folio check`; the last two must be 0.
///
/// `FOLIO_MOVE_PAIRS=N` sets the number of pairs of each pattern (1 by default). The counts are
/// printed as `pattern driver: clean C, conflicted X, lost L, failing check F`.
extension MergeDriverPairTests {
  typealias Edit = MergeDriverSplitTests.Edit

  static var movePairs: Int { Int(ProcessInfo.processInfo.environment["FOLIO_MOVE_PAIRS"] ?? "") ?? 1 }

  /// One pattern: the base edit and the two branches' edits, given a random draw.
  struct MovePattern: Sendable {
    var name: String
    /// Whether the driver must report a conflict (a rename against a delete or an edit).
    var mustConflict = false
    var edits: @Sendable (_ draw: Int64) -> (base: Edit, a: Edit, b: Edit)
  }

  static let movePatterns: [MovePattern] = {
    let flag: @Sendable (Int64, String) -> JSONObject = { MergeDriverSplitTests.flag($0, note: $1) }
    let none: Edit = { _, _, _ in }
    let deleteBoundary = MergeDriverSplitTests.deleteBoundary
    let insertBoundary = MergeDriverSplitTests.insertBoundary
    return [
      MovePattern(name: "split / delete moved") { _ in
        (deleteBoundary, insertBoundary, { tx, _, moved in _ = try tx.delete("Flag", .int(moved)) })
      },
      MovePattern(name: "split / change moved") { draw in
        (deleteBoundary, insertBoundary, { tx, _, moved in try tx.update("Flag", .int(moved), ["note": .string("b\(draw)")]) })
      },
      MovePattern(name: "split / insert moved") { _ in
        (
          { tx, boundary, moved in
            _ = try tx.delete("Flag", .int(boundary))
            _ = try tx.delete("Flag", .int(moved + 1))
          },
          insertBoundary, { tx, _, moved in _ = try tx.insert("Flag", flag(moved + 1, "new")) }
        )
      },
      MovePattern(name: "merge back / delete moved") { _ in
        (none, deleteBoundary, { tx, boundary, moved in
          _ = try tx.delete("Flag", .int(moved))
          try tx.update("Flag", .int(boundary - 1), ["note": "b"])
        })
      },
      MovePattern(name: "merge back / change moved") { _ in
        (none, deleteBoundary, { tx, _, moved in try tx.update("Flag", .int(moved), ["note": "b"]) })
      },
      MovePattern(name: "same boundary inserted on both") { _ in
        (
          deleteBoundary,
          { tx, boundary, moved in
            _ = try tx.insert("Flag", flag(boundary, "-"))
            try tx.update("Flag", .int(moved), ["name": "a"])
          },
          { tx, boundary, moved in
            _ = try tx.insert("Flag", flag(boundary, "-"))
            try tx.update("Flag", .int(moved), ["note": "b"])
          }
        )
      },
      MovePattern(name: "same identifier inserted on both") { draw in
        (
          none, { tx, _, _ in _ = try tx.insert("Flag", flag(5_000 + draw, "a")) },
          { tx, _, _ in _ = try tx.insert("Flag", flag(5_000 + draw, draw % 2 == 0 ? "a" : "b")) }
        )
      },
      MovePattern(name: "rename / delete", mustConflict: true) { draw in
        (none, { tx, _, _ in _ = try tx.rename("Flag", from: .int(1 + draw), to: .int(900_000 + draw)) },
         { tx, _, _ in
           _ = try tx.delete("Flag", .int(1 + draw))
           try tx.update("Flag", .int(2 + draw), ["note": "b"])
         })
      },
      // The file of the renamed record ends the same on both sides: git never calls the driver.
      MovePattern(name: "rename / delete alone") { draw in
        (none, { tx, _, _ in _ = try tx.rename("Flag", from: .int(1 + draw), to: .int(900_000 + draw)) },
         { tx, _, _ in _ = try tx.delete("Flag", .int(1 + draw)) })
      },
      MovePattern(name: "rename / edit", mustConflict: true) { draw in
        (none, { tx, _, _ in _ = try tx.rename("Flag", from: .int(1 + draw), to: .int(900_000 + draw)) },
         { tx, _, _ in try tx.update("Flag", .int(1 + draw), ["note": "b"]) })
      },
    ]
  }()

  @Test(arguments: [true, false])
  func movesAndRenamesNeverLoseRecordsSilently(driver: Bool) throws {
    var random = SeededGenerator(seed: 37)
    var report: [String] = []
    for pattern in Self.movePatterns {
      var (clean, conflicted, lost, failing, missed) = (0, 0, 0, 0, 0)
      for _ in 0..<Self.movePairs {
        let draw = Int64(random.next() % 900)
        let (base, a, b) = pattern.edits(draw)
        let (merge, _, _) = try MergeDriverSplitTests.merge(
          driver: driver, reversed: random.next() % 2 == 0, base: base, a: a, b: b)
        if merge.clean {
          clean += 1
          if !merge.matchesThreeWay { lost += 1 }
          if !merge.checkPasses { failing += 1 }
          if pattern.mustConflict { missed += 1 }
        } else {
          conflicted += 1
        }
      }
      report.append(
        "\(pattern.name) \(driver ? "driver" : "plain git"): clean \(clean), conflicted \(conflicted), "
          + "lost \(lost), failing check \(failing)")
      #expect(lost == 0 && failing == 0, "\(report.last ?? "")")
      if driver { #expect(missed == 0, "\(pattern.name): \(missed) renames merged without a conflict") }
    }
    print(report.joined(separator: "\n"))
  }
}
