extension StoreState {
  /// The owned records (of entities without an identifier) that no parent links, or that more
  /// than one link holds: each owned record belongs to exactly one parent, which its
  /// synthesized identifier names (`User/u1/address`).
  ///
  /// - Returns: Each offending record with a sentence saying what is wrong and how to fix it, in
  ///   entity then identifier order.
  /// - Complexity: O(*n*) in the owned records.
  func ownershipProblems() -> [(key: RecordKey, message: String)] {
    var problems: [(RecordKey, String)] = []
    for entity in schema.entities where entity.isOwned {
      for id in ids(entity.name) {
        let key = RecordKey(entity.name, id)
        let parents = referrers(of: key).filter { referrer in
          schema.entity(named: referrer.source.entity)?.relationship(named: referrer.relationship)?
            .target == entity.name
        }
        if parents.isEmpty {
          problems.append(
            (key, "\(key) is an orphan: \(entity.name) declares no identifier, so each record belongs to the parent its identifier names, and no parent links this one; delete it, or link it from that parent"))
        } else if parents.count > 1 {
          let names = parents.map { "\($0.source).\($0.relationship)" }.joined(separator: ", ")
          problems.append(
            (key, "\(key) is owned by more than one parent (\(names)); an owned record belongs to one parent, so unlink it from all but the one its identifier names"))
        }
      }
    }
    return problems
  }
}
