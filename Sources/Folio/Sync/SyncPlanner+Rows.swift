extension SyncPlanner {
  /// Syncs one item read straight into row `row` of `batch` (``PayloadRowReader``) into
  /// `context`, deciding what ``upsert(_:_:at:level:)`` decides for the same item: an unchanged
  /// item is settled by comparing its row with the stored row, a new record's row is copied into
  /// its chunk, and only a changed record is decoded and merged.
  ///
  /// The reader takes only items of a plain mapping whose values are already canonical, with
  /// no relationship, rule or validator (``PayloadRowReader/init(state:entity:options:parserOptions:)``),
  /// so each value here is the one the general path would convert the item's value to.
  ///
  /// - Throws: ``SyncError`` only for whole-sync failures (a forced insert of an existing
  ///   identifier).
  mutating func upsertRow(
    _ context: Int, _ batch: RowBatch, _ row: Int, at pointer: Pointer, level: Level
  ) throws(SyncError) -> Upserted {
    let ctx = contexts[context]
    guard let columns = rowColumns[context], columns.count == ctx.identifiers.count + ctx.attributes.count,
      ctx.identifiers.count == 1
    else {
      // Not reachable for a batch read for this entity's layout; say so rather than guess.
      note(context, .rejected, "\(ctx.name) items cannot be read into rows", at: pointer)
      return Upserted(id: nil, exists: false)
    }
    let identifierWord = batch.word(row, columns[0])
    let id: RecordID
    switch ctx.identifiers[0].attribute.type {
    case .int: id = .int(Int64(bitPattern: identifierWord))
    default: id = .string(batch.arena.string(identifierWord))
    }
    let (slot, isFirstReach) = reachNoting(context, id)
    let mayExist = !(isFirstReach && holdsOnlyItsItems[context])
    if mayExist, level.updateExisting || level.forceUpdate, !level.forceInsert,
      let unchanged = work.state.tables.withRow(ctx.name, id, { chunk, storedRow in
        batch.givesStoredValues(row, chunk, storedRow)
      }), unchanged
    {
      return Upserted(id: id, slot: slot, exists: true)
    }
    let existing = mayExist ? work.record(ctx.name, id) : nil
    if let done = try settleByOptions(ctx, id, slot: slot, isStored: existing != nil, level, at: pointer) {
      return done
    }
    let offset = ctx.identifiers.count
    guard let existing else {
      for (n, position) in ctx.requiredSlots.enumerated()
      where batch.tag(row, columns[offset + position]) == 0 {
        mark(
          slot, .rejected, "a new \(ctx.name) needs the required attribute '\(ctx.required[n])'",
          at: pointer)
        return Upserted(id: id, slot: slot, exists: false)
      }
      let written = work.insertRow(ctx.name, id) { chunk, target in
        batch.copy(row, into: &chunk, target)
        for (n, attributeSlot) in ctx.attributes.enumerated()
        where batch.tag(row, columns[offset + n]) == 0 {
          if let value = attributeSlot.attribute.defaultValue {
            chunk.setValue(value, target, columns[offset + n])
          }
        }
      }
      if let written {
        pending[slot].logPosition = written
      } else {
        // Secondary indexes see every record written: build it, as the general path does.
        var values = ctx.attributes.indices.map { n in
          batch.value(row, columns[offset + n]) ?? ctx.attributes[n].attribute.defaultValue
        }
        let record = SyncPlanner.newRecord(ctx, id, &values)
        if let position = work.put(ctx.name, id, record) { pending[slot].logPosition = position }
      }
      return Upserted(id: id, slot: slot, exists: true)
    }
    // A changed record: merged as the general path merges it, from the row's canonical values.
    recordPositions[context].resolve(existing.keys)
    let recordAt = recordPositions[context].positions
    var record = existing
    var changed = false
    for (n, attributeSlot) in ctx.attributes.enumerated() {
      guard let raw = batch.value(row, columns[offset + n]) else { continue }
      let stored: JSONValue? = recordAt[n] >= 0 ? existing.value(at: recordAt[n]) : nil
      switch attributeSlot.coerce(raw, stored: stored, schemaDateFormats: ctx.dateFormats) {
      case .success(let coerced):
        if !SyncPlanner.same(stored, coerced) {
          changed = true
          record[attributeSlot.name] = coerced
        }
      case .failure(let error):
        // A canonical value converts to itself; kept for the general path's message if not.
        mark(slot, .rejected, error.description, at: pointer)
        return Upserted(id: id, slot: slot, exists: true)
      }
    }
    if changed, let position = work.put(ctx.name, id, record, replacing: existing) {
      pending[slot].logPosition = position
    }
    return Upserted(id: id, slot: slot, exists: true)
  }
}
