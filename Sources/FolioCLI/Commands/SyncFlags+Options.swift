import Folio

extension SyncFlags {
  /// The sync options the flags ask for. The mass-delete guard (at most half of the scope) is on
  /// unless `--allow-mass-delete` is given.
  ///
  /// `--scope` is a predicate in the query language (`department == 2`), evaluated on the
  /// stored records before planning: delete-missing may delete only the records it matches.
  ///
  /// - Throws: ``OptionError`` naming `--scope` when it cannot be read or names an unknown
  ///   field, with the query parser's caret under the fault.
  static func syncOptions(_ arguments: ParsedArguments, store: Store, entity: String) throws
    -> SyncOptions
  {
    var options = SyncOptions(
      insertMissing: !arguments.flag("no-insert"), updateExisting: !arguments.flag("no-update"),
      deleteMissing: !arguments.flag("no-delete"), forceInsert: arguments.flag("force-insert"),
      forceUpdate: arguments.flag("force-update"))
    options.allOrNothing = arguments.flag("all-or-nothing")
    if let scope = arguments["scope"] {
      let ids = try QueryArguments.blaming("scope") {
        try store.state.fetchIDs(Query(entity, where: QueryArguments.condition(arguments, "scope")))
      }
      options.scope = scopeMatching(scope, ids: Set(ids), schema: store.schema, entity: entity)
    }
    if !arguments.flag("allow-mass-delete") {
      options.maximumDeleteShare = 0.5
    }
    return options
  }

  /// A scope holding the records of `entity` whose identifiers are in `ids` (those the
  /// predicate `text` matched before planning).
  static func scopeMatching(_ text: String, ids: Set<RecordID>, schema: Schema, entity: String)
    -> SyncScope
  {
    let identifiers = schema.entity(named: entity)?.identifiers ?? []
    return .matching(text) { record in
      let values = identifiers.map { record[$0] ?? .null }
      let id = values.count == 1 ? RecordID(json: values[0]) : RecordID(json: .array(values))
      return id.map { ids.contains($0) } ?? false
    }
  }
}
