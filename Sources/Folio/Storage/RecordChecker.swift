/// Checks one stored record against its entity, on its own (types, identifiers, relationship
/// shapes); cross-record checks (targets exist, inverses agree) are ``LinkChecker``'s.
///
/// Opening runs it on every record of every file it does not trust (``StoreLoader/trusted``),
/// so it is built for speed: member names are kept sorted (as
/// canonical records are), a record's keys are matched by walking forward through them (small
/// strings compare inline), and the dictionary is only consulted for unsorted, hand-edited
/// records.
struct RecordChecker: Sendable {
  let entity: Entity
  /// Every member name, sorted by UTF-8 bytes.
  private let names: [String]
  /// For each name: `>= 0` an attribute index, `< 0` the relationship `~index`.
  private let slots: [Int]
  private let isRequired: [Bool]
  /// For each name: the JSON kind that is always canonical for it (0 string, 1 int, 2 double,
  /// 3 bool); 4 for a date (canonical when ``ISODate/isCanonical(_:)``); 5–8 for an array of
  /// strings, ints, doubles or bools (canonical when every element has that kind); 9 for a UUID
  /// (canonical when ``Attribute/isCanonicalUUID(_:)``); 255 when
  /// values always need ``Attribute/validateStored(_:)``. A value that fails a fast check is
  /// checked by ``Attribute/validateStored(_:)``, so the messages are the same.
  private let plainKind: [UInt8]
  private let lookup: [String: Int]
  /// The position in ``names`` of a single identifier attribute, if the entity has one.
  private let identifierSlot: Int?

  init(_ entity: Entity) {
    self.entity = entity
    var members: [(String, Int)] = []
    for (i, attribute) in entity.attributes.enumerated() { members.append((attribute.name, i)) }
    for (i, relationship) in entity.relationships.enumerated() { members.append((relationship.name, ~i)) }
    members.sort { JSONObject.keyPrecedes($0.0, $1.0) }
    names = members.map(\.0)
    slots = members.map(\.1)
    isRequired = members.map { $0.1 >= 0 && !entity.attributes[$0.1].isOptional }
    plainKind = members.map { member in
      guard member.1 >= 0 else { return 255 }
      switch entity.attributes[member.1].type {
      case .string: return 0
      case .int: return 1
      case .double: return 2
      case .bool: return 3
      case .isoDate: return 4
      case .array(.string): return 5
      case .array(.int): return 6
      case .array(.double): return 7
      case .array(.bool): return 8
      case .uuid: return 9
      default: return 255
      }
    }
    var lookup: [String: Int] = [:]
    for (position, name) in names.enumerated() { lookup[name] = position }
    self.lookup = lookup
    identifierSlot = entity.identifiers.count == 1 ? lookup[entity.identifiers[0]] : nil
  }

  /// A problem without file position: the member concerned (if any) and a message.
  struct Problem: Sendable {
    var member: String?
    var message: String
  }

