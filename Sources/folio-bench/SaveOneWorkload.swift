import Folio
import Foundation

extension BenchWorkload {
  /// Changing one record of a large store and saving, against a save that rewrites every shard.
  static let saveOne = BenchWorkload(
    name: "save-one",
    summary: "change one record in a store of N and save: time, bytes written, shards written; vs a full save (default --sizes 1000000; --repeats 5)",
    run: { arguments in try SaveOneBenchmark(arguments: arguments).run() })
}

/// Times `store.update` of one record (autosaved) and a transaction touching every shard.
struct SaveOneBenchmark {
  var sizes: [Int]
  var repeats: Int
  var arguments: BenchArguments

  init(arguments: BenchArguments) throws {
    sizes = try arguments.sizes(default: [1_000_000])
    repeats = try arguments.repeats()
    self.arguments = arguments
  }

  /// What one save did.
  struct Save {
    var seconds: Double
    var bytesWritten: Int
    var shardsWritten: Int
  }

  func run() throws {
    print("folio-bench save-one: repeats \(repeats), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    let schema = try EmployeeSchema.make()
    for size in sizes {
      let fixture = try StoreFixture(count: size, schema: schema, arguments: arguments)
      defer { fixture.remove() }
      let store = try Store(directory: fixture.path, schema: schema)
      func measure(_ body: () throws -> Void) throws -> Save {
        let before = fixture.shardStamps()
        let written = ProcessStats.bytesWritten
        let clock = Stopwatch()
        try body()
        let seconds = clock.elapsed
        let after = fixture.shardStamps()
        let changed = after.filter { before[$0.key] != $0.value }.count
        return Save(seconds: seconds, bytesWritten: ProcessStats.bytesWritten - written, shardsWritten: changed)
      }
      let ids = store.state.ids("Employee")
      var one: [Save] = []
      var full: [Save] = []
      // Values no earlier run wrote: a second run on the same store (--store) would otherwise
      // write the values the first one left, change nothing and save nothing.
      let salt = Double(UInt32.random(in: 1...1_000_000)) * 1_000
      for rep in 0..<repeats {
        let id = ids[(rep * 7919) % ids.count]
        one.append(try measure { try store.update("Employee", id, ["salary": .double(salt + Double(rep) + 0.5)]) })
        // Every 64th record: with about 1,000 records per shard, every shard changes.
        full.append(try measure {
          try store.transaction { tx in
            for n in stride(from: rep % 64, to: ids.count, by: 64) {
              try tx.update("Employee", ids[n], ["salary": .double(salt + Double(n) + Double(rep) / 4)])
            }
          }
        })
      }
      let shardCount = fixture.shardStamps().count
      let oneM = Measurement(label: "save one record", bytes: 0, seconds: one.map(\.seconds))
      let fullM = Measurement(label: "save every shard", bytes: 0, seconds: full.map(\.seconds))
      print("\nN=\(size): \(shardCount) shards, \(fixture.bytes) bytes on disk")
      print(Measurement.header)
      print(oneM.row)
      print(fullM.row)
      print("save one: bytes written \(one.map(\.bytesWritten).sorted()[one.count / 2]) (median), shards written \(one.map(\.shardsWritten))")
      print("full save: bytes written \(full.map(\.bytesWritten).sorted()[full.count / 2]) (median), shards written \(full.map(\.shardsWritten))")
      print(String(format: "ratio save-one/full save: %.3f%%", 100 * oneM.median / fullM.median))
      print("store-bytes: \(fixture.bytes)")
    }
    ProcessStats.printPeak()
  }
}
