/// The pure sync planner: (schema, state, entity, payload, options) → ``SyncPlan``.
///
/// It runs the sync on a private copy of the state (a ``WorkingState``; copying is cheap, shards
/// are copy-on-write), recording what happens to every record, and returns the plan. It does no
/// I/O, and the same inputs always give the same plan: items are processed in payload order,
/// deletions are computed from the final set of identifiers (D17).
///
/// Longer than most files: it is the one central algorithm; relationships, rules and the
/// classification of outcomes live in the `SyncPlanner+*.swift` extensions.
///
/// - Complexity: O(*n* + *m*) for *n* payload items and *m* records in the entity (the latter
///   only with delete-missing), with one hash lookup per item.
struct SyncPlanner {
  /// Options that apply at one level of nesting.
  struct Level {
    var insertMissing: Bool
    var updateExisting: Bool
    var forceInsert: Bool
    var forceUpdate: Bool
    var validators: [Validator]
  }

  /// What the sync did with one record (or item), in order of first reach.
  struct Pending {
    /// Laid out for a small stride (40 bytes, from 80): a million-record sync holds one per
    /// record until the report is built. The rare reason and pointer live in
    /// ``SyncPlanner/notes``; the three positions are stored in 32 bits, which a plan never
    /// exceeds (2³¹ items would take over 100 GB in these records alone).
    let id: RecordID?
    /// An explicit outcome (skipped, rejected, filtered, unchanged-with-reason); `nil` means
    /// "from the diff".
    var kind: SyncOutcome.Kind?
    /// The entity's context (a schema has far fewer than 2³¹ entities).
    let context: Int32
    private var storedFirstItem: Int32 = -1
    private var storedLogPosition: Int32 = -1
    private var storedNote: Int32 = -1

    /// The first top-level item naming the record, or -1 (for duplicate diagnostics, D3).
    var firstItem: Int {
      get { Int(storedFirstItem) }
      set { storedFirstItem = Int32(clamping: newValue) }
    }
    /// The record's position in the change log when the upsert wrote it, or -1; saves
    /// ``finish(entity:parts:)`` a lookup per changed record.
    var logPosition: Int {
      get { Int(storedLogPosition) }
      set { storedLogPosition = Int32(clamping: newValue) }
    }
    /// The position of the record's reason and pointer in ``SyncPlanner/notes``, or -1.
    var note: Int {
      get { Int(storedNote) }
      set { storedNote = Int32(clamping: newValue) }
    }

    init(context: Int, id: RecordID?, kind: SyncOutcome.Kind? = nil) {
      self.id = id
      self.kind = kind
      self.context = Int32(truncatingIfNeeded: context)
    }
  }

  /// The reason and pointer of a pending record that has one.
  struct Note {
    var reason: String?
    var pointer: String?
  }

  /// A JSON pointer into the payload, built as text only when needed.
  enum Pointer {
    case item(Int)
    case nested(String)

    var text: String {
      switch self {
      case .item(let i): return "/\(i)"
      case .nested(let s): return s
      }
    }

    func appending(_ path: JSONKeyPath, index: Int? = nil) -> Pointer {
      var text = self.text
      for component in path.components { text += "/" + Pointer.escape(component) }
      if let index { text += "/\(index)" }
      return .nested(text)
    }

    static func escape(_ component: String) -> String {
      guard component.contains("~") || component.contains("/") else { return component }
      return component.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1")
    }
  }

  /// A child removed from its parent by a nested sync, to delete unless it moved.
  struct Orphan {
    let key: RecordKey
    /// The parent's entity and relationship it was removed from.
    let owner: String
    let relationship: String
    let reason: String
  }

  static let maximumDepth = 64

  let schema: Schema
  let base: StoreState
  var work: WorkingState
  var contexts: [EntityContext] = []
  var contextByName: [String: Int] = [:]
  var pending: [Pending] = []
  /// Reasons and pointers of pending records (``Pending/note``).
  var notes: [Note] = []
  /// Per context: record id → position in ``pending``.
  var reached: [PositionTable] = []
  /// Per context: whether the entity held no records when the plan began and no relationship
  /// touches it (it has none, and none targets it), so that its records in ``work`` are exactly
  /// those its items wrote, each reached when written.
  var holdsOnlyItsItems: [Bool] = []
  /// Per context: where the identifier and attribute keys sit in the last item read.
  var itemPositions: [MemberPositions] = []
  /// Per context: where the attributes sit in the last stored record read.
  var recordPositions: [MemberPositions] = []
  /// Per context: the column of each attribute in the entity's rows (``RowLayout``), in
  /// ``EntityContext/attributes`` order, or -1; an unchanged item is told from its stored row
  /// by these, without decoding the record.
  var attributeColumns: [[Int]] = []
  /// Per context: the columns of the identifiers, then of the attributes, when every one has
  /// a column, so a new record can be written straight into a row; else `nil`.
  var rowColumns: [[Int]?] = []
  /// The buffer ``upsert(_:_:at:level:)`` reads an item's attribute values into, kept between
  /// items so an item does not allocate and free one (a nested upsert finds it taken and makes
  /// its own).
  var scratchValues: [JSONValue?] = []
  var diagnostics: [SyncDiagnostic] = []
  /// Children removed from a parent whose deletion waits for the end of the payload.
  var orphans: [Orphan] = []
  var childOverrides: [String: ChildSyncOptions]
  var depth = 0

