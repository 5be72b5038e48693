import Folio
import Foundation

extension BenchWorkload {
  /// A filtered, sorted query over a store of N records, and secondary indexes against the scan.
  static let query = BenchWorkload(
    name: "query",
    summary: "active && salary > 100000 sorted by -hiredAt, all matches and first 100; then name == X and a salary range with and without indexes on name and salary, the indexes' memory and their cost to an N-record sync, over N records (default --sizes 1000000; --repeats 5; --only scan: the filtered, sorted query alone, as memory measures it)",
    run: { arguments in
      let schema = try EmployeeSchema.make()
      let indexed = try indexedSchema(schema)
      let repeats = try arguments.repeats()
      // Without the index comparison and the indexed sync, whose stores would set the peak.
      let scanOnly = arguments.values["only"] == "scan"
      print("folio-bench query: repeats \(repeats), \(ProcessInfo.processInfo.activeProcessorCount) cores")
      for size in try arguments.sizes(default: [1_000_000]) {
        let fixture = try StoreFixture(count: size, schema: schema, arguments: arguments)
        defer { fixture.remove() }
        var probe: (name: JSONValue, email: JSONValue, salary: Double)?
        do {
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
          // A record from the middle gives the looked-up name and the range's start.
          let ids = store.state.ids("Employee")
          if !ids.isEmpty, let record = store.state.record("Employee", ids[ids.count / 2]),
            let name = record["name"], let email = record["email"],
            case .double(let salary)? = record["salary"]
          {
            probe = (name, email, salary)
          } else if !ids.isEmpty, let record = store.state.record("Employee", ids[ids.count / 2]),
            let name = record["name"], let email = record["email"],
            case .int(let salary)? = record["salary"]
          {
            probe = (name, email, Double(salary))
          }
        }
        guard let probe, !scanOnly else { continue }
        try compareIndexes(
          fixture: fixture, plain: schema, indexed: indexed, probe: probe, repeats: repeats)
        try syncCost(size: size, plain: schema, indexed: indexed, arguments: arguments)
      }
      ProcessStats.printPeak()
    })

  /// The employee schema with `name`, `email` and `salary` indexed.
  static func indexedSchema(_ schema: Schema) throws -> Schema {
    var copy = schema
    for (e, entity) in copy.entities.enumerated() where entity.name == "Employee" {
      for (a, attribute) in entity.attributes.enumerated() where ["name", "email", "salary"].contains(attribute.name) {
        copy.entities[e].attributes[a].isIndexed = true
      }
    }
    return copy
  }

  /// Times an equality lookup and a range query by scan and by index over the same store.
  static func compareIndexes(
    fixture: StoreFixture, plain: Schema, indexed: Schema, probe: (name: JSONValue, email: JSONValue, salary: Double),
    repeats: Int
  ) throws {
    let lookup = Query("Employee", where: Field("email") == probe.email)
    let byName = Query("Employee", where: Field("name") == probe.name)
    let range = Query(
      "Employee", where: "salary" >= probe.salary && "salary" < probe.salary + 50.0)
    var rows: [(String, Measurement, Measurement, Int)] = []
    var scanResults: [[RecordID]] = []
    let plainOpenSeconds: Double
    do {
      let clock = Stopwatch()
      let store = try Store(directory: fixture.path, schema: plain)
      plainOpenSeconds = clock.elapsed
      var eq = Measurement(label: "", bytes: 0)
      var nm = Measurement(label: "", bytes: 0)
      var rg = Measurement(label: "", bytes: 0)
      var found = (0, 0, 0)
      for _ in 0..<repeats {
        found.0 = try eq.time { try store.fetch(lookup) }.count
        found.1 = try nm.time { try store.fetch(byName) }.count
        found.2 = try rg.time { try store.fetch(range) }.count
      }
      scanResults = [
        try store.state.fetchIDs(lookup), try store.state.fetchIDs(byName), try store.state.fetchIDs(range),
      ]
      rows = [
        ("email == X", eq, eq, found.0), ("name == X", nm, nm, found.1), ("salary range", rg, rg, found.2),
      ]
      print("plan without index: \(try store.explain(lookup)); \(try store.explain(range))")
    }
    let clock = Stopwatch()
    let store = try Store(directory: fixture.path, schema: indexed)
    let openSeconds = clock.elapsed
    var eq = Measurement(label: "", bytes: 0)
    var nm = Measurement(label: "", bytes: 0)
    var rg = Measurement(label: "", bytes: 0)
    // Many runs: one indexed lookup is far below the clock's useful resolution otherwise.
    for _ in 0..<Swift.max(repeats, 200) {
      _ = try eq.time { try store.fetch(lookup) }
      _ = try nm.time { try store.fetch(byName) }
      _ = try rg.time { try store.fetch(range) }
    }
    rows[0].2 = eq
    rows[1].2 = nm
    rows[2].2 = rg
    let same =
      try store.state.fetchIDs(lookup) == scanResults[0] && store.state.fetchIDs(byName) == scanResults[1]
      && store.state.fetchIDs(range) == scanResults[2]
    print("plan with index: \(try store.explain(lookup)); \(try store.explain(byName)); \(try store.explain(range))")
    print("\nindexes (name, email, salary): same results as the scan: \(same)")
    print("query            matches   scan median (ms)   index median (ms)    speed-up")
    for (label, scan, index, matches) in rows {
      print(
        String(
          format: "%@ %8d %18.4f %19.4f %10.0fx", label.padding(toLength: 14, withPad: " ", startingAt: 0),
          matches, scan.median * 1000, index.median * 1000, scan.median / index.median))
    }
    print("index-memory-bytes: \(store.state.indexMemory("Employee"))")
    print(String(format: "open: %.3f s without indexes, %.3f s with the three", plainOpenSeconds, openSeconds))
  }

  /// Times a sync of the day-1 payload into an empty in-memory store without and with indexes.
  static func syncCost(size: Int, plain: Schema, indexed: Schema, arguments: BenchArguments) throws {
    let payload: [UInt8]
    if let directory = arguments.payloadDirectory {
      payload = try PayloadSource.fileBytes("\(directory)/day1_\(size).json")
    } else {
      payload = PayloadSource.generate(day: 1, count: size)
    }
    let value = try JSONParser.parse(payload)
    var seconds: [Double] = []
    for schema in [plain, indexed] {
      let store = try Store.inMemory(schema: schema)
      let clock = Stopwatch()
      try store.sync(value, into: "Employee")
      seconds.append(clock.elapsed)
    }
    print(
      String(
        format: "sync of %d records into memory: %.3f s without indexes, %.3f s with (%+.1f%%)", size,
        seconds[0], seconds[1], (seconds[1] / seconds[0] - 1) * 100))
  }
}
