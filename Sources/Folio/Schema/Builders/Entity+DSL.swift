extension Entity {
  /// Builds an entity from a DSL body of `Identifier`, `Attribute`, `ToOne` and `ToMany`
  /// statements. Several `Identifier` statements are joined in order.
  ///
  /// ```swift
  /// let tag = Entity("Tag") {
  ///   Identifier("id")
  ///   Attribute("id", .int)
  ///   Attribute("label", .string)
  /// }
  /// tag.identifiers   // ["id"]
  /// ```
  ///
  /// - Parameters:
  ///   - name: The entity name, also its folder name on disk.
  ///   - members: The body.
  public init(_ name: String, @EntityBuilder _ members: () -> [EntityMember]) {
    self.init(name: name, identifiers: [])
    for member in members() {
      switch member.storage {
      case .identifier(let names): identifiers += names
      case .attribute(let attribute): attributes.append(attribute)
      case .relationship(let relationship): relationships.append(relationship)
      case .index(let index): indexes.append(index)
      }
    }
  }

  /// Sets the default order of query results, e.g. `.defaultSort("-hiredAt", "id")`.
  ///
  /// - Parameter keys: Attribute names, each optionally prefixed by `-` for descending.
  /// - Returns: A copy with the sort set.
  public func defaultSort(_ keys: String...) -> Entity {
    var copy = self
    copy.defaultSort = keys
    return copy
  }

  /// Logs each record's sync outcome at the verbose level (F23).
  ///
  /// - Parameter isOn: Whether verbose logging is on.
  /// - Returns: A copy with the flag set.
  public func verbose(_ isOn: Bool = true) -> Entity {
    var copy = self
    copy.isVerbose = isOn
    return copy
  }

  /// Adds validators run on incoming items, in order, before mapping (F8, D14).
  ///
  /// ```swift
  /// Entity("Item") { Identifier("id"); Attribute("id", .int); Attribute("name", .string) }
  ///   .validate(.trim("name"), .dropIfEmpty("name"))
  /// ```
  ///
  /// - Parameter validators: Validators appended after any declared earlier.
  /// - Returns: A copy with the validators added.
  public func validate(_ validators: Validator...) -> Entity {
    var copy = self
    copy.validators += validators
    return copy
  }

  /// Adds validity rules checked on records after mapping (F8, D14).
  ///
  /// ```swift
  /// Entity("Passenger") { Identifier("name", "age"); Attribute("name", .string); Attribute("age", .int) }
  ///   .validity(.nonEmpty("name"), .greaterThan("age", 0))
  /// ```
  ///
  /// - Parameter rules: Rules appended after any declared earlier.
  /// - Returns: A copy with the rules added.
  public func validity(_ rules: ValidityRule...) -> Entity {
    var copy = self
    copy.validityRules += rules
    return copy
  }

  /// Sets the rule deciding whether a matched record may be updated (F12).
  ///
  /// ```swift
  /// Entity("Item") { Identifier("id"); Attribute("id", .int); Attribute("version", .int) }
  ///   .shouldUpdate(.whenIncreases("version"))
  /// ```
  ///
  /// - Parameter rule: The rule.
  /// - Returns: A copy with the rule set.
  public func shouldUpdate(_ rule: UpdateRule) -> Entity {
    var copy = self
    copy.shouldUpdate = rule
    return copy
  }

  /// Deletes an existing record that a sync makes invalid, instead of rejecting the change (D14).
  ///
  /// - Parameter isOn: Whether invalid records are deleted.
  /// - Returns: A copy with the flag set.
  public func deleteIfInvalid(_ isOn: Bool = true) -> Entity {
    var copy = self
    copy.deleteIfInvalid = isOn
    return copy
  }
}
