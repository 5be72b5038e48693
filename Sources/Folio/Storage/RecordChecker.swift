/// Checks one stored record against its entity, on its own (types, identifiers, relationship
/// shapes); cross-record checks (targets exist, inverses agree) are ``StoreLoader``'s.
struct RecordChecker: Sendable {
  enum Member: Sendable {
    case attribute(Attribute)
    case relationship(Relationship)
  }

  let entity: Entity
  let members: [String: Member]
  let required: [String]

  init(_ entity: Entity) {
    self.entity = entity
    var members: [String: Member] = [:]
    for attribute in entity.attributes { members[attribute.name] = .attribute(attribute) }
    for relationship in entity.relationships { members[relationship.name] = .relationship(relationship) }
    self.members = members
    required = entity.attributes.filter { !$0.isOptional }.map(\.name)
  }

  /// A problem without file position: a JSON pointer relative to the record and a message.
  struct Problem: Sendable {
    var member: String?
    var message: String
  }

  /// Checks `record`; returns its identifier and the record with `null` members dropped, or the
  /// problems found (all of them).
  func check(_ record: JSONObject) -> (id: RecordID?, record: JSONObject, problems: [Problem]) {
    var problems: [Problem] = []
    var cleaned = record
    var hasNull = false
    for member in record {
      guard let kind = members[member.key] else {
        let names = entity.attributes.map(\.name) + entity.relationships.map(\.name)
        problems.append(Problem(member: member.key, message: "'\(member.key)' is not an attribute or relationship of \(entity.name) (expected one of: \(names.joined(separator: ", "))); remove it or add it to the schema"))
        continue
      }
      if member.value.isNull { hasNull = true }
      if case .relationship(let r) = kind, r.isToMany, member.value == .array([]) {
        hasNull = true  // An empty to-many is the same as an absent one; canonical files omit it.
        continue
      }
      switch kind {
      case .attribute(let attribute):
        do throws(CoercionError) {
          try attribute.validateStored(member.value)
        } catch {
          problems.append(Problem(member: member.key, message: error.description))
        }
      case .relationship(let relationship):
        if let message = relationshipProblem(member.value, relationship) {
          problems.append(Problem(member: member.key, message: message))
        }
      }
    }
    if hasNull {
      cleaned = JSONObject(uniqueMembers: record.members.filter { member in
        if member.value.isNull { return false }
        if case .relationship(let r)? = members[member.key], r.isToMany, member.value == .array([]) { return false }
        return true
      })
    }
    for name in required where cleaned[name] == nil {
      problems.append(Problem(member: nil, message: "required attribute '\(name)' of \(entity.name) is missing; add it to the record"))
    }
    let id = SchemaIndex.recordID(of: cleaned, identifiers: entity.identifiers)
    if id == nil, !entity.identifiers.isEmpty {
      problems.append(Problem(member: nil, message: "the record has no valid identifier (\(entity.identifiers.joined(separator: ", ")) as an int or a string)"))
    }
    return (id, cleaned, problems)
  }

  private func relationshipProblem(_ value: JSONValue, _ relationship: Relationship) -> String? {
    if value.isNull { return nil }
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
