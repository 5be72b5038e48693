import Folio
import Foundation

/// A small schema and record types for the typed-record, async and observation tests.
enum RepoFixtures {
  static var schema: Schema {
    get throws(SchemaError) {
      try Schema {
      Entity("Repo") {
        Identifier("number")
        Attribute("number", .int)
        Attribute("fullName", .string)
        Attribute("state", .string, default: "open")
        Attribute("closedAt", .isoDate).optional()
        Attribute("ownerID", .int).optional()
        Attribute("stars", .int, default: 0)
      }
      }
    }
  }

  /// The model an app declares: field names are the schema's names.
  struct Repo: FolioRecord, Equatable, Sendable {
    static let entityName = "Repo"
    var number: Int
    var fullName: String
    var state: String
    var closedAt: Date?
  }

  /// A DTO shaped like a REST API's JSON: snake_case coding keys.
  struct RepoDTO: FolioRecord, Equatable, Sendable {
    static let entityName = "Repo"
    static var recordDecoder: RecordDecoder { RecordDecoder(keyStrategy: .convertFromSnakeCase) }
    static var recordEncoder: RecordEncoder { RecordEncoder(keyStrategy: .convertFromSnakeCase) }
    var number: Int
    var fullName: String
    var ownerID: Int?

    enum CodingKeys: String, CodingKey {
      case number
      case fullName = "full_name"
      case ownerID = "owner_id"
    }
  }

  static func store() throws -> Store {
    let store = try Store.inMemory(schema: schema)
    try store.transaction { tx in
      try tx.insert(Repo(number: 1, fullName: "apple/swift", state: "open", closedAt: nil))
      try tx.insert(Repo(number: 2, fullName: "apple/swift-nio", state: "closed", closedAt: Date(timeIntervalSince1970: 1_700_000_000)))
      try tx.insert(Repo(number: 3, fullName: "apple/swift-log", state: "open", closedAt: nil))
    }
    return store
  }
}
