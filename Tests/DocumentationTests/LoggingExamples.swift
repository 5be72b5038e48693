import Folio
import FolioTestSupport
import Foundation
import Synchronization
import Testing

/// A stand-in for swift-log's `Logger` with the same API shape (`Logger.Level` raw values,
/// `Logger.Message` from string interpolation, `Logger.MetadataValue.string`), so the bridge in
/// Documentation/Logging.md compiles without the package. It records what it is given.
struct Logger: Sendable {
  enum Level: String, Sendable, CaseIterable { case trace, debug, info, notice, warning, error, critical }
  enum MetadataValue: Sendable, Equatable { case string(String) }
  typealias Metadata = [String: MetadataValue]
  struct Message: ExpressibleByStringInterpolation, Sendable {
    var text: String
    init(stringLiteral value: String) { text = value }
  }
  final class Records: Sendable {
    let logged = Mutex<[(Level, String, Metadata)]>([])
  }

  let label: String
  let records = Records()

  init(label: String) { self.label = label }

  func log(level: Level, _ message: @autoclosure () -> Message, metadata: @autoclosure () -> Metadata? = nil) {
    let entry = (level, message().text, metadata() ?? [:])
    records.logged.withLock { $0.append(entry) }
  }
}

/// The Swift examples of Documentation/Logging.md, run as written.
@Suite struct LoggingExamples {
  static var company: Schema {
    get throws {
      let fixture = try FixtureFolder("company")
      return try Schema.load(contentsOf: fixture.url("schema.json").path)
    }
  }

  @Test func aHandlerReceivesEntries() throws {
    let company = try Self.company
let log = FolioLogHandler(minimumLevel: .debug) { entry in print(entry) }
let store = try Store.inMemory(schema: company, logHandler: log)
try store.insert("Department", ["id": 9, "name": "Ops"])
// [info] commit: commit 1: 1 record changed changes=1 entities=Department generation=1
// [debug] record.inserted: Department 9 inserted entity=Department generation=1 identifier=9
    // What the example prints, as its comments say: the same calls with a collecting handler.
    let printed = Mutex<[String]>([])
    let collecting = try Store.inMemory(
      schema: company, logHandler: FolioLogHandler(minimumLevel: .debug) { entry in printed.withLock { $0.append("\(entry)") } })
    try collecting.insert("Department", ["id": 9, "name": "Ops"])
    #expect(printed.withLock { $0 } == [
      "[info] commit: commit 1: 1 record changed changes=1 entities=Department generation=1",
      "[debug] record.inserted: Department 9 inserted entity=Department generation=1 identifier=9",
    ])
    #expect(store.generation == 1)
  }

  @Test func aDirectoryStoreLogsItsOpening() throws {
    let company = try Self.company
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/company.folio"
var options = StoreOptions()
options.logHandler = FolioLogHandler(minimumLevel: .info) { entry in print(entry.event, entry.metadata) }
let opened = try Store(directory: path, schema: company, options: options)
    #expect(opened.generation == 0)
    #expect(options.logHandler?.minimumLevel == .info)
  }

  @Test func theSwiftLogBridge() throws {
    let company = try Self.company
    var options = StoreOptions()
let logger = Logger(label: "com.example.folio")
options.logHandler = FolioLogHandler(minimumLevel: .debug) { entry in
  logger.log(level: Logger.Level(rawValue: entry.level.rawValue) ?? .info, "\(entry.message)", metadata: entry.metadata.mapValues { .string($0) })
}
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/company.folio"
    let store = try Store(directory: path, schema: company, options: options)
    try store.insert("Department", ["id": 9, "name": "Ops"])
    let logged = logger.records.logged.withLock { $0 }
    #expect(logged.map(\.0) == [.info, .info, .debug])
    #expect(logged.map(\.1) == [
      "opened \(path) (0 records)", "commit 1: 1 record changed", "Department 9 inserted",
    ])
    #expect(logged[2].2 == ["entity": .string("Department"), "identifier": .string("9"), "generation": .string("1")])
    #expect(logged[1].2["file"] == .string(path))
    #expect(logged[1].2["generation"] == .string("1"))
    // Every Folio level has a swift-log level of the same name.
    #expect(FolioLogLevel.allCases.allSatisfy { Logger.Level(rawValue: $0.rawValue) != nil })
  }
}
