import Folio
import Foundation

/// Where a shard file sits in a store, from its path: `company.folio/Employee/0a1b2c3d4e5f6789.json`
/// is a shard of the entity `Employee` (its folder) in the store `company.folio` (the folder
/// above), whose schema is `company.folio/schema.json`.
struct ShardLocation: Sendable, Hashable {
  /// The entity's name: the shard's folder.
  var entityName: String
  /// The path of the store's `schema.json`, as given (relative paths stay relative).
  var schemaPath: String

  /// The location of the shard at `path`.
  init(_ path: String) {
    var folders = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    folders.removeLast()  // the file's own name; split always returns one element at least
    entityName = folders.popLast() ?? ""
    schemaPath = folders.isEmpty ? "schema.json" : folders.joined(separator: "/") + "/schema.json"
  }

  /// The shard's entity, from the store's schema.
  ///
  /// A top-level `folioStore` member (written by newer versions of `folio` into stored schema
  /// copies) is ignored. Custom rules named by the schema are not available here, so such a
  /// schema cannot be read.
  ///
  /// - Throws: ``CLIError`` (`unreadableSchema`) when the path has no entity folder, the schema
  ///   cannot be read or decoded, or has no such entity.
  func entity(console: Console) throws(CLIError) -> Entity {
    guard !entityName.isEmpty else {
      throw CLIError(
        .unreadableSchema, "the path names no entity folder (expected STORE/ENTITY/FILE.json).")
    }
    guard let data = FileManager.default.contents(atPath: console.resolve(schemaPath)) else {
      throw CLIError(
        .unreadableSchema,
        "cannot read the store's schema '\(schemaPath)' (expected STORE/ENTITY/FILE.json, run "
          + "from the repository's top level).", file: schemaPath)
    }
    let schema = try Self.schema(Array(data), file: schemaPath)
    guard let entity = schema.entities.first(where: { $0.name == entityName }) else {
      throw CLIError(
        .unreadableSchema, "the schema '\(schemaPath)' has no entity '\(entityName)'.",
        file: schemaPath)
    }
    return entity
  }

  /// The schema in `bytes`, retried without a top-level `folioStore` member when it has one.
  static func schema(_ bytes: [UInt8], file: String) throws(CLIError) -> Schema {
    do {
      return try Schema(fileBytes: bytes, file: file)
    } catch {
      if case .object(var object)? = try? JSONParser.parse(bytes), object["folioStore"] != nil {
        object["folioStore"] = nil
        if let schema = try? Schema(fileBytes: JSONWriter.bytes(.object(object)), file: file) {
          return schema
        }
      }
      throw CLIError(
        .unreadableSchema, "the store's schema '\(file)' cannot be read: \(error)", file: file)
    }
  }
}

extension CLIError.Code {
  /// The schema of a merged shard's store cannot be read (`folio merge-driver`).
  static let unreadableSchema = Self("unreadableSchema")
  /// A file could not be written.
  static let unwritableFile = Self("unwritableFile")
  /// `git` could not be run.
  static let gitUnavailable = Self("gitUnavailable")
}
