import Folio
import Foundation

extension BenchWorkload {
  /// A filtered, sorted query over a store of N records.
  static let query = BenchWorkload(
    name: "query",
    summary: "active && salary > 100000 sorted by -hiredAt, all matches and first 100, over N records (default --sizes 1000000; --repeats 5)",
    run: { arguments in
      let schema = try EmployeeSchema.make()
      let repeats = try arguments.repeats()
      print("folio-bench query: repeats \(repeats), \(ProcessInfo.processInfo.activeProcessorCount) cores")
      for size in try arguments.sizes(default: [1_000_000]) {
        let fixture = try StoreFixture(count: size, schema: schema, arguments: arguments)
        defer { fixture.remove() }
        let store = try Store(directory: fixture.path, schema: schema)
        let condition: Condition = "active" == true && "salary" > 100_000.0
        let all = Query("Employee", where: condition, sortedBy: "-hiredAt")
        let top = Query("Employee", where: condition, sortedBy: "-hiredAt", limit: 100)
        var allM = Measurement(label: "filter+sort, all matches", bytes: 0)
        var topM = Measurement(label: "filter+sort, first 100", bytes: 0)
        var countM = Measurement(label: "count matches", bytes: 0)
        var matches = 0
        for _ in 0..<repeats {
          matches = try allM.time { try store.fetch(all) }.count
          _ = try topM.time { try store.fetch(top) }
          _ = try countM.time { try store.count(all) }
        }
        print("\nN=\(size): \(matches) matches")
        print(Measurement.header)
        for m in [allM, topM, countM] { print(m.row) }
        print("store-bytes: \(fixture.bytes)")
      }
      ProcessStats.printPeak()
    })
}