  init(state: StoreState, childOverrides: [String: ChildSyncOptions] = [:]) {
    schema = state.schema
    base = state
    work = WorkingState(state)
    self.childOverrides = childOverrides
  }

  // MARK: Entry point

  /// Plans syncing `payload` into `entity`.
  ///
  /// - Throws: ``SyncError`` for an unknown entity, a payload that is not an array, object or
  ///   `null`, a forced insert of an existing identifier, a write the store refuses, or (under
  ///   ``SyncOptions/allOrNothing``) any rejected item.
  ///
  /// - Parameter reportParts: How many parts build the report (``finish(entity:parts:)``);
  ///   `nil` lets the plan's size decide. For tests: any number gives the same plan.
  static func plan(
    state: StoreState, revision: Int, entity: String, payload: JSONValue, options: SyncOptions,
    collectMarks: Bool = false, reportParts: Int? = nil
  ) throws(SyncError) -> SyncPlan {
    var items: PayloadItems
    switch payload {
    case .null: items = PayloadItems([], isList: false)
    case .object: items = PayloadItems([payload], isList: false)
    case .array(let elements): items = PayloadItems(elements, isList: true)
    default:
      guard state.index.entities[entity] != nil else { throw unknownEntity(entity, state) }
      throw SyncError(
        code: .invalidPayload,
        message:
          "expected a JSON array of \(entity) items, a single object or null, found \(payload.kindName)",
        entity: entity, pointer: "")
    }
    return try plan(
      state: state, revision: revision, entity: entity, items: &items, options: options,
      collectMarks: collectMarks, reportParts: reportParts)
  }

  static func unknownEntity(_ entity: String, _ state: StoreState) -> SyncError {
    SyncError(
      code: .unknownEntity,
      message:
        "the schema has no entity '\(entity)'; sync into one of: \(state.schema.entities.map(\.name).joined(separator: ", "))",
      entity: entity)
  }

