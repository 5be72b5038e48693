extension SyncPlanner {
  /// What ``upsert(_:_:at:level:)`` did with an item, as its caller needs it.
  struct Upserted {
    /// The item's identifier, when it had a usable one.
    var id: RecordID?
    /// The record's position in ``SyncPlanner/pending``, when it had an identifier.
    var slot: Int? = nil
    /// Whether a record with that identifier exists afterwards (links may point at it).
    var exists: Bool
  }

  /// A relationship value read from an item and checked before anything is written.
  enum RelationshipInput {
    case clear
    case nested(JSONObject, Pointer)
    case reference(RecordID?, Pointer)
    /// A to-many array; `byReference` when it was given under a `<name>_ids` key, which names
    /// identifiers even when the array is empty.
    case many([RelationshipInput], byReference: Bool = false)

    /// Whether the input is a bare identifier (a reference, which links but never deletes).
    var isReference: Bool {
      if case .reference = self { return true }
      return false
    }
  }

  /// Syncs one item into `context`: validators, identifier, lookup, attributes, rules, write,
  /// then its relationships (nested syncs).
  ///
  /// - Throws: ``SyncError`` only for whole-sync failures (a forced insert of an existing
  ///   identifier, a refused delete); item problems become outcomes.
  mutating func upsert(_ context: Int, _ value: JSONValue, at pointer: Pointer, level: Level)
    throws(SyncError) -> Upserted
  {
    let ctx = contexts[context]
    guard case .object(var item) = value else {
      note(
        context, .rejected, "expected a \(ctx.name) object, found \(value.kindName)", at: pointer)
      return Upserted(id: nil, exists: false)
    }
    for validator in level.validators {
      guard let kept = SyncPlanner.run(validator, on: item) else {
        note(
          context, .filtered, "dropped by validator \(SyncPlanner.describe(validator))", at: pointer
        )
        return Upserted(id: nil, exists: false)
      }
      item = kept
    }
    // The identifier (D4, D5); an entity without one cannot match anything (D28).
    guard !ctx.identifiers.isEmpty else {
      note(context, .rejected, "\(ctx.name) declares no identifier attribute (D28)", at: pointer)
      return Upserted(id: nil, exists: false)
    }
    // Where the identifier and attribute keys sit in this item (usually where they sat in the
    // previous one).
    itemPositions[context].resolve(item.keys)
    let itemAt = itemPositions[context].positions
    if !itemPositions[context].ambiguous.isEmpty || !ctx.comparedMembers.isEmpty {
      noteConflictingKeys(context, item, at: pointer)
    }
    let id: RecordID
    if ctx.identifiers.count == 1 {
      let raw = SyncPlanner.value(of: ctx.identifiers[0], at: itemAt[0], in: item)
      switch readIdentifier(ctx, ctx.identifiers[0], raw, item, context, pointer) {
      case .some(let part): id = part
      case .none: return Upserted(id: nil, exists: false)
      }
    } else {
      var parts: [RecordID] = []
      parts.reserveCapacity(ctx.identifiers.count)
      for (n, slot) in ctx.identifiers.enumerated() {
        let raw = SyncPlanner.value(of: slot, at: itemAt[n], in: item)
        guard let part = readIdentifier(ctx, slot, raw, item, context, pointer) else {
          return Upserted(id: nil, exists: false)
        }
        parts.append(part)
      }
      id = .composite(parts)
    }
    let (slot, isFirstReach) = reachNoting(context, id)
    // An entity that held no records and that no relationship touches holds, while this plan
    // runs, only records its own items wrote, each reached first: an identifier reached for the
    // first time has no record, and needs no lookup (callgrind, 100k day 1: 699 instructions an
    // item, and at 1M a cache miss in a growing table).
    let mayExist = !(isFirstReach && holdsOnlyItsItems[context])
    // An item that gives only the values its stored row holds is settled on the row, with no
    // record decoded (Design/0005): the usual item of a repeated sync (day 2 of the benchmark:
    // 85% of the items). Rules over records need the decoded record, so they go the full way.
    if mayExist, level.updateExisting || level.forceUpdate, !level.forceInsert,
      ctx.entity.shouldUpdate == nil, ctx.entity.validityRules.isEmpty,
      let unchanged = work.state.tables.withRow(ctx.name, id, { chunk, row in
        SyncPlanner.givesStoredValues(ctx, item, itemAt, chunk, row, attributeColumns[context])
      }), unchanged
    {
      try applyRelationshipsOfUnchanged(context, id, item, slot: slot, at: pointer, level: level)
      return Upserted(id: id, slot: slot, exists: true)
    }
    let existing = mayExist ? work.record(ctx.name, id) : nil
    if let done = try settleByOptions(ctx, id, slot: slot, isStored: existing != nil, level, at: pointer) {
      return done
    }
    // Attributes (D1, D2, D6): the value each attribute will hold, read and converted first.
    var recordAt: [Int] = []
    if let existing {
      recordPositions[context].resolve(existing.keys)
      recordAt = recordPositions[context].positions
    }
    var changed = false
    var record: JSONObject
    if let existing,
      SyncPlanner.givesStoredValues(ctx, item, itemAt, stored: existing, recordAt)
    {
      // Nothing to convert or write: the usual item of a repeated sync (day 2 of the benchmark:
      // 85% of the items).
      record = existing
    } else {
      // Every position is written below. (`removeAll(keepingCapacity:)` and appending cost about
      // 400 instructions an item: it goes through the generic `replaceSubrange`.)
      var values: [JSONValue?] = []
      swap(&values, &scratchValues)
      if values.count != ctx.attributes.count {
        values = [JSONValue?](repeating: nil, count: ctx.attributes.count)
      }
      for (n, attributeSlot) in ctx.attributes.enumerated() {
        var stored: JSONValue?
        if let existing, recordAt[n] >= 0 { stored = existing.value(at: recordAt[n]) }
        let raw = SyncPlanner.value(of: attributeSlot, at: itemAt[ctx.identifiers.count + n], in: item)
        guard let raw else {
          if existing == nil, let value = attributeSlot.attribute.defaultValue {
            stored = value
            changed = true
          }
          values[n] = stored
          continue
        }
        switch attributeSlot.coerce(raw, stored: stored, schemaDateFormats: ctx.dateFormats) {
        case .success(let coerced):
          if !changed, !SyncPlanner.same(stored, coerced) { changed = true }
          values[n] = coerced
        case .failure(let error):
          mark(
            slot, .rejected, error.description,
            at: pointer.appending(
              SyncPlanner.path(of: attributeSlot, at: itemAt[ctx.identifiers.count + n], in: item)))
          return Upserted(id: id, slot: slot, exists: existing != nil)
        }
      }
      if existing == nil {
        for (n, position) in ctx.requiredSlots.enumerated() where values[position] == nil {
          mark(
            slot, .rejected, "a new \(ctx.name) needs the required attribute '\(ctx.required[n])'",
            at: pointer)
          return Upserted(id: id, slot: slot, exists: false)
        }
      }
      if let existing {
        record = existing
        if changed {
          for (n, attributeSlot) in ctx.attributes.enumerated() {
            var stored: JSONValue?
            if recordAt[n] >= 0 { stored = existing.value(at: recordAt[n]) }
            if stored != values[n] { record[attributeSlot.name] = values[n].take() }
          }
        }
      } else if ctx.entity.validityRules.isEmpty, rowColumns[context] != nil {
        // A new record with no rule to see it is written straight into a row, with no
        // `JSONObject` built (Design/0005): its relationships are checked first, as below.
        if let written = try insertRow(context, id, item, &values, slot: slot, at: pointer, level: level) {
          for n in values.indices { values[n] = nil }
          swap(&values, &scratchValues)
          return written
        }
        record = SyncPlanner.newRecord(ctx, id, &values)
      } else {
        record = SyncPlanner.newRecord(ctx, id, &values)
      }
      for n in values.indices { values[n] = nil }
      swap(&values, &scratchValues)
    }
    // Relationship values are checked before anything is written, so a bad one rejects the item.
    guard let inputs = relationshipInputs(ctx, item, slot: slot, at: pointer) else {
      return Upserted(id: id, slot: slot, exists: existing != nil)
    }
    // Rules: should-update (D12 of DKDBManager), then validity (D14).
    if let existing, let rule = ctx.entity.shouldUpdate, !level.forceUpdate,
      !SyncPlanner.allows(rule, stored: existing, incoming: record)
    {
      mark(
        slot, .unchanged,
        "the should-update rule \(SyncPlanner.describe(rule)) declined the update", at: nil)
      return Upserted(id: id, slot: slot, exists: true)
    }
    if let (reason, field) = SyncPlanner.invalidRule(ctx.entity.validityRules, record) {
      let pointer = pointerOfField(field, ctx, item, itemAt, at: pointer)
      if existing == nil {
        mark(slot, .rejected, reason, at: pointer)
        return Upserted(id: id, slot: slot, exists: false)
      }
      if ctx.entity.deleteIfInvalid {
        mark(slot, .deleted, reason, at: pointer)
        do {
          try delete(ctx.name, id, because: reason)
        } catch {
          throw SyncError(error, pointer: pointer.text)
        }
        return Upserted(id: id, slot: slot, exists: false)
      }
      if changed {
        mark(slot, .rejected, reason, at: pointer)
        return Upserted(id: id, slot: slot, exists: true)
      }
    }
    if let existing {
      if changed, let position = work.put(ctx.name, id, record, replacing: existing) {
        pending[slot].logPosition = position
      }
    } else if let position = work.put(ctx.name, id, record) {
      pending[slot].logPosition = position
    }
    if !inputs.isEmpty {
      try applyRelationships(context, id, inputs, level: level)
    }
    return Upserted(id: id, slot: slot, exists: true)
  }

  /// What the level's options decide for an item of `id` before its values are read: a forced
  /// insert of a stored identifier fails the sync; an item not stored is skipped when
  /// `insertMissing` is off, and a stored one left alone when updates are off.
  ///
  /// - Returns: the upsert's result when the options end it, `nil` to go on.
  /// - Throws: ``SyncError/Code/duplicateIdentifier`` for a forced insert of a stored identifier.
  mutating func settleByOptions(
    _ ctx: EntityContext, _ id: RecordID, slot: Int, isStored: Bool, _ level: Level,
    at pointer: Pointer
  ) throws(SyncError) -> Upserted? {
    if level.forceInsert, isStored {
      throw SyncError(
        code: .duplicateIdentifier,
        message:
          "\(ctx.name) \(id) already exists; forceInsert skips the lookup, so every identifier must be new. Turn forceInsert off to update existing records",
        entity: ctx.name, id: id, pointer: pointer.text)
    }
    if !isStored {
      guard level.insertMissing else {
        mark(slot, .skipped, "not stored, and insertMissing is off", at: pointer)
        return Upserted(id: id, slot: slot, exists: false)
      }
    } else if !level.updateExisting && !level.forceUpdate {
      return Upserted(id: id, slot: slot, exists: true)
    }
    return nil
  }

  /// Inserts the new record of `context` under `id` from its attribute `values` straight into
  /// a row, then applies the item's relationships: the rest of an upsert that inserts.
  ///
  /// - Returns: what the upsert did; `nil` when the working state takes no row-built insert
  ///   (secondary indexes must see the record), having written nothing: the caller then builds
  ///   the record.
  private mutating func insertRow(
    _ context: Int, _ id: RecordID, _ item: JSONObject, _ values: inout [JSONValue?], slot: Int,
    at pointer: Pointer, level: Level
  ) throws(SyncError) -> Upserted? {
    let ctx = contexts[context]
    guard let columns = rowColumns[context] else { return nil }
    guard let inputs = relationshipInputs(ctx, item, slot: slot, at: pointer) else {
      return Upserted(id: id, slot: slot, exists: false)
    }
    let identifierCount = ctx.identifiers.count
    let written = withUnsafeMutablePointer(to: &values) { values in
      work.insertRow(ctx.name, id) { chunk, row in
        for n in 0..<identifierCount {
          if identifierCount == 1 {
            chunk.setValue(id.jsonValue, row, columns[n])
          } else if case .composite(let parts) = id, n < parts.count {
            chunk.setValue(parts[n].jsonValue, row, columns[n])
          }
        }
        for n in values.pointee.indices {
          if let value = values.pointee[n] { chunk.setValue(value, row, columns[identifierCount + n]) }
        }
      }
    }
    guard let position = written else { return nil }
    pending[slot].logPosition = position
    if !inputs.isEmpty {
      try applyRelationships(context, id, inputs, level: level)
    }
    return Upserted(id: id, slot: slot, exists: true)
  }

  /// The relationship values `item` gives, read and checked; `nil` after marking the item
  /// rejected for a bad one.
  mutating func relationshipInputs(
    _ ctx: EntityContext, _ item: JSONObject, slot: Int, at pointer: Pointer
  ) -> [(EntityContext.RelationshipSlot, RelationshipInput)]? {
    var inputs: [(EntityContext.RelationshipSlot, RelationshipInput)] = []
    for relationshipSlot in ctx.relationships {
      // The key as the item gives it (`team_id`), for every pointer below it.
      guard let found = relationshipSlot.member.match(in: item) else { continue }
      let raw = found.value
      switch readRelationship(relationshipSlot, raw, at: pointer.appending(found.path)) {
      case .success(.many(let elements, _)) where found.isReferenceKey:
        inputs.append((relationshipSlot, .many(elements, byReference: true)))
      case .success(let input): inputs.append((relationshipSlot, input))
      case .failure(let reason):
        mark(slot, .rejected, reason.reason, at: pointer.appending(found.path))
        return nil
      }
    }
    return inputs
  }

  /// The rest of an upsert whose item changes no attribute of its stored record (settled on
  /// the row): its relationships, read, checked and applied. Nothing is written for the record
  /// itself.
  private mutating func applyRelationshipsOfUnchanged(
    _ context: Int, _ id: RecordID, _ item: JSONObject, slot: Int, at pointer: Pointer, level: Level
  ) throws(SyncError) {
    let ctx = contexts[context]
    guard !ctx.relationships.isEmpty,
      let inputs = relationshipInputs(ctx, item, slot: slot, at: pointer), !inputs.isEmpty
    else { return }
    try applyRelationships(context, id, inputs, level: level)
  }

  /// Whether every attribute value `item` gives is the one the stored record holds in `row` of
  /// `chunk` (its attributes in `columns`): ``givesStoredValues(_:_:_:stored:_:)`` on the row,
  /// comparing words and arena bytes where they are stored.
  static func givesStoredValues(
    _ ctx: EntityContext, _ item: JSONObject, _ itemAt: [Int], _ chunk: RowChunk, _ row: Int,
    _ columns: [Int]
  ) -> Bool {
    let offset = ctx.identifiers.count
    let columnCount = chunk.layout.columns.count
    return item.values.withUnsafeBufferPointer { given in
      guard let given = given.baseAddress else { return false }
      for (n, slot) in ctx.attributes.enumerated() {
        let column = columns[n]
        if slot.keys != nil {
          let position = itemAt[offset + n]
          if position < 0 { continue }
          guard column >= 0, column < columnCount,
            slot.settles(at: given + position, row: row, column: column, in: chunk, ctx.dateFormats)
          else { return false }
        } else {
          guard let raw = slot.member.value(in: item) else { continue }
          guard column >= 0, column < columnCount,
            withUnsafePointer(to: raw, { slot.settles(at: $0, row: row, column: column, in: chunk, ctx.dateFormats) })
          else { return false }
        }
      }
      return true
    }
  }

  /// Whether every attribute value `item` gives is the one `stored` (the record, read at
  /// `recordAt`) already holds, so the item changes no attribute. It compares in place, without
  /// the copies, value buffer and conversions of a full read (callgrind, 100k day-2 sync: the
  /// full read of an unchanged item cost about 2,700 instructions). `false` only means "read it
  /// in full": a value this cannot settle by comparing (say, a date spelt differently from the
  /// stored text, or `null` for an absent attribute) goes the full way too.
  static func givesStoredValues(
    _ ctx: EntityContext, _ item: JSONObject, _ itemAt: [Int], stored: JSONObject,
    _ recordAt: [Int]
  ) -> Bool {
    let offset = ctx.identifiers.count
    return item.values.withUnsafeBufferPointer { given in
      stored.values.withUnsafeBufferPointer { held in
        guard let given = given.baseAddress, let held = held.baseAddress else { return false }
        for (n, slot) in ctx.attributes.enumerated() {
          let at = recordAt[n]
          if slot.keys != nil {
            let position = itemAt[offset + n]
            if position < 0 { continue }
            guard at >= 0, slot.settles(at: given + position, as: held + at, ctx.dateFormats)
            else { return false }
          } else {
            guard let raw = slot.member.value(in: item) else { continue }
            guard at >= 0, withUnsafePointer(to: raw, { slot.settles(at: $0, as: held + at, ctx.dateFormats) })
            else { return false }
          }
        }
        return true
      }
    }
  }

  /// Whether two optional values are equal, compared where they are (`!=` from here copies
  /// both first: a retain and a release of each string and array).
  @inline(__always) static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    // Absent values settled here (a new record's attributes have no stored value): through the
    // pointers below they cost 75 instructions more an item (callgrind, 100k day 1). `case
    // .none`, not `== nil`: JSONValue is ExpressibleByNilLiteral.
    if case .none = a {
      if case .none = b { return true }
      return false
    }
    if case .none = b { return false }
    return withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in JSONValue.same(at: a, b) } }
  }

  /// The item's value for `slot`, given where its single key sits in the item (-1: absent), or
  /// read through its key paths when it has no single key.
  @inline(__always) static func value(
    of slot: EntityContext.AttributeSlot, at position: Int, in item: JSONObject
  ) -> JSONValue? {
    if slot.keys != nil {
      // Not a `?:` with `nil`: JSONValue is ExpressibleByNilLiteral, so that `nil` would be `.null`.
      guard position >= 0 else { return JSONValue?.none }
      return item.value(at: position)
    }
    return slot.member.value(in: item)
  }

  /// The key path the item gives `slot`'s value at, as it appears in the item (`first_name`, not
  /// `firstName`); the first candidate when the item lacks it.
  static func path(of slot: EntityContext.AttributeSlot, at position: Int, in item: JSONObject)
    -> JSONKeyPath
  {
    if slot.keys != nil, position >= 0 {
      return JSONKeyPath(components: [item.key(at: position)])
    }
    return slot.member.match(in: item)?.path ?? slot.member.allKeyPaths[0]
  }

  /// The pointer of the item's value of the attribute `field` (a rule's field), or the item's
  /// pointer when the rule names no single attribute or the item does not give it.
  func pointerOfField(
    _ field: String?, _ ctx: EntityContext, _ item: JSONObject, _ itemAt: [Int], at pointer: Pointer
  ) -> Pointer {
    guard let field else { return pointer }
    let slots = ctx.identifiers + ctx.attributes
    guard let n = slots.firstIndex(where: { $0.name == field }),
      SyncPlanner.value(of: slots[n], at: itemAt[n], in: item) != nil
    else { return pointer }
    return pointer.appending(SyncPlanner.path(of: slots[n], at: itemAt[n], in: item))
  }

  /// Reports a `conflictingKeys` diagnostic for each attribute or relationship the item gives
  /// under two of its candidate keys with different values (the first candidate is used). A
  /// nested object beside a bare identifier (`"team": {…}, "team_id": 3`) is the usual shape of
  /// such payloads, not a conflict.
  mutating func noteConflictingKeys(_ context: Int, _ item: JSONObject, at pointer: Pointer) {
    let ctx = contexts[context]
    for (n, positions) in itemPositions[context].ambiguous {
      let slot =
        n < ctx.identifiers.count ? ctx.identifiers[n] : ctx.attributes[n - ctx.identifiers.count]
      noteConflict(
        ctx, slot.member.name,
        positions.map { (JSONKeyPath(components: [item.key(at: $0)]), item.value(at: $0)) },
        at: pointer)
    }
    for member in ctx.comparedMembers {
      var present = 0
      for candidate in member.candidates where candidate.path.value(in: item) != nil {
        present += 1
      }
      guard present > 1 else { continue }
      noteConflict(
        ctx, member.name, member.matches(in: item).map { ($0.path, $0.value) }, at: pointer)
    }
  }

  private mutating func noteConflict(
    _ ctx: EntityContext, _ name: String, _ matches: [(path: JSONKeyPath, value: JSONValue)],
    at pointer: Pointer
  ) {
    guard let first = matches.first else { return }
    let differing = matches.dropFirst().first { other in
      other.value != first.value && (other.value.objectValue == nil) == (first.value.objectValue == nil)
    }
    guard let differing else { return }
    diagnostics.append(
      SyncDiagnostic(
        code: .conflictingKeys,
        message:
          "\(ctx.name).\(name) is given twice with different values, as '\(first.path)' and '\(differing.path)'; '\(first.path)' comes first in the key mapping and was used",
        entity: ctx.name,
        pointers: [pointer.appending(first.path).text, pointer.appending(differing.path).text]))
  }

  /// A new record holding `id` in its identifier attributes and the non-`nil` `values` of its
  /// attributes, built in canonical key order. The values are moved out of `values`, not copied
  /// (a copy retains each string and array, and clearing `values` releases it again). A record
  /// with every attribute shares its keys with the entity's other such records
  /// (``EntityContext/insertKeys``).
  static func newRecord(_ ctx: EntityContext, _ id: RecordID, _ values: inout [JSONValue?])
    -> JSONObject
  {
    let identifierCount = ctx.identifiers.count
    var recordValues: [JSONValue] = []
    recordValues.reserveCapacity(ctx.insertOrder.count + ctx.relationships.count)
    var keys: [String]? = nil
    for (n, position) in ctx.insertOrder.enumerated() {
      let value: JSONValue?
      if position < identifierCount {
        if identifierCount == 1 {
          value = id.jsonValue
        } else if case .composite(let parts) = id, position < parts.count {
          value = parts[position].jsonValue
        } else {
          value = nil
        }
      } else {
        value = values[position - identifierCount].take()
      }
      if let value {
        recordValues.append(value)
        keys?.append(ctx.insertKeys[n])
      } else if keys == nil {
        // The first absent member: from here on the record has keys of its own.
        keys = Array(ctx.insertKeys[..<n])
      }
    }
    return JSONObject(uniqueKeys: keys ?? ctx.insertKeys, values: recordValues)
  }

  /// One identifier component of an item, or `nil` after noting why the item is skipped (no
  /// value) or rejected (a value that does not convert, D5).
  private mutating func readIdentifier(
    _ ctx: EntityContext, _ slot: EntityContext.AttributeSlot, _ raw: JSONValue?,
    _ item: JSONObject, _ context: Int, _ pointer: Pointer
  ) -> RecordID? {
    guard let raw, !raw.isNull else {
      note(context, .skipped, "the item has no identifier '\(slot.attribute.name)'", at: pointer)
      return nil
    }
    switch raw {
    case .int(let i) where slot.plainType == .int: return .int(i)
    case .string(let s) where slot.plainType == .string: return .string(s)
    default: break
    }
    switch slot.attribute.coerce(raw, schemaDateFormats: ctx.dateFormats) {
    case .success(.int(let i)?): return .int(i)
    case .success(.string(let s)?): return .string(s)
    case .success:
      note(context, .skipped, "the item has no identifier '\(slot.attribute.name)'", at: pointer)
      return nil
    case .failure(let error):
      let path = slot.member.match(in: item)?.path ?? slot.member.allKeyPaths[0]
      note(context, .rejected, error.description, at: pointer.appending(path))
      return nil
    }
  }
}
