extension Schema {
  /// The schema as a Mermaid entity-relationship diagram (F5): each entity with its attributes
  /// (identifiers marked `PK`, optional ones commented), and one line per relationship, or per
  /// inverse pair.
  ///
  /// ```swift
  /// let schema = try Schema { Entity("Tag") { Identifier("id"); Attribute("id", .int) } }
  /// print(schema.mermaid())
  /// // erDiagram
  /// //   Tag {
  /// //     int id PK
  /// //   }
  /// ```
  ///
  /// - Returns: Mermaid text ending in a newline.
  /// - Complexity: O(*n*) in the size of the schema.
  public func mermaid() -> String {
    var lines = ["erDiagram"]
    for entity in entities.map(\.declaredForm) {
      lines.append("  \(entity.name) {")
      for attribute in entity.attributes {
        var line = "    \(Attribute.typeName(attribute.type)) \(attribute.name)"
        if entity.identifiers.contains(attribute.name) { line += " PK" }
        if attribute.isOptional { line += " \"optional\"" }
        lines.append(line)
      }
      lines.append("  }")
    }
    var drawn = Set<String>()
    for entity in entities {
      for relationship in entity.relationships {
        guard drawn.insert("\(entity.name).\(relationship.name)").inserted else { continue }
        var left = "}o"
        var label = relationship.name
        if let name = relationship.inverse,
          let inverse = self.entity(named: relationship.target)?.relationship(named: name),
          inverse.target == entity.name
        {
          left = inverse.isToMany ? "}o" : "|o"
          label += " / \(name)"
          drawn.insert("\(relationship.target).\(name)")
        }
        let right = relationship.isToMany ? "o{" : "o|"
        lines.append("  \(entity.name) \(left)--\(right) \(relationship.target) : \"\(label)\"")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
