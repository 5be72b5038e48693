/// The cross-record work of opening: every stored link's target exists; the sides of links that
/// files leave out (``SchemaIndex/RelationshipInfo/isDerived``) are derived from the stored
/// side; a derived side that a file does hold (format 1, or a hand edit) must agree with it;
/// both sides of links stored twice agree. Bad links are removed from the loaded records (and
/// reported, their files protected); then the reverse index of relationships without an
/// inverse is built.
struct LinkChecker {
  var state: StoreState
  let loader: StoreLoader
  /// Entities whose records may sit in files other than their chunk's.
  let relayout: Set<String>
  var problems: [StoreError] = []
  var protectedFiles = Set<String>()
  /// The files read again to locate problems, each read and parsed once: a file with many bad
  /// links was read and parsed once per problem, which made thousands of problems quadratic
  /// (issue 31, defect 9).
  private var located: [String: LocatedFile] = [:]

  /// A file's bytes and the position of each of its records, for locating problems.
  private struct LocatedFile {
    var bytes: [UInt8]
    var positions: [RecordID: Int]
    /// The byte offset where each record starts.
    var elements: [Int]
    /// The byte offset where each line starts.
    var lineStarts: [Int]

    /// The line and column of `pointer` (a member of record `position`, or the record), found
    /// from the record's start: O(record) plus a binary search, not a scan of the file.
    func location(of position: Int, member: String?) -> (line: Int, column: Int)? {
      guard position < elements.count else { return nil }
      let offset = JSONPointer(tokens: member.map { [$0] } ?? []).offset(in: bytes, from: elements[position])
      var low = 0
      var high = lineStarts.count
      while low < high {
        let middle = (low + high) / 2
        if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
      }
      let line = max(low, 1)
      return (line, offset - lineStarts[line - 1] + 1)
    }
  }

  init(state: StoreState, loader: StoreLoader, relayout: Set<String> = []) {
    self.state = state
    self.loader = loader
    self.relayout = relayout
  }

  mutating func run() {
    removeDanglingLinks()
    deriveLinks()
    buildReverseIndex()
  }

  /// Stored links whose target does not exist, and links stored on both sides that the other
  /// side does not match, are reported and removed.
  private mutating func removeDanglingLinks() {
    var fixes: [(RecordKey, String, Set<RecordID>)] = []
    for info in state.index.entities.values.sorted(by: { $0.entity.name < $1.entity.name }) {
      let entity = info.entity.name
      let stored = info.relationships.filter { !$0.isDerived }
      guard !stored.isEmpty, let table = state.tables[entity] else { continue }
      // The inverses that files store too (an own inverse, or a many-to-many ordered on both
      // sides), whose links must agree; decided once per relationship, not per link.
      let bothStored = stored.map { relationship in
        relationship.inverse.map { !SchemaIndex.isDerived(relationship.relationship.target, $0, inverse: relationship.relationship) } ?? false
      }
      table.forEach { id, record in
        for (relationship, checkInverse) in zip(stored, bothStored) {
          let r = relationship.relationship
          var bad = Set<RecordID>()
          for target in StoreState.targets(in: record[r.name], toMany: r.isToMany) {
            guard let targetRecord = state.record(r.target, target) else {
              report(entity, id, r.name, "\(entity) \(id).\(r.name) points at \(r.target) \(target), which does not exist; remove the link or restore the record")
              bad.insert(target)
              continue
            }
            if checkInverse, let inverse = relationship.inverse,
              !StoreState.targets(in: targetRecord[inverse.name], toMany: inverse.isToMany).contains(id)
            {
              report(entity, id, r.name, "\(entity) \(id).\(r.name) links \(r.target) \(target), but \(r.target) \(target).\(inverse.name) does not link back; add the link on both sides or remove it from both")
              bad.insert(target)
            }
          }
          if !bad.isEmpty { fixes.append((RecordKey(entity, id), r.name, bad)) }
        }
      }
    }
    for (key, name, bad) in fixes {
      guard var record = state.record(key.entity, key.id),
        let r = state.index.entities[key.entity]?.relationship(named: name)?.relationship
      else { continue }
      let kept = StoreState.targets(in: record[name], toMany: r.isToMany).filter { !bad.contains($0) }
      if r.isToMany {
        record[name] = kept.isEmpty ? nil : .array(kept.map(\.jsonValue))
      } else {
        record[name] = kept.first?.jsonValue
      }
      state.tables.update(key.entity) { $0.set(record, for: key.id) }
    }
  }

