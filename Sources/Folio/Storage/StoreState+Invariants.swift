extension StoreState {
  /// Every way the in-memory records break the store's invariants, as readable sentences; empty
  /// when the state is consistent.
  ///
  /// Checks: each record sits under the identifier its identifier attributes hold, in the shard
  /// the layout selects; every relationship target exists; to-many members are unique and,
  /// unless ordered, in identifier order; every link of a relationship with an inverse is matched
  /// by the inverse link; the reverse index of relationships without an inverse matches the
  /// records; entity counts match the shards; every owned record has exactly one parent; every
  /// secondary index holds exactly the records' keys, in order. `folio check` and every mutating test run it.
  ///
  /// - Complexity: O(*n* + *l*) in records and links.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    var expectedReverse: [String: [RecordID: Set<RecordID>]] = [:]
    // The inverse links of each target record, read once per record and relationship (a team
    // of 250 flags would otherwise be read 250 times).
    var backLinks: [String: [RecordID: Set<RecordID>]] = [:]
    for entity in schema.entities {
      guard let table = tables[entity.name], let info = index.entities[entity.name] else {
        problems.append("entity \(entity.name) has no table")
        continue
      }
      var counted = 0
      for (chunkIndex, chunk) in table.chunks.enumerated() {
        counted += chunk.count
        for (id, record) in chunk {
          let key = RecordKey(entity.name, id)
          if SchemaIndex.recordID(of: record, identifiers: entity.identifiers) != id {
            problems.append("\(key): its identifier attributes do not hold \(id)")
          }
          if table.chunkIndex(for: id) != chunkIndex {
            problems.append("\(key) is in chunk \(chunkIndex), not \(table.chunkIndex(for: id))")
          }
          for relationship in info.relationships {
            let r = relationship.relationship
            let value = record[r.name]
            let targets = StoreState.targets(in: value, toMany: r.isToMany)
            if value != nil, targets.isEmpty || (r.isToMany && value?.arrayValue?.count != targets.count) {
              problems.append("\(key).\(r.name) holds a malformed value")
            }
            if r.isToMany {
              if Set(targets).count != targets.count {
                problems.append("\(key).\(r.name) lists a member twice")
              }
              if !r.isOrdered, targets != targets.sorted() {
                problems.append("\(key).\(r.name) is not in identifier order")
              }
            }
            for target in targets {
              guard let targetRecord = self.record(r.target, target) else {
                problems.append("\(key).\(r.name) points at \(r.target) \(target), which does not exist")
                continue
              }
              if let inverse = relationship.inverse {
                let cacheKey = r.target + "." + inverse.name
                let back =
                  backLinks[cacheKey]?[target]
                  ?? Set(StoreState.targets(in: targetRecord[inverse.name], toMany: inverse.isToMany))
                backLinks[cacheKey, default: [:]][target] = back
                if !back.contains(id) {
                  problems.append("\(key).\(r.name) links \(r.target) \(target), but \(r.target) \(target).\(inverse.name) does not link back")
                }
              } else {
                expectedReverse[relationship.reverseKey, default: [:]][target, default: []].insert(id)
              }
            }
          }
        }
      }
      for (n, boundary) in table.boundaries.enumerated() where table.chunks[n + 1][boundary] == nil || !ShardLayout.isBoundary(boundary) {
        problems.append("entity \(entity.name): chunk \(n + 1) does not start with its boundary \(boundary)")
      }
      if counted != table.count {
        problems.append("entity \(entity.name) counts \(table.count) records but its chunks hold \(counted)")
      }
    }
    let actualReverse = reverse.mapValues { $0.filter { !$0.value.isEmpty } }.filter { !$0.value.isEmpty }
    if actualReverse != expectedReverse.filter({ !$0.value.isEmpty }) {
      problems.append("the reverse index of relationships without an inverse does not match the records")
    }
    problems += ownershipProblems().map(\.message)
    problems += secondaryIndexProblems()
    return problems
  }
}
