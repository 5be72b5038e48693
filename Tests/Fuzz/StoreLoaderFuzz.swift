// Fuzz target: the directory store's loader (libFuzzer; built by Tests/Fuzz/run, not by SwiftPM).
//
// The first byte picks what the rest of the input is:
//   0: a commit journal's commit.json (every path it yields is a store file, or it is refused)
//      and a format-1 manifest.json (LegacyManifest(bytes:))
//   1: a Person shard file, loaded and validated by StoreLoader
//   2: a Batch shard and a Click shard separated by 0x1E (links between entities)
//   3: schema.json bytes (the stored schema copy, in the schema-file format; a decoded copy
//      rewrites to one with the same fingerprint and format member)
//   4: two Person files separated by 0x1E (the second under a boundary's name, so records can
//      sit in the wrong file), opened as a whole store (read-only, strict and lenient)
// Never a crash; every problem names its file; a clean load keeps every invariant and its
// records rewrite, in the files the layout gives them, to canonical bytes that load again to
// the same records.
import Foundation
@testable import Folio

let schema = Schema(entities: [
  Entity(
    name: "Batch", identifiers: ["id"],
    attributes: [Attribute(name: "id", type: .int), Attribute(name: "label", type: .string, isOptional: true)],
    relationships: [Relationship(name: "clicks", target: "Click", isToMany: true, inverse: "batch", deleteRule: .cascade)]),
  Entity(
    name: "Click", identifiers: ["clickID", "kind"],
    attributes: [Attribute(name: "clickID", type: .int), Attribute(name: "kind", type: .string)],
    relationships: [Relationship(name: "batch", target: "Batch", isToMany: false, inverse: "clicks")]),
  Entity(
    name: "Person", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .string),
      Attribute(name: "name", type: .string),
      Attribute(name: "active", type: .bool, defaultValue: true),
      Attribute(name: "born", type: .isoDate, isOptional: true),
      Attribute(name: "score", type: .double, isOptional: true),
      Attribute(name: "count", type: .int, isOptional: true),
      Attribute(name: "tags", type: .array(.string), isOptional: true),
    ],
    relationships: [Relationship(name: "friends", target: "Person", isToMany: true, isOrdered: true)]),
])

let directory: String = {
  let path = "/dev/shm/folio-fuzz-loader-\(getpid())"
  for entity in schema.entities { try? FileManager.default.createDirectory(atPath: path + "/" + entity.name, withIntermediateDirectories: true) }
  try? FileManager.default.createDirectory(atPath: path + "/store/Person", withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(atPath: "/dev/shm/folio-fuzz-loader-\(getpid())") }
  return path
}()

func write(_ bytes: some Collection<UInt8>, _ file: String) {
  _ = FileManager.default.createFile(atPath: directory + "/" + file, contents: Data(bytes))
}

/// Removes every file of every entity folder.
func clear() {
  for entity in schema.entities {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + entity.name)) ?? [] {
      try? FileManager.default.removeItem(atPath: directory + "/" + entity.name + "/" + name)
    }
  }
}

func load(_ shards: [String: [UInt8]]) {
  clear()
  for (entity, bytes) in shards { write(bytes, entity + "/" + ShardLayout.headName + ".json") }
  let result = StoreLoader(directory: directory, schema: schema, digest: FileDigest(k0: 1, k1: 2)).load()
  for problem in result.problems {
    precondition(problem.file != nil, "a loader problem without a file: \(problem)")
    _ = problem.description
  }
  guard result.problems.isEmpty else { return }
  precondition(result.state.invariantViolations().isEmpty, "a clean load breaks invariants: \(result.state.invariantViolations())")
  clear()
  for entity in schema.entities {
    guard let table = result.state.tables[entity.name] else { continue }
    for (position, name) in table.chunkNames.enumerated() where !table.chunks[position].isEmpty {
      let derived = result.state.index.derivedRelationships(of: entity.name)
      write(ShardFile.bytes(table.chunks[position], skipping: derived), ShardLayout.path(entity: entity.name, name: name))
    }
  }
  let again = StoreLoader(directory: directory, schema: schema, digest: FileDigest(k0: 1, k1: 2)).load()
  precondition(again.problems.isEmpty, "canonical files do not load: \(again.problems)")
  precondition(again.relayout.isEmpty, "canonical files need a re-layout")
  for entity in schema.entities {
    let first = result.state.tables[entity.name]
    let second = again.state.tables[entity.name]
    precondition(first?.chunkNames == second?.chunkNames, "canonical files load into other chunks")
    precondition(records(first) == records(second), "canonical files load differently")
  }
}

/// Every record of `table`, decoded, by identifier (chunks of rows compare by their records).
func records(_ table: EntityTable?) -> [RecordID: JSONObject] {
  var records: [RecordID: JSONObject] = [:]
  table?.forEach { id, record in records[id] = record }
  return records
}

func split(_ bytes: ArraySlice<UInt8>) -> ([UInt8], [UInt8]) {
  guard let separator = bytes.firstIndex(of: 0x1E) else { return (Array(bytes), []) }
  return (Array(bytes[..<separator]), Array(bytes[(separator + 1)...]))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  guard let mode = input.first else { return 0 }
  let rest = input.dropFirst()
  switch mode % 5 {
  case 0:
    _ = try? LegacyManifest(bytes: Array(rest))
    let store = directory + "/journal"
    try? FileManager.default.createDirectory(atPath: store + "/" + CommitJournal.folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: store + "/" + CommitJournal.folder + "/commit.json", contents: Data(rest))
    if let record = try? CommitJournal.committedRecord(directory: store) {
      let files = record.entries.map(\.file) + record.removals.map(\.file)
      precondition(files.allSatisfy(StorePath.isStoreFile), "a journal path outside the store was accepted")
      // Without this working copy's key no journal is ever applied or read through.
      let through = CommitJournal.readThrough(directory: store, digest: nil)
      precondition(through.overlay.isEmpty && through.removed.isEmpty, "a foreign journal was read through")
    }
  case 1:
    load(["Person": Array(rest)])
  case 2:
    let (batches, clicks) = split(rest)
    load(["Batch": batches, "Click": clicks])
  case 3:
    if let (decoded, format) = try? SchemaCopy.decode(Array(rest), customRules: .none) {
      let again = try? SchemaCopy.decode(SchemaCopy.bytes(decoded, format: format), customRules: .none)
      precondition(again?.0.fingerprint == decoded.fingerprint && again?.1 == format, "a schema copy does not round-trip")
    }
  default:
    let (head, other) = split(rest)
    let store = directory + "/store"
    write(SchemaCopy.bytes(schema), "store/schema.json")
    write(head, "store/Person/" + ShardLayout.headName + ".json")
    write(other, "store/Person/" + ShardLayout.name(hash: ShardLayout.boundaryHash(.string("b"))) + ".json")
    for validation in StoreOptions.Validation.allCases {
      let options = StoreOptions(validation: validation, readOnly: true)
      if let opened = try? Store(directory: store, schema: schema, options: options) {
        precondition(opened.state.invariantViolations().isEmpty, "an opened store breaks invariants")
      }
    }
  }
  return 0
}