  /// Plans syncing the items `items` hands out, in order, into `entity`.
  static func plan<Items: SyncItemSource>(
    state: StoreState, revision: Int, entity: String, items: inout Items, options: SyncOptions,
    collectMarks: Bool = false, reportParts: Int? = nil
  ) throws(SyncError) -> SyncPlan {
    var planner = SyncPlanner(state: state, childOverrides: options.childOptions)
    guard let root = planner.context(for: entity) else { throw unknownEntity(entity, state) }
    let rootEntity = planner.contexts[root].entity
    if rootEntity.isOwned, state.schema.ownedEntitiesWithRoots.contains(entity) {
      let owners = state.schema.entities.flatMap { source in
        source.relationships.filter { $0.target == entity }.map { "\(source.name).\($0.name)" }
      }
      throw SyncError(
        code: .ownedEntity,
        message:
          "\(entity) declares no identifier: its records are owned by their parent and synced nested under it (\(owners.joined(separator: ", "))); sync the parent entity instead",
        entity: entity)
    }
    guard !planner.contexts[root].identifiers.isEmpty, !rootEntity.isOwned else {
      throw SyncError(
        code: .invalidSchema,
        message:
          "the entity '\(entity)' declares no identifier attribute, so items cannot be matched to records; declare one (D28)",
        entity: entity)
    }
    let deleteMissing = options.deleteMissing && items.isList
    let parent = try options.parent.map { (parent) throws(SyncError) in
      try planner.parentLink(parent, syncing: entity)
    }
    var children: [RecordID] = []
    let level = Level(
      insertMissing: options.insertMissing, updateExisting: options.updateExisting,
      forceInsert: options.forceInsert, forceUpdate: options.forceUpdate,
      validators: planner.contexts[root].entity.validators + options.validators)
    let expected = items.expectedCount
    planner.reached[root].reserveCapacity(expected)
    // Delete-missing reaches each stored record the items leave out, after the items: room for
    // them now, or appending them copies every pending record into a buffer twice the size
    // (perf, 1M day 2: a third of delete-missing's time was that copy and its page faults).
    // Room no record takes is address space only: the pages are never touched.
    planner.pending.reserveCapacity(expected + (deleteMissing ? state.count(entity) : 0))
    planner.work.reserveLog(expected, for: entity)
    var duplicates: [RecordID: [Int]] = [:]
    var duplicateOrder: [RecordID] = []
    var i = 0
    let progress = options.progress
    while let item = try items.nextItem() {
      defer { i += 1 }
      if let progress, i > 0, i % SyncProgress.reportingInterval == 0 {
        progress(SyncProgress(phase: .planning, completed: i, total: max(expected, i)))
      }
      let result: Upserted
      switch item {
      case .value(let value): result = try planner.upsert(root, value, at: .item(i), level: level)
      case .row(let batch, let row):
        result = try planner.upsertRow(root, batch, row, at: .item(i), level: level)
      }
      guard let id = result.id, let slot = result.slot else { continue }
      if let parent, result.exists,
        planner.pending[slot].kind != .rejected || parent.childSet.contains(id)
      {
        children.append(id)
      }
      let first = planner.pending[slot].firstItem
      if first < 0 {
        planner.pending[slot].firstItem = i
      } else {
        if duplicates[id] == nil {
          duplicates[id] = [first]
          duplicateOrder.append(id)
        }
        duplicates[id]?.append(i)
      }
    }
    progress?(SyncProgress(phase: .planning, completed: i, total: max(expected, i)))
    try planner.deleteOrphans()
    for id in duplicateOrder {
      let pointers = (duplicates[id] ?? []).map { "/\($0)" }
      planner.diagnostics.append(
        SyncDiagnostic(
          code: .duplicateIdentifier,
          message:
            "\(entity) \(id) appears \(pointers.count) times (at \(pointers.joined(separator: ", "))); the items were applied in order into one record",
          entity: entity, id: id, pointers: pointers))
    }
    if let parent {
      try planner.link(
        children, to: parent, childContext: root, replacing: deleteMissing, scope: options.scope)
    }
    var refused = false
    if deleteMissing, let parent {
      refused = try planner.deleteMissingChildren(
        of: parent, root, scope: options.scope, maximumShare: options.maximumDeleteShare)
    } else if deleteMissing {
      refused = try planner.deleteMissing(
        root, scope: options.scope, maximumShare: options.maximumDeleteShare)
    }
    let report = planner.finish(entity: entity, parts: reportParts)
    if options.allOrNothing, let error = SyncError.rejections(in: report) { throw error }
    return SyncPlan(
      report: report, baseGeneration: state.generation, baseRevision: revision,
      isRefusedByGuard: refused, result: planner.work,
      marks: collectMarks ? planner.marks() : [:], logHandler: options.logHandler,
      progress: options.progress)
  }

  // MARK: Contexts

  /// The position of `entity`'s compiled context, compiling it on first use.
  mutating func context(for entity: String) -> Int? {
    if let position = contextByName[entity] { return position }
    guard let info = base.index.entities[entity] else { return nil }
    let context = EntityContext(info: info, schema: schema)
    contexts.append(context)
    reached.append(PositionTable())
    holdsOnlyItsItems.append(
      base.count(entity) == 0 && info.entity.relationships.isEmpty
        && !schema.entities.contains { $0.relationships.contains { $0.target == entity } })
    // Members read through a dotted key path have no keys here: they are read through their
    // mapping, and their (always -1) position is never consulted.
    itemPositions.append(MemberPositions(candidates: context.itemKeys.map { $0 ?? [] }))
    recordPositions.append(MemberPositions(names: context.attributes.map(\.name)))
    let layout = base.index.layout(entity)
    attributeColumns.append(context.attributes.map { layout.column(named: $0.name) ?? -1 })
    let columns = (context.identifiers + context.attributes).map { layout.column(named: $0.name) ?? -1 }
    rowColumns.append(columns.allSatisfy { $0 >= 0 } ? columns : nil)
    contextByName[entity] = contexts.count - 1
    return contexts.count - 1
  }

  /// The pending slot of `id` in `context`, created on first reach.
  ///
  /// One lookup for a record reached the first time (the common case).
  mutating func reach(_ context: Int, _ id: RecordID) -> Int {
    reachNoting(context, id).slot
  }

  /// The pending slot of `id` in `context`, created on first reach, and whether this was the
  /// first reach.
  @inline(__always) mutating func reachNoting(_ context: Int, _ id: RecordID)
    -> (slot: Int, isFirst: Bool)
  {
    let slot = pending.count
    let (earlier, inserted) = reached[context].insertIfAbsent(slot, forKey: id)
    guard inserted else { return (earlier, false) }
    pending.append(Pending(context: context, id: id))
    return (slot, true)
  }

  /// Records an explicit outcome for an item without a usable identifier.
  mutating func note(
    _ context: Int, _ kind: SyncOutcome.Kind, _ reason: String, at pointer: Pointer
  ) {
    pending.append(Pending(context: context, id: nil, kind: kind))
    notes[noteIndex(pending.count - 1)] = Note(reason: reason, pointer: pointer.text)
  }

