// Fuzz target: the directory store's loader (libFuzzer; built by Tests/Fuzz/run, not by SwiftPM).
//
// The first byte picks what the rest of the input is:
//   0: manifest.json bytes (Manifest(bytes:); a parsed manifest rewrites to itself)
//   1: a Person shard file, loaded and validated by StoreLoader against a manifest whose
//      checksum matches (so the loader goes past the checksum)
//   2: a Batch shard and a Click shard separated by 0x1E (links between entities)
//   3: schema.json bytes (the stored schema copy, in the schema-file format; a decoded copy
//      rewrites to one with the same fingerprint)
//   4: manifest.json, then the Person shard after 0x1E, opened as a whole store (read-only,
//      strict and lenient)
// Never a crash; every problem names its file; a clean load keeps every invariant and its
// shards rewrite to canonical bytes that load again to the same records.
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

func manifest(_ shards: [String: [UInt8]]) -> Manifest {
  var entities: [String: Manifest.EntityShards] = [:]
  for entity in schema.entities {
    let bytes = shards[entity.name] ?? Array("[]\n".utf8)
    entities[entity.name] = Manifest.EntityShards(
      shardBits: 0, shards: [Manifest.Shard(records: -1, checksum: ShardFile.checksum(bytes))])
  }
  return Manifest(generation: 1, schemaFingerprint: schema.fingerprint, migrations: [], entities: entities)
}

func load(_ shards: [String: [UInt8]]) {
  for entity in schema.entities { write(shards[entity.name] ?? Array("[]\n".utf8), entity.name + "/0000.json") }
  let result = StoreLoader(directory: directory, schema: schema, manifest: manifest(shards)).load()
  for problem in result.problems {
    precondition(problem.file != nil, "a loader problem without a file: \(problem)")
    _ = problem.description
  }
  let clean = result.problems.allSatisfy { $0.code == .invalidManifest }  // records: -1 never matches
  guard clean else { return }
  precondition(result.state.invariantViolations().isEmpty, "a clean load breaks invariants: \(result.state.invariantViolations())")
  var rewritten: [String: [UInt8]] = [:]
  for entity in schema.entities {
    rewritten[entity.name] = ShardFile.bytes(result.state.tables[entity.name]?.shards[0] ?? [:])
  }
  for entity in schema.entities { write(rewritten[entity.name] ?? [], entity.name + "/0000.json") }
  let again = StoreLoader(directory: directory, schema: schema, manifest: manifest(rewritten)).load()
  precondition(again.problems.allSatisfy { $0.code == .invalidManifest }, "canonical shards do not load: \(again.problems)")
  for entity in schema.entities {
    precondition(again.state.tables[entity.name]?.shards[0] == result.state.tables[entity.name]?.shards[0], "canonical shards load differently")
  }
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
    if let parsed = try? Manifest(bytes: Array(rest)) {
      precondition((try? Manifest(bytes: parsed.bytes)) == parsed, "a manifest does not round-trip")
    }
  case 1:
    load(["Person": Array(rest)])
  case 2:
    let (batches, clicks) = split(rest)
    load(["Batch": batches, "Click": clicks])
  case 3:
    if let decoded = try? SchemaCopy.decode(Array(rest), customRules: .none) {
      _ = decoded.fingerprint
      precondition((try? SchemaCopy.decode(SchemaCopy.bytes(decoded), customRules: .none))?.fingerprint == decoded.fingerprint, "a schema copy does not round-trip")
    }
  default:
    let (manifestBytes, person) = split(rest)
    let store = directory + "/store"
    write(SchemaCopy.bytes(schema), "store/schema.json")
    write(manifestBytes, "store/manifest.json")
    write(person, "store/Person/0000.json")
    for validation in StoreOptions.Validation.allCases {
      let options = StoreOptions(validation: validation, readOnly: true)
      if let opened = try? Store(directory: store, schema: schema, options: options) {
        precondition(opened.state.invariantViolations().isEmpty, "an opened store breaks invariants")
      }
    }
  }
  return 0
}
