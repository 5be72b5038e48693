import Foundation
import Testing

@testable import Folio
import FolioTestSupport

@Suite struct CommitLockTests {
  static let schema = StoreFixtures.batchSchema

  @Test func aReaderProcessOpeningDuringSavesSeesWholeCommitsOnly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/store.folio"
    do {
      let store = try Store(directory: path, schema: Self.schema)
      try store.transaction { tx in
        for id in 1...3000 { try tx.insert("Batch", ["id": .int(Int64(id)), "label": "0"]) }
      }
      // Commits span files: the churn rewrites records 1…8 and the store's state file.
      #expect(store.state.tables["Batch"]?.chunkCount ?? 0 > 1)
    }
    let writer = try StoreTestHost.start(["churn", path, "Batch", "label", "40"])
    defer { writer.kill() }
    #expect(writer.readLine() == "churning 8")
    var distinct = Set<String>()
    var opens = 0
    while writer.process.isRunning || opens == 0 {
      let reader = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
      let labels = Set((1...8).map { reader.get("Batch", .int(Int64($0)))?["label"]?.stringValue ?? "?" })
      #expect(labels.count == 1, "a reader saw a mix of commits: \(labels.sorted())")
      distinct.formUnion(labels)
      #expect(reader.state.count("Batch") == 3000)
      opens += 1
    }
    #expect(writer.readLine() == "churned 41")
    #expect(writer.wait() == 0)
    let final = try Store(directory: path, schema: Self.schema)
    #expect(final.get("Batch", 8)?["label"] == "40")
    #expect(try final.check() == [])
    #expect(opens > 0)
  }
}
