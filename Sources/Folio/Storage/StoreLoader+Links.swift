/// The cross-record checks of opening: every relationship target exists and every link of a
/// relationship with an inverse is matched by the inverse link. Bad links are removed from the
/// loaded records (and reported, their shards protected); then the reverse index of
/// relationships without an inverse is built.
struct LinkChecker {
  var state: StoreState
  let loader: StoreLoader
  var problems: [StoreError] = []
  var protectedFiles = Set<String>()
  private var fileBytes: [String: [UInt8]] = [:]

  init(state: StoreState, loader: StoreLoader) {
    self.state = state
    self.loader = loader
  }

  mutating func run() {
    var fixes: [(RecordKey, String, Set<RecordID>)] = []
    for info in state.index.entities.values.sorted(by: { $0.entity.name < $1.entity.name }) {
      let entity = info.entity.name
      guard !info.relationships.isEmpty, let table = state.tables[entity] else { continue }
      table.forEach { id, record in
        for relationship in info.relationships {
          let r = relationship.relationship
          var bad = Set<RecordID>()
          for target in StoreState.targets(in: record[r.name], toMany: r.isToMany) {
            guard let targetRecord = state.record(r.target, target) else {
              report(entity, id, r.name, "\(entity) \(id).\(r.name) points at \(r.target) \(target), which does not exist; remove the link or restore the record")
              bad.insert(target)
              continue
            }
            if let inverse = relationship.inverse,
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
    buildReverseIndex()
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

  private mutating func report(_ entity: String, _ id: RecordID, _ member: String, _ message: String) {
    guard let table = state.tables[entity] else { return }
    let shard = table.shardIndex(for: id)
    let file = ShardFile.path(entity: entity, index: shard)
    protectedFiles.insert(file)
    var error = StoreError(code: .invalidStoredRecord, message: message, entity: entity, id: id, file: file)
    if fileBytes[file] == nil { fileBytes[file] = (try? StoreFiles.readFile(loader.path(file))).flatMap { $0 } ?? [] }
    // Rare path: find the record's position by parsing the file again.
    let bytes = fileBytes[file] ?? []
    let identifiers = state.index.entities[entity]?.entity.identifiers ?? []
    if let items = (try? JSONParser.parse(bytes))?.arrayValue,
      let position = items.firstIndex(where: { item in
        item.objectValue.flatMap { SchemaIndex.recordID(of: $0, identifiers: identifiers) } == id
      })
    {
      let pointer = "/\(position)/" + ShardFile.escapePointer(member)
      error.pointer = pointer
      if let location = (try? JSONPointer(parsing: pointer))?.location(in: bytes) {
        error.line = location.line
        error.column = location.column
      }
    }
    problems.append(error)
  }
}
