/// What can be read from a top-level payload item before the planner reaches it: where its
/// keys sit, its identifier, its attribute values converted as if nothing were stored, and the
/// record it becomes if it is new.
///
/// None of it depends on the store, so a streamed payload's parsing thread prepares items a few
/// chunks ahead of the planner (``ItemPreparer``), and the planner's thread — the sync's critical
/// path — only looks records up, compares and writes (issue #18: parsing and planning overlap;
/// callgrind put reading and converting at about a third of an item's planning). The planner
/// treats a prepared item exactly as one it reads itself: anything a prepared value cannot
/// settle alone (a conversion that failed, a date whose stored text differs) is read again.
struct PreparedItem: Sendable {
  /// Per identifier and then per attribute: the member's position in the item, or -1 (as
  /// ``MemberPositions`` finds them).
  let positions: [Int]
  /// The item's identifier.
  let id: RecordID
  /// Per attribute of the entity, in ``EntityContext/attributes`` order: the converted value
  /// (`nil` clears), or `nil` when the item does not give it or it does not convert.
  let values: [JSONValue?]
  /// Bit *n* set: the item does not give attribute *n*.
  let absent: UInt64
  /// Bit *n* set: attribute *n* does not convert; the planner converts it again to say why.
  let failed: UInt64
  /// The record the item becomes when it is new: its identifier, converted values and
  /// defaults in canonical key order; `nil` when a value failed to convert.
  let record: JSONObject?

  /// Whether the item gives attribute `n`.
  @inline(__always) func isAbsent(_ n: Int) -> Bool { absent & (1 << UInt64(n)) != 0 }

  /// Whether attribute `n` failed to convert.
  @inline(__always) func isFailed(_ n: Int) -> Bool { failed & (1 << UInt64(n)) != 0 }
}

/// Prepares the top-level items of a sync into one entity. Runs on the thread that parses them:
/// it holds the entity's compiled context (immutable) and its own cache of key positions.
struct ItemPreparer: Sendable {
  let context: EntityContext
  private var positions: MemberPositions

  /// A preparer of items of `context`'s entity.
  init(context: EntityContext) {
    self.context = context
    positions = MemberPositions(candidates: context.itemKeys.map { $0 ?? [] })
  }

  /// Whether items of `context` can be prepared: attributes fit the bit sets, and no member is
  /// compared across keys item by item (the planner reports those conflicts as it reads).
  static func applies(to context: EntityContext) -> Bool {
    context.attributes.count <= 64 && context.comparedMembers.isEmpty
  }

  /// What `value` gives, or `nil` when the planner must read it itself: not an object, a key
  /// given twice under different names, or no usable identifier (the planner then says why).
  mutating func prepare(_ value: JSONValue) -> PreparedItem? {
    guard case .object(let item) = value else { return nil }
    let ctx = context
    positions.resolve(item.members)
    guard positions.ambiguous.isEmpty else { return nil }
    let itemAt = positions.positions
    let id: RecordID
    if ctx.identifiers.count == 1 {
      guard let part = Self.identifier(ctx.identifiers[0], itemAt[0], item, ctx) else { return nil }
      id = part
    } else {
      var parts: [RecordID] = []
      parts.reserveCapacity(ctx.identifiers.count)
      for (n, slot) in ctx.identifiers.enumerated() {
        guard let part = Self.identifier(slot, itemAt[n], item, ctx) else { return nil }
        parts.append(part)
      }
      id = .composite(parts)
    }
    var values: [JSONValue?] = []
    values.reserveCapacity(ctx.attributes.count)
    var absent: UInt64 = 0
    var failed: UInt64 = 0
    var defaults = false
    for (n, slot) in ctx.attributes.enumerated() {
      guard let raw = SyncPlanner.value(of: slot, at: itemAt[ctx.identifiers.count + n], in: item) else {
        absent |= 1 << UInt64(n)
        if slot.attribute.defaultValue != nil { defaults = true }
        values.append(JSONValue?.none)
        continue
      }
      switch slot.coerce(raw, stored: nil, schemaDateFormats: ctx.dateFormats) {
      case .success(let converted): values.append(converted)
      case .failure:
        failed |= 1 << UInt64(n)
        values.append(JSONValue?.none)
      }
    }
    var record: JSONObject?
    if failed == 0 {
      // A new record takes the defaults of the attributes the item does not give.
      var newValues = values
      if defaults {
        for (n, slot) in ctx.attributes.enumerated() where absent & (1 << UInt64(n)) != 0 {
          newValues[n] = slot.attribute.defaultValue
        }
      }
      record = SyncPlanner.newRecord(ctx, id, newValues)
    }
    return PreparedItem(
      positions: itemAt, id: id, values: values, absent: absent, failed: failed, record: record)
  }

  /// One identifier component, read the way ``SyncPlanner`` reads it; `nil` when the item has
  /// none or it does not convert.
  private static func identifier(
    _ slot: EntityContext.AttributeSlot, _ position: Int, _ item: JSONObject, _ ctx: EntityContext
  ) -> RecordID? {
    guard let raw = SyncPlanner.value(of: slot, at: position, in: item), !raw.isNull else { return nil }
    switch raw {
    case .int(let i) where slot.plainType == .int: return .int(i)
    case .string(let s) where slot.plainType == .string: return .string(s)
    default: break
    }
    switch slot.attribute.coerce(raw, schemaDateFormats: ctx.dateFormats) {
    case .success(.int(let i)?): return .int(i)
    case .success(.string(let s)?): return .string(s)
    default: return nil
    }
  }
}