  /// The reason and pointer noted for `record` (empty when it has none).
  func note(of record: Pending) -> Note {
    record.note < 0 ? Note() : notes[record.note]
  }

  /// Sets the reason of the record at `slot`.
  mutating func setReason(_ slot: Int, _ reason: String?) {
    guard reason != nil || pending[slot].note >= 0 else { return }
    notes[noteIndex(slot)].reason = reason
  }

  /// The position of the record's note in ``notes``, added on first use.
  private mutating func noteIndex(_ slot: Int) -> Int {
    if pending[slot].note < 0 {
      pending[slot].note = notes.count
      notes.append(Note())
    }
    return pending[slot].note
  }

  /// Records an explicit outcome for a record.
  mutating func mark(
    _ slot: Int, _ kind: SyncOutcome.Kind, _ reason: String?, at pointer: Pointer?
  ) {
    pending[slot].kind = kind
    setReason(slot, reason)
    if let pointer { notes[noteIndex(slot)].pointer = pointer.text }
  }

  /// The reached records per entity.
  func marks() -> [String: Set<RecordID>] {
    var result: [String: Set<RecordID>] = [:]
    for (position, ids) in reached.enumerated() where !ids.isEmpty {
      result[contexts[position].name, default: []].formUnion(ids.ids)
    }
    return result
  }

  // MARK: Delete-missing

  /// Deletes the records of `context` in `scope` that the payload did not reach.
  ///
  /// - Returns: whether the mass-delete guard refused (nothing is then deleted).
  mutating func deleteMissing(_ context: Int, scope: SyncScope?, maximumShare: Double?)
    throws(SyncError) -> Bool
  {
    let name = contexts[context].name
    // Every record the sync inserted was reached, so only records that existed before can be
    // missing: an entity that was empty has nothing to delete (and skips a scan of every record).
    if base.count(name) == 0 { return false }
    var doomed: [RecordID] = []
    var inScope = 0
    let reached = self.reached[context]
    if let scope {
      work.state.forEachRecord(of: name) { id, record in
        if !scope.contains(record) { return }
        inScope += 1
        // Listed at the top level or reached through nesting (self-referential entities).
        if reached[id] != nil { return }
        doomed.append(id)
      }
    } else {
      // Without a scope only identifiers are read: no record is decoded from its row.
      work.state.tables[name]?.forEachID { id in
        inScope += 1
        if reached[id] == nil { doomed.append(id) }
      }
    }
    return try deleteMissing(
      doomed, of: name, outOf: inScope, described: "\(name) records in scope",
      maximumShare: maximumShare, because: "not listed in the payload (delete-missing)")
  }

  /// Deletes `doomed` (records of `entity` the payload left out, of `inScope` that it could
  /// have listed) in identifier order, unless the mass-delete guard refuses them all.
  ///
  /// - Parameter described: How the records in scope are named in the guard's message.
  /// - Returns: Whether the guard refused (nothing is deleted then, and a `massDelete`
  ///   diagnostic says why).
  /// - Throws: ``SyncError`` when a delete rule refuses.
  mutating func deleteMissing(
    _ doomed: [RecordID], of entity: String, outOf inScope: Int, described: String,
    maximumShare: Double?, because reason: String
  ) throws(SyncError) -> Bool {
    guard !doomed.isEmpty else { return false }
    if let maximumShare, Double(doomed.count) > maximumShare * Double(inScope) {
      let percent = Int((maximumShare * 100).rounded())
      diagnostics.append(
        SyncDiagnostic(
          code: .massDelete,
          message:
            "delete-missing would delete \(doomed.count) of \(inScope) \(described), more than the allowed \(percent)%; nothing was deleted. Check the payload, or raise maximumDeleteShare",
          entity: entity))
      return true
    }
    for id in doomed.sorted() {
      do {
        try delete(entity, id, because: reason)
      } catch {
        throw SyncError(error)
      }
    }
    return false
  }

  /// Deletes a record with its delete rules, noting why it and each record its cascade reached
  /// were deleted.
  ///
  /// - Throws: ``StoreError`` when a `deny` rule refuses; nothing is deleted then.
  mutating func delete(_ entity: String, _ id: RecordID, because reason: String) throws(StoreError)
  {
    let deleted = try work.delete(entity, id)
    for (position, key) in deleted.enumerated() {
      guard let context = context(for: key.entity) else { continue }
      let slot = reach(context, key.id)
      if note(of: pending[slot]).reason == nil {
        setReason(slot, position == 0 ? reason : "cascade from \(entity) \(id)")
      }
    }
  }
}

extension String {
  /// Every occurrence of `target` replaced (a Foundation-free helper for pointers).
  fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