  /// Checks `record`; returns its identifier and the record with `null` members (and empty
  /// to-many arrays) dropped, or the problems found (all of them).
  func check(_ record: JSONObject) -> (id: RecordID?, record: JSONObject, problems: [Problem]) {
    var problems: [Problem] = []
    // Which members the record holds: a bit mask for up to 64 members (no allocation).
    var seenMask: UInt64 = 0
    var seenMore: [Bool] = names.count > 64 ? [Bool](repeating: false, count: names.count) : []
    var dropsMembers = false
    var id: RecordID?
    var cursor = 0
    // Index the members in place: binding each key and value to a local copy retains it.
    record.keys.withUnsafeBufferPointer { keys in
      record.values.withUnsafeBufferPointer { values in
        for index in keys.indices {
          var position = -1
          var probe = cursor
          while probe < names.count {
            if names[probe] == keys[index] {
              position = probe
              break
            }
            probe += 1
          }
          if position < 0 { position = lookup[keys[index]] ?? -1 }
          guard position >= 0 else {
            let key = keys[index]
            problems.append(Problem(member: key, message: "'\(key)' is not an attribute or relationship of \(entity.name) (expected one of: \(memberList)); remove it or add it to the schema"))
            continue
          }
          cursor = position + 1
          if position < 64 { seenMask |= 1 << UInt64(position) } else { seenMore[position] = true }
          let slot = slots[position]
          if case .null = values[index] {
            dropsMembers = true
            if slot >= 0, !entity.attributes[slot].isOptional {
              problems.append(Problem(member: keys[index], message: "required attribute '\(keys[index])' of \(entity.name) is null; give it a value"))
            }
            continue
          }
          if slot >= 0 {
            // Fast path: a value of the attribute's own plain JSON kind is canonical as it is.
            let isPlain: Bool
            switch (plainKind[position], values[index]) {
            case (0, .string), (1, .int), (2, .double), (3, .bool): isPlain = true
            case (4, .string(let text)): isPlain = ISODate.isCanonical(text)
            case (9, .string(let text)): isPlain = Attribute.isCanonicalUUID(text)
            case (5...8, .array(let elements)):
              isPlain = Self.allElements(elements, haveKind: plainKind[position] - 5)
            default: isPlain = false
            }
            if !isPlain {
              do throws(CoercionError) {
                try entity.attributes[slot].validateStored(values[index])
              } catch {
                problems.append(Problem(member: keys[index], message: error.description))
              }
            }
            if position == identifierSlot {
              switch values[index] {
              case .int(let i): id = .int(i)
              case .string(let s): id = .string(s)
              default: break
              }
            }
          } else {
            let relationship = entity.relationships[~slot]
            if relationship.isToMany, case .array(let elements) = values[index], elements.isEmpty {
              dropsMembers = true  // An empty to-many is the same as an absent one; canonical files omit it.
              continue
            }
            if let message = relationshipProblem(values[index], relationship) {
              problems.append(Problem(member: keys[index], message: message))
            }
          }
        }
      }
    }
    for position in names.indices where isRequired[position]
      && (position < 64 ? seenMask & (1 << UInt64(position)) == 0 : !seenMore[position])
    {
      problems.append(Problem(member: nil, message: "required attribute '\(names[position])' of \(entity.name) is missing; add it to the record"))
    }
    var cleaned = record
    if dropsMembers {
      cleaned = JSONObject(uniqueMembers: record.filter { member in
        if member.value.isNull { return false }
        if let position = lookup[member.key], slots[position] < 0, member.value == .array([]) { return false }
        return true
      })
    }
    if identifierSlot == nil { id = SchemaIndex.recordID(of: cleaned, identifiers: entity.identifiers) }
    if id == nil, problems.isEmpty || identifierSlot == nil {
      problems.append(Problem(member: nil, message: "the record has no valid identifier (\(entity.identifiers.joined(separator: ", ")) as an int or a string)"))
    }
    return (id, cleaned, problems)
  }

  /// Whether every element is a string (kind 0), int (1), double (2) or bool (3).
  private static func allElements(_ elements: [JSONValue], haveKind kind: UInt8) -> Bool {
    elements.withUnsafeBufferPointer { elements in
      for index in elements.indices {
        switch (kind, elements[index]) {
        case (0, .string), (1, .int), (2, .double), (3, .bool): continue
        default: return false
        }
      }
      return true
    }
  }

  private var memberList: String {
    (entity.attributes.map(\.name) + entity.relationships.map(\.name)).joined(separator: ", ")
  }

  private func relationshipProblem(_ value: JSONValue, _ relationship: Relationship) -> String? {
    if !relationship.isToMany {
      return RecordID(json: value) == nil
        ? "relationship '\(relationship.name)': expected a \(relationship.target) identifier, found \(value.kindName)" : nil
    }
    guard case .array(let elements) = value else {
      return "relationship '\(relationship.name)': expected an array of \(relationship.target) identifiers, found \(value.kindName)"
    }
    var ids: [RecordID] = []
    for element in elements {
      guard let id = RecordID(json: element) else {
        return "relationship '\(relationship.name)': expected \(relationship.target) identifiers, found \(JSONWriter.string(element))"
      }
      ids.append(id)
    }
    if Set(ids).count != ids.count { return "relationship '\(relationship.name)' lists a member twice; remove the duplicate" }
    if !relationship.isOrdered, ids != ids.sorted() {
      return "relationship '\(relationship.name)' is not in identifier order; sort its members"
    }
    return nil
  }
}