  /// Sets every derived side from the stored side. A to-one derived side that two records
  /// would both claim, and a derived side a file holds that disagrees, are reported.
  private mutating func deriveLinks() {
    for info in state.index.entities.values.sorted(by: { $0.entity.name < $1.entity.name }) {
      for derived in info.relationships where derived.isDerived {
        guard let stored = derived.inverse else { continue }
        let owner = info.entity.name
        let source = derived.relationship.target
        var links: [RecordID: [RecordID]] = [:]
        state.tables[source]?.forEach { id, record in
          for target in StoreState.targets(in: record[stored.name], toMany: stored.isToMany) {
            links[target, default: []].append(id)
          }
        }
        var updates: [(RecordID, JSONObject)] = []
        let name = derived.relationship.name
        state.tables[owner]?.forEach { id, record in
          var members = (links[id] ?? []).sorted()
          if !derived.relationship.isToMany, members.count > 1 {
            report(owner, id, nil, "\(owner) \(id) is linked through \(source).\(stored.name) by \(members.map { "\(source) \($0)" }.joined(separator: " and ")), but \(owner).\(name) holds one link; keep the link on one of them")
            members = [members[0]]
          }
          // `JSONValue?.none`, not `nil`: JSONValue is ExpressibleByNilLiteral too.
          let value: JSONValue? =
            members.isEmpty
            ? JSONValue?.none : derived.relationship.isToMany ? .array(members.map(\.jsonValue)) : members[0].jsonValue
          guard record[name] != value else { return }
          if let held = record[name] {
            report(owner, id, name, "\(owner) \(id).\(name) holds \(JSONWriter.string(held)), but the links stored in \(source).\(stored.name) give \(value.map { JSONWriter.string($0) } ?? "none"); \(owner).\(name) is derived from \(source).\(stored.name), so edit the links there and remove '\(name)' here")
          }
          var record = record
          record[name] = value
          updates.append((id, record))
        }
        for (id, record) in updates { state.tables.update(owner) { $0.set(record, for: id) } }
      }
    }
  }

  /// Fills the reverse index of relationships without an inverse from the records.
  mutating func buildReverseIndex() {
    var reverse: [String: [RecordID: Set<RecordID>]] = [:]
    for info in state.index.entities.values {
      let plain = info.relationships.filter { $0.inverse == nil }
      guard !plain.isEmpty, let table = state.tables[info.entity.name] else { continue }
      table.forEach { id, record in
        for relationship in plain {
          let r = relationship.relationship
          for target in StoreState.targets(in: record[r.name], toMany: r.isToMany) {
            reverse[relationship.reverseKey, default: [:]][target, default: []].insert(id)
          }
        }
      }
    }
    state.reverse = reverse
  }

  /// The file that holds `entity`'s record `id` (for a problem's location), found by reading
  /// the files again: a rare path, taken only when a problem is reported. Each file is read and
  /// parsed once however many problems it holds.
  private mutating func locate(_ entity: String, _ id: RecordID, member: String?) -> StoreError {
    var candidates = loader.files(of: entity)
    if !relayout.contains(entity), let table = state.tables[entity] {
      candidates = [ShardLayout.path(entity: entity, name: table.chunkName(table.chunkIndex(for: id)))]
    }
    for file in candidates {
      guard let read = locatedFile(file, of: entity), let position = read.positions[id] else { continue }
      var error = StoreError(code: .invalidStoredRecord, message: "", entity: entity, id: id, file: file)
      let pointer = "/\(position)" + (member.map { "/" + ShardFile.escapePointer($0) } ?? "")
      error.pointer = pointer
      if let location = read.location(of: position, member: member) {
        error.line = location.line
        error.column = location.column
      }
      return error
    }
    return StoreError(code: .invalidStoredRecord, message: "", entity: entity, id: id, file: candidates.first)
  }

  /// `file` read and its records' positions found, the first time it is asked for; `nil` when
  /// it cannot be read or parsed.
  private mutating func locatedFile(_ file: String, of entity: String) -> LocatedFile? {
    if let read = located[file] { return read }
    let identifiers = state.index.entities[entity]?.entity.identifiers ?? []
    guard let bytes = (try? StoreFiles.readFile(loader.path(file))).flatMap({ $0 }),
      let items = (try? JSONParser.parse(bytes))?.arrayValue
    else { return nil }
    var positions: [RecordID: Int] = [:]
    for (position, item) in items.enumerated() {
      guard let id = item.objectValue.flatMap({ SchemaIndex.recordID(of: $0, identifiers: identifiers) }) else { continue }
      if positions[id] == nil { positions[id] = position }
    }
    var lineStarts = [0]
    for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    let read = LocatedFile(
      bytes: bytes, positions: positions, elements: JSONPointer.elementOffsets(in: bytes), lineStarts: lineStarts)
    located[file] = read
    return read
  }

  private mutating func report(_ entity: String, _ id: RecordID, _ member: String?, _ message: String) {
    var error = locate(entity, id, member: member)
    error.message = message
    if let file = error.file { protectedFiles.insert(file) }
    problems.append(error)
  }
}
