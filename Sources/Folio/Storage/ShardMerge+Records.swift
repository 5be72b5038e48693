extension ShardMerge {
  /// What the merge decided for one record.
  enum Outcome: Sendable, Hashable {
    /// The record as merged: unchanged, taken from one side, or merged field by field.
    case kept(JSONObject)
    /// The record is gone: deleted on one side and unchanged on the other, or on both.
    case removed
    /// Both sides changed members of the record two ways. `merged` holds the members that
    /// merged cleanly; `conflicting` the rest, in canonical key order.
    case fields(merged: JSONObject, conflicting: [FieldConflict])
    /// One side deleted the record and the other changed it (`changed` names the members).
    case deleted(in: Side, kept: JSONObject, changed: [String])
    /// A whole-entity merge cannot leave the record as git leaves the other files; the text
    /// says why (``Conflict/note``).
    case note(String)

    /// Whether the record is a conflict.
    var isConflict: Bool {
      switch self {
      case .kept, .removed: return false
      case .fields, .deleted, .note: return true
      }
    }
  }

  /// One member changed two ways; `nil` means the side has no such member.
  struct FieldConflict: Sendable, Hashable {
    var key: String
    var ours: JSONValue?
    var theirs: JSONValue?
  }

  /// The three-way decision for one record.
  static func outcome(base: JSONObject?, ours: JSONObject?, theirs: JSONObject?) -> Outcome {
    if ours == theirs || theirs == base { return ours.map(Outcome.kept) ?? .removed }
    if ours == base { return theirs.map(Outcome.kept) ?? .removed }
    // Both sides changed the record, differently.
    let original = base ?? JSONObject()
    switch (ours, theirs) {
    case (let ours?, let theirs?):
      return fields(base: original, ours: ours, theirs: theirs)
    case (let ours?, nil):
      return .deleted(in: .theirs, kept: ours, changed: changedKeys(original, ours))
    case (nil, let theirs?):
      return .deleted(in: .ours, kept: theirs, changed: changedKeys(original, theirs))
    case (nil, nil):
      return .removed  // unreachable: equal sides were taken above
    }
  }

  /// The member-by-member merge of a record both sides changed.
  static func fields(base: JSONObject, ours: JSONObject, theirs: JSONObject) -> Outcome {
    var merged = JSONObject(minimumCapacity: ours.count)
    var conflicting: [FieldConflict] = []
    for key in keys(of: [base, ours, theirs]) {
      let (original, mine, other) = (base[key], ours[key], theirs[key])
      let value: JSONValue?
      if mine == other || other == original {
        value = mine
      } else if mine == original {
        value = other
      } else {
        conflicting.append(FieldConflict(key: key, ours: mine, theirs: other))
        continue
      }
      if let value { merged.appendUnchecked(key: key, value: value) }
    }
    return conflicting.isEmpty ? .kept(merged) : .fields(merged: merged, conflicting: conflicting)
  }

  /// The keys whose values differ between `base` and `changed`, in canonical order.
  static func changedKeys(_ base: JSONObject, _ changed: JSONObject) -> [String] {
    keys(of: [base, changed]).filter { base[$0] != changed[$0] }
  }

  /// Every key of `objects`, once each, in canonical (UTF-8 byte) order.
  static func keys(of objects: [JSONObject]) -> [String] {
    var seen = Set<String>()
    var keys: [String] = []
    for object in objects {
      for member in object where seen.insert(member.key).inserted { keys.append(member.key) }
    }
    return keys.sorted(by: JSONObject.keyPrecedes)
  }

  /// The records of one input by identifier.
  ///
  /// - Throws: ``ShardMergeError`` locating the first problem in `bytes`.
  static func records(_ bytes: [UInt8], side: Side, identifiers: [String])
    throws(ShardMergeError) -> [RecordID: JSONObject]
  {
    var text = bytes
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
    if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [:] }
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      if let line = ShardFile.conflictMarkerLine(text) {
        throw ShardMergeError(
          code: .conflictMarkers,
          message:
            "the file already holds git merge-conflict markers, so its records cannot be read",
          side: side, line: line, column: 1)
      }
      throw ShardMergeError(
        code: .invalidJSON, message: "the file is not valid JSON: \(error.message)", side: side,
        line: error.line, column: error.column)
    }
    guard case .array(let items) = value else {
      throw ShardMergeError(
        code: .notAShard,
        message: "a shard file holds an array of records; this one holds \(value.kindName)",
        side: side, line: 1, column: 1)
    }
    var records: [RecordID: JSONObject] = [:]
    records.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let problem: (ShardMergeError.Code, String)
      if case .object(let record) = item {
        if let id = SchemaIndex.recordID(of: record, identifiers: identifiers) {
          if records.updateValue(record, forKey: id) == nil { continue }
          problem = (.duplicateIdentifier, "record \(index) repeats the identifier \(id)")
        } else {
          let names = identifiers.map { "'\($0)'" }.joined(separator: ", ")
          problem = (
            .missingIdentifier,
            "record \(index) has no valid identifier: expected an int or a string in \(names)"
          )
        }
      } else {
        problem = (.notAShard, "record \(index) is \(item.kindName), not an object")
      }
      let pointer = JSONPointer(tokens: [String(index)])
      let location = pointer.location(in: text)
      throw ShardMergeError(
        code: problem.0, message: problem.1, side: side, line: location.line,
        column: location.column, pointer: pointer.description)
    }
    return records
  }
}
