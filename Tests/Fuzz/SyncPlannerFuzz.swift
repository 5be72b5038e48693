// Fuzz target: the sync planner and apply (libFuzzer; built by Tests/Fuzz/run, not by SwiftPM).
//
// Input: a first byte below 0x80 picks one of the schema files in Fixtures/schemas (the rest
// is the payload); from 0x80 the rest is a schema file, 0x1E, then the payload. The payload is
// planned and applied into every entity in turn, with options taken from the first byte, then
// planned again (a second sync sees the first). Never a crash, every applied state keeps its
// invariants, and a plan made twice on one state is the same plan.
import Foundation
import Folio

let schemas: [Schema] = {
  let folder = "Fixtures/schemas"
  let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
  let loaded = names.compactMap { try? Schema.load(contentsOf: folder + "/" + $0) }
  precondition(!loaded.isEmpty, "run from the package root: Fixtures/schemas holds no schema")
  return loaded
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSyncPlanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  guard let first = input.first else { return 0 }
  let schema: Schema
  let payloadBytes: ArraySlice<UInt8>
  if first < 0x80 {
    schema = schemas[Int(first) % schemas.count]
    payloadBytes = input.dropFirst()
  } else {
    let rest = input.dropFirst()
    guard let separator = rest.firstIndex(of: 0x1E),
      let decoded = try? Schema(fileBytes: Array(rest[..<separator]))
    else { return 0 }
    schema = decoded
    payloadBytes = rest[(separator + 1)...]
  }
  guard let payload = try? JSONParser.parse(Array(payloadBytes)), let store = try? Store.inMemory(schema: schema) else { return 0 }
  var options = SyncOptions(
    insertMissing: first & 1 == 0, updateExisting: first & 2 == 0, deleteMissing: first & 4 == 0,
    forceInsert: first & 8 != 0, forceUpdate: first & 16 != 0)
  if first & 32 != 0 { options.maximumDeleteShare = 0.5 }
  for _ in 0..<2 {
    for entity in schema.entities {
      guard let plan = try? store.plan(payload, into: entity.name, options: options) else { continue }
      let again = try? store.plan(payload, into: entity.name, options: options)
      precondition(again?.report == plan.report, "planning twice gave two plans")
      _ = plan.summary
      _ = try? store.apply(plan)
      let problems = store.state.invariantViolations()
      precondition(problems.isEmpty, "sync broke invariants: \(problems)")
      _ = store.state.export(entity.name)
    }
  }
  return 0
}
