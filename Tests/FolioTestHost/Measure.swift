// Measurement commands (run from a release build: swift build -c release --product folio-testhost).
//
//   folio-testhost make-store DIR N   create DIR with N employee records in one transaction
//   folio-testhost open DIR           open DIR (stored schema) and report the time
//   folio-testhost parse DIR          read and parse every shard file, sequentially and in parallel
//   folio-testhost save-one DIR       change one field of one record and report the time
//   folio-testhost save-all DIR       rewrite every shard (a full save) and report the time
import Dispatch
import Folio

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds on the monotonic clock.
func seconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The employee schema of the benchmark workload.
let employeeSchema = Schema(entities: [
  Entity(
    name: "Employee", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int), Attribute(name: "name", type: .string, key: "user.name"),
      Attribute(name: "email", type: .string), Attribute(name: "active", type: .bool),
      Attribute(name: "hiredAt", type: .isoDate, key: "hired_at"), Attribute(name: "salary", type: .double),
      Attribute(name: "departmentID", type: .int, key: "department_id"), Attribute(name: "tags", type: .array(.string)),
    ])
])

func employee(_ id: Int64) -> JSONObject {
  let tags: [JSONValue] = ["remote", "relocation", "full-time", "apac"]
  return [
    "id": .int(id), "name": .string("Margaret Montgomery \(id)"),
    "email": .string("margaret.montgomery\(id)@example-company.com"), "active": .bool(id % 3 != 0),
    "hiredAt": .string(ISODate.string(fromMilliseconds: 1_600_000_000_000 + id * 86_400_123) ?? ""),
    "salary": .double(50_000 + Double(id % 50_000) + 0.37), "departmentID": .int(id % 97),
    "tags": .array(Array(tags.prefix(Int(id % 4) + 1))),
  ]
}

func measure(_ command: String, _ arguments: [String]) throws -> Bool {
  switch (command, arguments.count) {
  case ("make-store", 2):
    let count = Int64(arguments[1]) ?? 1000
    let store = try Store(directory: arguments[0], schema: employeeSchema)
    let start = seconds()
    try store.transaction { tx in
      for id in 1...count { try tx.insert("Employee", employee(id)) }
    }
    say("make-store \(count) records: \(seconds() - start) s (insert + full save)")
  case ("open", 1):
    let start = seconds()
    let store = try Store.open(directory: arguments[0])
    say("open: \(seconds() - start) s, \(store.state.count("Employee")) records")
  case ("parse", 1):
    let files = (StoreFilesList.shards(arguments[0]))
    var total = 0
    var start = seconds()
    for file in files {
      let bytes = try readAll(file)
      total += bytes.count
      _ = try JSONParser.parse(bytes)
    }
    let sequential = seconds() - start
    start = seconds()
    DispatchQueue.concurrentPerform(iterations: files.count) { n in
      if let bytes = try? readAll(files[n]) { _ = try? JSONParser.parse(bytes) }
    }
    say("parse \(files.count) files, \(total) bytes: sequential \(sequential) s, parallel \(seconds() - start) s")
  case ("save-one", 1):
    let store = try Store.open(directory: arguments[0])
    let start = seconds()
    try store.update("Employee", 4242, ["salary": .double(Double(Int(seconds()) % 100_000) + 0.5)])
    say("save-one: \(seconds() - start) s")
  case ("save-all", 1):
    let store = try Store.open(directory: arguments[0])
    let start = seconds()
    try store.rewriteFiles()
    say("save-all: \(seconds() - start) s")
  default:
    return false
  }
  return true
}

enum StoreFilesList {
  /// Every shard file of the store, from its entity folders.
  static func shards(_ directory: String) -> [String] {
    var result: [String] = []
    for folder in ["Employee"] {
      guard let dir = opendir(directory + "/" + folder) else { continue }
      defer { closedir(dir) }
      while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasSuffix(".json") { result.append(directory + "/" + folder + "/" + name) }
      }
    }
    return result.sorted()
  }
}

func readAll(_ path: String) throws -> [UInt8] {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return [] }
  defer { close(fd) }
  var info = stat()
  fstat(fd, &info)
  var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
  var done = 0
  while done < bytes.count {
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
    if n <= 0 { break }
    done += n
  }
  return bytes
}
