import Folio
import Foundation

extension BenchWorkload {
  /// Folio's parser and writer against Foundation's, on the same day-1 payload bytes.
  static let json = BenchWorkload(
    name: "json",
    summary:
      "Folio parse/write vs JSONSerialization and JSONDecoder (default --sizes 10000,100000; 1000000 is opt-in; --only OPERATION times one of parse, scan, write, serialization-parse, serialization-write, decoder alone)",
    run: { arguments in try JSONBenchmark(arguments: arguments).run() })
}

/// Times, alternating within each repetition and on the same bytes: Folio parse, Folio compact
/// write, `JSONSerialization` parse and write, and `JSONDecoder` into ``Employee``.
struct JSONBenchmark {
  var sizes: [Int]
  var repeats: Int
  var arguments: BenchArguments

  init(arguments: BenchArguments) throws {
    sizes = try arguments.sizes(default: [10_000, 100_000])
    repeats = try arguments.repeats()
    self.arguments = arguments
  }

  func run() throws {
    print(
      "folio-bench json: repeats \(repeats), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    for size in sizes { try run(size: size) }
  }

  func run(size: Int) throws {
    let bytes = try PayloadSource.bytes(day: 1, count: size, arguments: arguments)
    if let only = arguments.values["only"] {
      return try runFolioOnly(only, bytes: bytes)
    }
    let data = Data(bytes)
    let value = try JSONParser.parse(bytes)
    let foundationObject = try JSONSerialization.jsonObject(with: data)
    let written = JSONWriter.bytes(value)
    let foundationWritten = try JSONSerialization.data(withJSONObject: foundationObject)

    var folioParse = Measurement(label: "Folio parse", bytes: bytes.count)
    var folioWrite = Measurement(label: "Folio write (compact)", bytes: written.count)
    var foundationParse = Measurement(label: "JSONSerialization parse", bytes: bytes.count)
    var foundationWrite = Measurement(
      label: "JSONSerialization write", bytes: foundationWritten.count)
    var decoder = Measurement(label: "JSONDecoder → [Employee]", bytes: bytes.count)
    var checksum = 0
    for _ in 0..<repeats {
      checksum &+= try folioParse.time { try JSONParser.parse(bytes) }.arrayValue?.count ?? 0
      checksum &+= folioWrite.time { JSONWriter.bytes(value) }.count
      checksum &+=
        try foundationParse.time { try JSONSerialization.jsonObject(with: data) as? [Any] }?.count
        ?? 0
      checksum &+= try foundationWrite.time {
        try JSONSerialization.data(withJSONObject: foundationObject)
      }.count
      checksum &+= try decoder.time { try JSONDecoder().decode([Employee].self, from: data) }.count
    }

    print("\nday1_\(size).json: \(bytes.count) bytes (checksum \(checksum))")
    print(Measurement.header)
    for m in [folioParse, folioWrite, foundationParse, foundationWrite, decoder] { print(m.row) }
    func ratio(_ a: Measurement, _ b: Measurement) -> String {
      String(format: "%.1f×", b.median / a.median)
    }
    print("Folio parse vs JSONDecoder:        \(ratio(folioParse, decoder)) faster")
    print("Folio parse vs JSONSerialization:  \(ratio(folioParse, foundationParse)) faster")
    print("Folio write vs JSONSerialization:  \(ratio(folioWrite, foundationWrite)) faster")
  }

  /// `--only OPERATION`: one operation alone, for profiling. Each run goes through
  /// ``JSONBenchmark/profiledOperation(_:)``, so instruction counts of just the operation are
  /// `valgrind --tool=callgrind --toggle-collect='*profiledOperation*' folio-bench json --only …`.
  func runFolioOnly(_ operation: String, bytes: [UInt8]) throws {
    let data = Data(bytes)
    let value = try JSONParser.parse(bytes)
    let object = try JSONSerialization.jsonObject(with: data)
    let body: () throws -> Int
    switch operation {
    case "parse": body = { try JSONParser.parse(bytes).arrayValue?.count ?? 0 }
    case "scan": body = { try Self.scan(bytes) }
    case "write": body = { JSONWriter.bytes(value).count }
    case "serialization-parse":
      body = { (try JSONSerialization.jsonObject(with: data) as? [Any])?.count ?? 0 }
    case "serialization-write": body = { try JSONSerialization.data(withJSONObject: object).count }
    case "decoder": body = { try JSONDecoder().decode([Employee].self, from: data).count }
    default:
      throw BenchArguments.UsageError(
        description:
          "--only expects parse, scan, write, serialization-parse, serialization-write or decoder")
    }
    var measurement = Measurement(label: operation, bytes: bytes.count)
    var checksum = 0
    for _ in 0..<repeats { checksum &+= try measurement.time { try Self.profiledOperation(body) } }
    print(Measurement.header)
    print(measurement.row + "  (checksum \(checksum))")
  }

  /// Runs `body`; a named, never-inlined frame that callgrind can collect alone.
  @inline(never) static func profiledOperation(_ body: () throws -> Int) rethrows -> Int {
    try body()
  }
}
