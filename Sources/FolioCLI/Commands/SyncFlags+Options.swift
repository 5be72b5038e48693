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
  /// - Throws: ``UsageError`` for a `--parent` that is malformed or names no to-many
  ///   relationship of a stored record whose destination is `entity` (exit status 2).
  static func syncOptions(
    _ arguments: ParsedArguments, store: Store, entity: String, command: String
  ) throws -> SyncOptions {
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
    if let text = arguments["parent"] {
      options.parent = try parent(text, store: store, entity: entity, command: command)
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

  /// The parent `--parent ENTITY:ID:REL` names, checked against the store: the entity is before
  /// the first colon, the relationship after the last, and the identifier is everything between
  /// (`Document:urn:isbn:1:pages` is Document `urn:isbn:1`); a composite identifier is a JSON
  /// array (`Plane:["MAD","TOR"]:passengers`).
  ///
  /// - Throws: ``UsageError`` saying what is wrong: the form, an identifier that does not fit
  ///   the parent's identifier attribute, or the library's `unknownParent` / `invalidParent`.
  static func parent(_ text: String, store: Store, entity: String, command: String) throws
    -> SyncParent
  {
    func usage(_ message: String) -> UsageError {
      UsageError(command: command, "--parent \(text): \(message)")
    }
    guard let first = text.firstIndex(of: ":"), let last = text.lastIndex(of: ":"), first < last,
      first > text.startIndex, text.index(after: last) < text.endIndex,
      text.index(after: first) < last
    else {
      throw usage("expected ENTITY:ID:RELATIONSHIP, for example Project:42:tasks.")
    }
    let parentEntity = String(text[..<first])
    let id = String(text[text.index(after: first)..<last])
    let relationship = String(text[text.index(after: last)...])
    var recordID = RecordID.string(id)
    if store.schema.entity(named: parentEntity) != nil {
      do {
        recordID = try StoreAccess.identifier(id, of: parentEntity, in: store.schema)
      } catch let error as CLIError {
        throw usage(error.message)
      }
    }
    let parent = SyncParent(parentEntity, recordID, relationship)
    var check = SyncOptions(deleteMissing: false)
    check.parent = parent
    do {
      // A null payload plans nothing but the parent's checks.
      _ = try store.state.plan(.null, into: entity, options: check)
    } catch let error where error.code == .unknownParent || error.code == .invalidParent {
      throw usage("\(error.message) [\(error.code)]")
    } catch {
      // Other errors (an unknown entity) are the sync's own, reported when it runs.
    }
    return parent
  }
}
