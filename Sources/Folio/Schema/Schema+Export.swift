extension Schema {
  /// The schema as Markdown: one section and table per entity, listing every attribute and
  /// relationship with its type, whether it is required, the JSON key paths it is read from
  /// (F3), and its options; then the entity's rules (F5).
  ///
  /// ```swift
  /// let schema = try Schema { Entity("Tag") { Identifier("id"); Attribute("id", .int) } }
  /// print(schema.markdown())
  /// // # Schema
  /// //
  /// // ## Tag
  /// // …
  /// ```
  ///
  /// - Returns: Markdown text ending in a newline.
  /// - Complexity: O(*n*) in the size of the schema.
  public func markdown() -> String {
    var lines = ["# Schema", ""]
    var settings: [String] = []
    if keyConvention != .exact { settings.append("Key convention: \(keyConvention.rawValue)") }
    if dateFormats != .strict { settings.append("Lenient dates: \(Schema.names(dateFormats))") }
    if !settings.isEmpty { lines += [settings.joined(separator: " · "), ""] }
    for entity in entities.map(\.declaredForm) {
      let mapping = EntityMapping(
        entity: entity, keyConvention: keyConvention, keyFallback: keyFallback)
      lines.append("## \(entity.name)")
      lines.append("")
      lines.append(
        entity.isOwned
          ? "Identifier: none — owned by its parent (records are synced nested under it)"
          : "Identifier: " + entity.identifiers.map { "`\($0)`" }.joined(separator: ", "))
      lines.append("")
      lines.append("| name | kind | type | required | read from | notes |")
      lines.append("|---|---|---|---|---|---|")
      for (attribute, member) in zip(entity.attributes, mapping.attributes) {
        var notes: [String] = []
        if let value = attribute.defaultValue { notes.append("default `\(JSONWriter.string(value))`") }
        if let formats = attribute.dateFormats { notes.append("dates: \(Schema.names(formats))") }
        if let transform = attribute.transform {
          notes.append("transform `\(JSONWriter.string(transform.fileValue))`")
        }
        let required =
          entity.identifiers.contains(attribute.name)
          ? "identifier" : attribute.isOptional ? "no" : "yes"
        lines.append(
          Schema.row([
            attribute.name, "attribute", Attribute.typeName(attribute.type), required,
            Schema.paths(member), notes.joined(separator: "; "),
          ]))
      }
      for (relationship, member) in zip(entity.relationships, mapping.relationships) {
        lines.append(
          Schema.row([
            relationship.name,
            relationship.isToMany ? (relationship.isOrdered ? "to-many (ordered)" : "to-many") : "to-one",
            relationship.target, "no", Schema.paths(member),
            Schema.notes(relationship).joined(separator: "; "),
          ]))
      }
      lines += Schema.rules(entity)
      lines.append("")
    }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func names(_ formats: DateFormats) -> String {
    let names = DateFormats.fileNames.filter { formats.contains($0.1) }.map(\.0)
    return names.isEmpty ? "strict" : names.joined(separator: ", ")
  }

  private static func paths(_ member: EntityMapping.Member) -> String {
    member.allKeyPaths.map { "`\($0)`" }.joined(separator: ", ")
  }

  private static func row(_ cells: [String]) -> String {
    "| " + cells.map { $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
      .joined(separator: " | ") + " |"
  }

  private static func notes(_ relationship: Relationship) -> [String] {
    var notes: [String] = []
    if let inverse = relationship.inverse { notes.append("inverse `\(inverse)`") }
    if relationship.deleteRule != .nullify { notes.append("delete rule \(relationship.deleteRule.rawValue)") }
    let options = relationship.childOptions
    let sync = [
      options.insertMissing.map { "insertMissing \($0)" },
      options.updateExisting.map { "updateExisting \($0)" },
      options.deleteMissing.map { "deleteMissing \($0)" },
    ].compactMap { $0 }
    if !sync.isEmpty { notes.append("children: " + sync.joined(separator: ", ")) }
    if relationship.referencePolicy != .stub {
      notes.append("unknown ids: \(relationship.referencePolicy.rawValue)")
    }
    return notes
  }

  private static func rules(_ entity: Entity) -> [String] {
    var lines: [String] = []
    func text(_ value: JSONValue) -> String { "`" + JSONWriter.string(value) + "`" }
    if !entity.defaultSort.isEmpty {
      lines.append("- Default sort: " + entity.defaultSort.map { "`\($0)`" }.joined(separator: ", "))
    }
    if !entity.validators.isEmpty {
      lines.append("- Validators, in order: " + entity.validators.map { text($0.kind.fileValue) }.joined(separator: ", "))
    }
    if !entity.validityRules.isEmpty {
      lines.append("- Validity: " + entity.validityRules.map { text($0.kind.fileValue) }.joined(separator: ", "))
    }
    if entity.deleteIfInvalid { lines.append("- Records made invalid are deleted") }
    if let rule = entity.shouldUpdate { lines.append("- Should update: " + text(rule.kind.fileValue)) }
    if entity.isVerbose { lines.append("- Verbose logging") }
    return lines.isEmpty ? [] : [""] + lines
  }
}
