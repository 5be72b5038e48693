/// The copy of the schema kept in a directory store (`schema.json`, in the schema-file format of
/// Documentation/DefiningASchema.md), and the comparison that decides whether a changed schema
/// needs a migration.
///
/// The copy also carries the store's own member `"folioStore"` (``StoreFormat``): the format
/// version and the migrations applied, which change only when the content's shape does.
/// Whether the stored shape changed is decided by ``Schema/fingerprint``, which covers only it
/// (entity names, identifiers, attribute names, types and optionality, relationship names,
/// targets, cardinality, ordering and inverses): key paths, defaults and sync options change
/// freely.
enum SchemaCopy {
  /// The bytes of `schema.json` for `schema`, with the store's format member.
  static func bytes(_ schema: Schema, format: StoreFormat = StoreFormat()) -> [UInt8] {
    guard case .object(var root) = schema.fileValue else { return schema.fileBytes() }
    root[StoreFormat.member] = format.value
    return JSONWriter.bytes(.object(root), style: .pretty)
  }

  /// Reads a stored schema copy and the store's format member (absent in a schema file written
  /// by hand: format 2, no migrations).
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/invalidManifest``) carrying the schema file's
  ///   problems; ``StoreError/Code/unsupportedFormatVersion`` for a format this Folio does not
  ///   read. Nothing is written.
  static func decode(_ bytes: [UInt8], customRules: CustomRules) throws(StoreError) -> (Schema, StoreFormat) {
    let format = try StoreFormat(schemaFile: bytes)
    do {
      return (try Schema(fileBytes: bytes, customRules: customRules, file: "schema.json"), format)
    } catch {
      // Keep where the first problem is (and call merge-conflict markers by their name, as for
      // the manifest and shards), not only in the message.
      let first = error.problems.first
      if first?.code == .syntax, let line = ShardFile.conflictMarkerLine(bytes) {
        throw StoreError(
          code: .mergeConflict,
          message: "the file holds git merge-conflict markers; resolve the conflict, then open the store again",
          file: "schema.json", line: line, column: 1)
      }
      throw StoreError(
        code: .invalidManifest,
        message: "the stored schema copy cannot be read (\(error)); restore schema.json from version control, or pass the custom rules it names in StoreOptions.customRules",
        file: "schema.json", line: first?.line, column: first?.column, pointer: first?.pointer)
    }
  }

  /// Why records stored under `stored` might not be valid under `current`; empty when every
  /// such record stays valid (the differences only add entities, optional attributes,
  /// relationships or enum values, or make required attributes optional), so no migration is
  /// needed.
  static func incompatibilities(stored: Schema, current: Schema) -> [String] {
    var problems: [String] = []
    for old in stored.entities {
      guard let new = current.entity(named: old.name) else {
        problems.append("entity \(old.name) was removed")
        continue
      }
      if new.identifiers != old.identifiers {
        problems.append("\(old.name): the identifier changed from \(old.identifiers) to \(new.identifiers)")
      }
      for attribute in old.attributes {
        guard let next = new.attribute(named: attribute.name) else {
          problems.append("\(old.name).\(attribute.name) was removed")
          continue
        }
        if next.type != attribute.type {
          let storedValues = Attribute.enumerationValues(attribute.type)
          let newValues = Attribute.enumerationValues(next.type)
          if let storedValues, let newValues, Attribute.typeName(attribute.type) == Attribute.typeName(next.type) {
            // Adding enum values keeps every stored value valid; removing one may not.
            let removed = storedValues.filter { !newValues.contains($0) }
            if !removed.isEmpty {
              let list = removed.map { JSONWriter.string(.string($0)) }.joined(separator: ", ")
              problems.append("\(old.name).\(attribute.name) no longer allows \(list)")
            }
          } else {
            problems.append("\(old.name).\(attribute.name) changed type from \(Attribute.typeName(attribute.type)) to \(Attribute.typeName(next.type))")
          }
        }
        if attribute.isOptional, !next.isOptional {
          problems.append("\(old.name).\(attribute.name) became required")
        }
      }
      for attribute in new.attributes where old.attribute(named: attribute.name) == nil && !attribute.isOptional {
        problems.append("\(old.name).\(attribute.name) was added as a required attribute")
      }
      for relationship in old.relationships {
        guard let next = new.relationship(named: relationship.name) else {
          problems.append("\(old.name).\(relationship.name) was removed")
          continue
        }
        if next.target != relationship.target || next.isToMany != relationship.isToMany
          || next.isOrdered != relationship.isOrdered || next.inverse != relationship.inverse
        {
          problems.append("\(old.name).\(relationship.name) changed its target, cardinality, ordering or inverse")
        }
      }
    }
    return problems
  }
}
