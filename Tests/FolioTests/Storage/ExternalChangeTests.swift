import Foundation
import Synchronization
import Testing

@testable import Folio
import FolioTestSupport

/// A store open for writing while someone else changes its files (an editor, `git pull`,
/// `checkout`, `merge`): the change is read before the next transaction, and a change that lands
/// while a commit is being written is never overwritten (issue 31, defect 1).
@Suite struct ExternalChangeTests {
  static let schema = StoreFixtures.batchSchema
  static let head = "Batch/0000000000000000.json"

  /// A store with Batch 1…3, closed.
  func seeded(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/store.folio"
    let store = try Store(directory: path, schema: Self.schema)
    try store.transaction { tx in
      for id in 1...3 { try tx.insert("Batch", ["id": .int(Int64(id)), "label": .string("stored \(id)")]) }
    }
    return path
  }

  /// Adds Batch `id` to the head file by hand, the way an editor saves: a new file renamed over
  /// the old one.
  static func addByHand(_ id: Int, label: String, in path: String) throws {
    let file = path + "/" + head
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: "[\n", with: "[\n  {\"id\": \(id), \"label\": \"\(label)\"},\n", options: [], range: text.range(of: "[\n"))
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
  }

  @Test func anEditSavedWhileTheStoreIsOpenIsReadBeforeTheNextTransaction() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    let store = try Store(directory: path, schema: Self.schema)
    let heard = Mutex<[RecordChange]>([])
    store.addCommitListener { event in heard.withLock { $0 += event.changes } }
    try Self.addByHand(-7, label: "by hand", in: path)
    try store.update("Batch", 2, ["label": "changed"])
    #expect(store.get("Batch", -7)?["label"] == "by hand")
    #expect(store.get("Batch", 2)?["label"] == "changed")
    // Listeners hear of the record read from the edited file, then of the update.
    #expect(heard.withLock { $0.map { "\($0.kind) \($0.key)" } } == ["insert Batch -7", "update Batch 2"])
    let reopened = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reopened.state.ids("Batch") == [-7, 1, 2, 3])
    #expect(try store.check() == [])
  }

  @Test func aFileRemovedOrAddedByACheckoutIsReadBeforeTheNextTransaction() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    let store = try Store(directory: path, schema: Self.schema)
    try FileManager.default.removeItem(atPath: path + "/" + Self.head)
    try store.insert("Person", ["id": 1, "name": "Grace"])
    #expect(store.state.count("Batch") == 0)
    #expect(!FileManager.default.fileExists(atPath: path + "/" + Self.head))
    try Data("[{\"id\": 9, \"label\": \"checked out\"}]\n".utf8).write(to: URL(fileURLWithPath: path + "/Batch/0000000000000000.json"))
    try store.insert("Person", ["id": 2, "name": "Alan"])
    #expect(store.get("Batch", 9)?["label"] == "checked out")
    #expect(try store.check() == [])
  }

  /// The edit lands while the sync encodes and writes its files (from its progress callback):
  /// the commit finds the file changed, puts everything back and writes nothing; the next sync
  /// plans on top of the edit.
  @Test func anEditLandingWhileASyncWritesIsNeverOverwritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    let store = try Store(directory: path, schema: Self.schema)
    let edited = Atomic(false)
    var options = SyncOptions()
    options.deleteMissing = false
    options.progress = { progress in
      guard progress.phase == .writing, !edited.exchange(true, ordering: .relaxed) else { return }
      try? Self.addByHand(-1, label: "saved during the sync", in: path)
    }
    let error = try #require(throws: SyncError.self) {
      try store.sync([["id": 1, "label": "synced"], ["id": 4, "label": "new"]], into: "Batch", options: options)
    }
    #expect(error.code == .changedOutside)
    #expect(error.message.contains(Self.head))
    #expect(store.get("Batch", 1)?["label"] == "stored 1")
    let onDisk = try String(contentsOfFile: path + "/" + Self.head, encoding: .utf8)
    #expect(onDisk.contains("saved during the sync"))
    #expect(!onDisk.contains("synced"))
    #expect(!FileManager.default.fileExists(atPath: path + "/.folio/journal"))
    // Synced again (the edit is not repeated): applied on top of the edit.
    let report = try store.sync([["id": 1, "label": "synced"], ["id": 4, "label": "new"]], into: "Batch", options: options)
    #expect(report.summary == "1 inserted · 1 updated")
    #expect(store.state.ids("Batch") == [-1, 1, 2, 3, 4])
    let reopened = try Store(directory: path, schema: Self.schema, options: StoreOptions(readOnly: true))
    #expect(reopened.get("Batch", -1)?["label"] == "saved during the sync")
    #expect(reopened.get("Batch", 1)?["label"] == "synced")
    #expect(try store.check() == [])
  }

  /// A file the commit would remove, edited outside while the transaction runs: kept, and the
  /// transaction fails with `changedOutside`.
  @Test func aFileEditedWhileACommitWouldRemoveItIsKept() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    let store = try Store(directory: path, schema: Self.schema)
    let error = try #require(throws: StoreError.self) {
      try store.transaction { tx in
        for id in 1...3 { try tx.delete("Batch", .int(Int64(id))) }
        try Self.addByHand(-2, label: "keep me", in: path)
      }
    }
    #expect(error.code == .changedOutside)
    let onDisk = try String(contentsOfFile: path + "/" + Self.head, encoding: .utf8)
    #expect(onDisk.contains("keep me"))
    #expect(store.state.count("Batch") == 3)
    // The next transaction sees the edit; deleting again leaves the record made by hand.
    try store.transaction { tx in
      for id in 1...3 { try tx.delete("Batch", .int(Int64(id))) }
    }
    #expect(store.state.ids("Batch") == [-2])
  }

  @Test func everyWorkingCopyChecksumsWithAKeyOfItsOwn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try seeded(directory)
    let copy = directory.path + "/copy.folio"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    _ = try Store(directory: copy, schema: Self.schema)
    let original = try #require(LocalState.read(directory: path))
    let copied = try #require(LocalState.read(directory: copy))
    #expect(original.digest != copied.digest)
    #expect(original.home != copied.home)
    // The same bytes, two checksums: neither can be computed without the working copy's key.
    #expect(original.files[Self.head] != copied.files[Self.head])
    #expect(original.files[Self.head]?.hasPrefix("sip128:") == true)
  }

  /// SipHash-2-4 with a 128-bit output: the reference vectors for key 00…0f and messages
  /// 00, 00 01, … (the first, the 8-byte and the 15-byte cases).
  @Test func theChecksumIsSipHash128() {
    let digest = FileDigest(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908)
    #expect(digest.checksum([UInt8]()) == "sip128:a3817f04ba25a8e66df67214c7550293")
    #expect(digest.checksum(Array(0..<8)) == "sip128:3b62a9ba6258f5610f83e264f31497b4")
    #expect(digest.checksum(Array(0..<15)) == "sip128:5493e99933b0a8117e08ec0f97cfc3d9")
  }
}
