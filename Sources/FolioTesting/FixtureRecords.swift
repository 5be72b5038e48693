import Folio
import Foundation

/// Records in stored form, loaded into a store: a folder with one `<Entity>.json` per entity,
/// each a JSON array of records keyed by the schema's names (not the payload's mapped keys).
///
/// ```swift
/// try FixtureRecords.load(company.url("records"), into: test.store)
/// ```
public enum FixtureRecords {
  /// Inserts the records of `folder` in one transaction: every record's attributes first, in
  /// schema then file order, then its relationships, so a record may point at one later in the
  /// folder. Entities without a file are left empty.
  ///
  /// - Throws: `JSONError` naming the file, or `StoreError`; nothing is committed then.
  /// - Complexity: O(*n*) in the number of records, plus the commit.
  public static func load(_ folder: URL, into store: Store) throws {
    var batches: [(entity: String, records: [JSONObject])] = []
    for entity in store.schema.entities {
      let file = folder.appendingPathComponent(entity.name + ".json")
      guard FileManager.default.fileExists(atPath: file.path) else { continue }
      let bytes = try [UInt8](Data(contentsOf: file))
      let value = try JSONParser.parse(bytes, options: .init(file: file.path))
      let records = (value.arrayValue ?? []).compactMap(\.objectValue)
      batches.append((entity.name, records))
    }
    try store.transaction { tx in
      var links: [(String, RecordID, JSONObject)] = []
      for (entityName, records) in batches {
        guard let entity = store.schema.entity(named: entityName) else { continue }
        for record in records {
          var attributes = JSONObject()
          var relationships = JSONObject()
          for member in record {
            if entity.relationship(named: member.key) != nil {
              relationships[member.key] = member.value
            } else {
              attributes[member.key] = member.value
            }
          }
          let id = try tx.insert(entityName, attributes)
          if !relationships.isEmpty { links.append((entityName, id, relationships)) }
        }
      }
      for (entity, id, relationships) in links { try tx.update(entity, id, relationships) }
    }
  }
}
