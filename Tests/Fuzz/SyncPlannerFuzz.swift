// Fuzz target: the sync planner and apply (libFuzzer; built by Tests/Fuzz/run, not by SwiftPM).
//
// Input: a first byte below 0x80 picks one of the schema files in Fixtures/schemas (the rest
// is the payload); from 0x80 the rest is a schema file, 0x1E, then the payload. The payload is
// planned and applied into every entity in turn, with options taken from the first byte, then
// planned again (a second sync sees the first). Never a crash, every applied state keeps its
// invariants, a plan made twice on one state is the same plan, and planning the payload's bytes
// (`plan(json:)`, parsed in chunks) gives the same plan, or for invalid JSON the same error.
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
  let bytes = Array(payloadBytes)
  let payload: JSONValue
  do {
    payload = try JSONParser.parse(bytes)
  } catch {
    // Invalid JSON: the bytes API must fail with the parser's own error, whatever the schema.
    guard let store = try? Store.inMemory(schema: schema), let entity = schema.entities.first else { return 0 }
    do {
      _ = try store.plan(json: bytes, into: entity.name)
      preconditionFailure("plan(json:) accepted text the parser rejects: \(error)")
    } catch let streamed as JSONError {
      precondition(streamed.description == error.description, "plan(json:) gave \(streamed), the parser \(error)")
    } catch {
      preconditionFailure("plan(json:) threw \(error) for invalid JSON")
    }
    return 0
  }
  guard let store = try? Store.inMemory(schema: schema) else { return 0 }
  var options = SyncOptions(
    insertMissing: first & 1 == 0, updateExisting: first & 2 == 0, deleteMissing: first & 4 == 0,
    forceInsert: first & 8 != 0, forceUpdate: first & 16 != 0)
  if first & 32 != 0 { options.maximumDeleteShare = 0.5 }
  for _ in 0..<2 {
    for entity in schema.entities {
      // The bytes API plans exactly what parsing first plans (or fails the same way).
      let fromBytes = try? store.plan(json: bytes, into: entity.name, options: options)
      guard let plan = try? store.plan(payload, into: entity.name, options: options) else {
        precondition(fromBytes == nil, "plan(json:) planned what plan(_:) refused")
        continue
      }
      precondition(fromBytes?.report == plan.report, "plan(json:) and plan(_:) gave two plans")
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
