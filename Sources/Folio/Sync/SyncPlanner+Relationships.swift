extension SyncPlanner {
  /// Reads and checks one relationship value of an item (nothing is written yet).
  ///
  /// A `null` element of a to-many array is skipped with a `nullElement` diagnostic.
  ///
  /// - Returns: the checked input, or why the item must be rejected: a to-one given an array
  ///   (U43), a to-many given a non-array, an identifier that cannot be coerced, or an unknown
  ///   target under the `reject` reference policy (D13).
  mutating func readRelationship(
    _ slot: EntityContext.RelationshipSlot, _ raw: JSONValue, at pointer: Pointer
  ) -> Result<RelationshipInput, Refusal> {
    let relationship = slot.relationship
    guard let target = context(for: relationship.target) else {
      return .failure(
        Refusal(
          "the relationship '\(relationship.name)' targets the unknown entity '\(relationship.target)'"
        ))
    }
    if raw.isNull { return .success(.clear) }
    if relationship.isToMany {
      guard case .array(let elements) = raw else {
        return .failure(
          Refusal(
            "the to-many relationship '\(relationship.name)' takes an array of \(relationship.target) objects or identifiers, found \(raw.kindName)"
          ))
      }
      var inputs: [RelationshipInput] = []
      inputs.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        let elementPointer: Pointer = .nested(pointer.text + "/\(index)")
        // A `null` element names nothing: it is skipped, and the rest of the array applies.
        if element.isNull {
          diagnostics.append(
            SyncDiagnostic(
              code: .nullElement,
              message:
                "'\(relationship.name)' holds null at index \(index); the element was skipped and the rest of the array applied",
              entity: relationship.target, pointers: [elementPointer.text]))
          continue
        }
        switch readOne(relationship, target, element, at: elementPointer) {
        case .success(let input): inputs.append(input)
        case .failure(let refusal): return .failure(refusal)
        }
      }
      return .success(.many(inputs))
    }
    if case .array = raw, contexts[target].identifiers.count == 1 {
      return .failure(
        Refusal(
          "the to-one relationship '\(relationship.name)' takes one \(relationship.target) object or identifier, found an array"
        ))
    }
    return readOne(relationship, target, raw, at: pointer)
  }

  private mutating func readOne(
    _ relationship: Relationship, _ target: Int, _ raw: JSONValue, at pointer: Pointer
  ) -> Result<RelationshipInput, Refusal> {
    if case .object(let object) = raw { return .success(.nested(object, pointer)) }
    let targetContext = contexts[target]
    if targetContext.entity.isOwned {
      return .failure(
        Refusal(
          "'\(relationship.name)' holds \(raw.kindName), but \(relationship.target) declares no identifier: it is owned by its parent, so give it as a nested object"
        ))
    }
    switch targetContext.identifier(from: raw) {
    case .failure(let reason):
      return .failure(
        Refusal(
          "'\(relationship.name)' holds no usable \(relationship.target) identifier: \(reason.reason)"
        ))
    case .success(let id):
      guard work.record(targetContext.name, id) == nil else {
        return .success(.reference(id, pointer))
      }
      switch relationship.referencePolicy {
      case .stub:
        diagnostics.append(
          SyncDiagnostic(
            code: .danglingReference,
            message:
              "'\(relationship.name)' names \(relationship.target) \(id), which is not stored; a stub holding only its identifier was inserted (policy stub)",
            entity: targetContext.name, id: id, pointers: [pointer.text]))
        return .success(.reference(id, pointer))
      case .ignore:
        diagnostics.append(
          SyncDiagnostic(
            code: .danglingReference,
            message:
              "'\(relationship.name)' names \(relationship.target) \(id), which is not stored; the reference was ignored (policy ignore)",
            entity: targetContext.name, id: id, pointers: [pointer.text]))
        return .success(.reference(nil, pointer))
      case .reject:
        return .failure(
          Refusal(
            "'\(relationship.name)' names \(relationship.target) \(id), which is not stored (policy reject)"
          ))
      }
    }
  }

  /// Links the relationships of the record `id` as the checked inputs say, syncing nested
  /// objects into their entities with the relationship's child options (D10, D12, D13).
  mutating func applyRelationships(
    _ source: Int, _ id: RecordID,
    _ inputs: [(EntityContext.RelationshipSlot, RelationshipInput)], level: Level
  ) throws(SyncError) {
    let name = contexts[source].name
    for (slot, input) in inputs {
      let relationship = slot.relationship
      guard let target = context(for: relationship.target) else { continue }
      let options = childOverrides[name + "." + relationship.name] ?? relationship.childOptions
      let childLevel = Level(
        insertMissing: options.insertMissing ?? level.insertMissing,
        updateExisting: options.updateExisting ?? level.updateExisting,
        forceInsert: false, forceUpdate: level.forceUpdate,
        validators: contexts[target].entity.validators)
      // Owned records go with their link; other children follow the child delete-missing,
      // but never when they were given as bare identifiers, which only link (D10, D12).
      let isOwned = slot.info.ownsTarget
      var deleteRemoved = isOwned || (options.deleteMissing ?? (relationship.deleteRule == .cascade))
      do {
        if relationship.isToMany {
          var members: [RecordID] = []
          if case .many(let elements, let byReference) = input {
            members.reserveCapacity(elements.count)
            // Identifiers only link; so does an empty list under a `<name>_ids` key.
            if !isOwned, byReference || (!elements.isEmpty && elements.allSatisfy(\.isReference)) {
              deleteRemoved = false
            }
            for (position, element) in elements.enumerated() {
              // An owned child is identified by its position among the array's elements that
              // are not null.
              let ownedID =
                isOwned
                ? Schema.ownedID(
                  owner: name, parent: id, relationship: relationship.name, position: position)
                : nil
              if let member = try resolve(element, target, childLevel, ownedID: ownedID) {
                members.append(member)
              }
            }
          }
          // A nested item may have deleted records on the way (deleteIfInvalid).
          guard work.record(name, id) != nil else { return }
          members.removeAll { work.record(relationship.target, $0) == nil }
          let removed = try work.setToMany(name, id, relationship.name, to: members)
          if deleteRemoved {
            for member in removed {
              orphans.append(
                Orphan(
                  key: RecordKey(relationship.target, member), owner: name,
                  relationship: relationship.name,
                  reason: "removed from \(name) \(id).\(relationship.name) (child delete-missing)"))
            }
          }
        } else {
          var member: RecordID?
          if case .clear = input {
            member = nil
          } else {
            let ownedID =
              isOwned ? Schema.ownedID(owner: name, parent: id, relationship: relationship.name) : nil
            guard let resolved = try resolve(input, target, childLevel, ownedID: ownedID) else {
              continue
            }
            member = resolved
            if input.isReference { deleteRemoved = false }
          }
          guard let record = work.record(name, id) else { return }
          if let member, work.record(relationship.target, member) == nil { continue }
          let current = record[relationship.name].flatMap(RecordID.init(json:))
          guard current != member else { continue }
          try work.setToOne(name, id, relationship.name, to: member)
          if deleteRemoved, let current {
            orphans.append(
              Orphan(
                key: RecordKey(relationship.target, current), owner: name,
                relationship: relationship.name,
                reason: "replaced in \(name) \(id).\(relationship.name) (child delete-missing)"))
          }
        }
      } catch let error as StoreError {
        throw SyncError(error)
      } catch let error as SyncError {
        throw error
      } catch {
        throw SyncError(code: .storeRefused, message: "\(error)", entity: name, id: id)
      }
    }
  }

  /// The record a single relationship input names, after syncing it (nested) or stubbing it
  /// (bare identifier); `nil` when it names none (skipped, rejected new, ignored).
  private mutating func resolve(
    _ input: RelationshipInput, _ target: Int, _ level: Level, ownedID: RecordID? = nil
  ) throws(SyncError) -> RecordID? {
    switch input {
    case .clear, .many:
      return nil
    case .nested(var object, let pointer):
      // An owned record's identifier is where it sits, whatever the payload says.
      if let ownedID { object[Entity.ownedIdentifier] = ownedID.jsonValue }
      guard depth < SyncPlanner.maximumDepth else {
        note(
          target, .rejected, "nested deeper than \(SyncPlanner.maximumDepth) levels", at: pointer)
        return nil
      }
      depth += 1
      defer { depth -= 1 }
      let result = try upsert(target, .object(object), at: pointer, level: level)
      return result.exists ? result.id : nil
    case .reference(let id, _):
      guard let id else { return nil }
      let targetContext = contexts[target]
      _ = reach(target, id)
      if work.record(targetContext.name, id) == nil {
        work.put(targetContext.name, id, targetContext.stub(id))
      }
      return id
    }
  }

  /// Deletes the children removed from their parent by a nested sync (child delete-missing,
  /// D10, D12), once every item has been applied: a child that the payload linked to another
  /// parent of the same relationship in the meantime has moved, and is kept.
  ///
  /// - Throws: ``SyncError`` when a `deny` rule refuses.
  mutating func deleteOrphans() throws(SyncError) {
    for orphan in orphans where work.record(orphan.key.entity, orphan.key.id) != nil {
      let relinked = work.state.referrers(of: orphan.key).contains {
        $0.source.entity == orphan.owner && $0.relationship == orphan.relationship
      }
      guard !relinked else { continue }
      do {
        try delete(orphan.key.entity, orphan.key.id, because: orphan.reason)
      } catch {
        throw SyncError(error)
      }
    }
    orphans.removeAll()
  }
}
