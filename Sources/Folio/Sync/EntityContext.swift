/// One entity's facts the planner needs for every item, compiled once per plan: the key mapping
/// with each member's attribute, the identifier members, and the rules.
///
/// Classes rather than structs so the per-item loops retain one reference per slot instead of
/// copying every field; instances are immutable after compilation.
final class EntityContext {
  final class AttributeSlot {
    let attribute: Attribute
    let member: EntityMapping.Member
    /// The attribute's name (the key in records).
    let name: String
    /// The member's candidate keys, when every candidate is a single-component key (read through
    /// ``MemberPositions``); `nil` when one is a dotted path.
    let keys: [String]?
    /// The scalar type whose canonical JSON form an incoming value may already have, so it needs
    /// no conversion; `nil` for dates and arrays.
    let plainType: AttributeType?
    /// For `isoDate` attributes: the date forms accepted.
    let dateFormats: DateFormats?
    /// Whether the attribute reads its values through a ``ValueTransform``.
    let hasTransform: Bool

    init(attribute: Attribute, member: EntityMapping.Member, schemaDateFormats: DateFormats) {
      self.attribute = attribute
      self.member = member
      name = attribute.name
      let paths = member.allKeyPaths
      keys = paths.allSatisfy { $0.components.count == 1 } ? paths.map { $0.components[0] } : nil
      switch attribute.type {
      case .int, .string, .bool, .double: plainType = attribute.type
      default: plainType = nil
      }
      dateFormats = attribute.type == .isoDate ? attribute.dateFormats ?? schemaDateFormats : nil
      hasTransform = attribute.transform != nil
    }

    /// The canonical value of `raw` (`nil` clears), or the conversion error (D6, D20), knowing
    /// the value currently stored: values already in canonical form skip conversion, and a date
    /// naming the stored instant returns the stored text without building a new one.
    /// A transform (``ValueTransform``) reads the value first.
    @inline(__always) func coerce(
      _ given: JSONValue, stored: JSONValue?, schemaDateFormats: DateFormats
    )
      -> Result<JSONValue?, CoercionError>
    {
      if hasTransform {
        return coerceThroughTransform(given, stored: stored, schemaDateFormats: schemaDateFormats)
      }
      // A value already of its canonical kind is its own conversion. Tested without binding the
      // payload: a switch over the type and the value together copied the value twice.
      if let plainType, given.isPlain(plainType) { return .success(given) }
      return convert(given, stored: stored, schemaDateFormats: schemaDateFormats)
    }

    /// ``coerce(_:stored:schemaDateFormats:)`` of a value that is not already canonical: a date
    /// compared with the stored one, else the attribute's conversion.
    @inline(never) func convert(
      _ raw: JSONValue, stored: JSONValue?, schemaDateFormats: DateFormats
    ) -> Result<JSONValue?, CoercionError> {
      if let dateFormats, case .string(let text)? = stored, case .string(let incoming) = raw {
        // The stored text itself, or the same whole second written without `.000`, is settled by
        // comparing bytes; any other spelling of the stored instant by parsing both.
        if ISODate.namesSameInstant(incoming, canonical: text) { return .success(stored) }
        if !incoming.isEmpty, let instant = ISODate.milliseconds(from: incoming, formats: dateFormats),
          ISODate.milliseconds(from: text) == instant
        {
          return .success(stored)
        }
      }
      return attribute.coerce(raw, schemaDateFormats: schemaDateFormats)
    }

    /// ``coerce(_:stored:schemaDateFormats:)`` for an attribute with a transform: the transform
    /// reads the value, which is then converted.
    @inline(never) func coerceThroughTransform(
      _ given: JSONValue, stored: JSONValue?, schemaDateFormats: DateFormats
    ) -> Result<JSONValue?, CoercionError> {
      var raw = given
      if let transform = attribute.transform {
        switch transform.read(given, attribute: name) {
        case .success(let value): raw = value
        case .failure(let error): return .failure(error)
        }
      }
      if let plainType, raw.isPlain(plainType) { return .success(raw) }
      return convert(raw, stored: stored, schemaDateFormats: schemaDateFormats)
    }

    /// Whether the value at `raw`, given for this attribute, converts to the one at `stored` (a
    /// record's canonical value), so giving it changes nothing: what
    /// ``coerce(_:stored:schemaDateFormats:)`` followed by a comparison decides. Without a
    /// transform it is settled by comparing alone (a canonical value converts to itself, and any
    /// other equal value is that value); `false` then may also mean "another spelling of the
    /// stored value", which only a full read tells. The values are read where they are: passed
    /// to `==` from here, a record's values are copies (a retain and a release of each string
    /// and array).
    @inline(__always) func settles(
      at raw: UnsafePointer<JSONValue>, as stored: UnsafePointer<JSONValue>, _ schemaDateFormats: DateFormats
    ) -> Bool {
      guard hasTransform else {
        if dateFormats != nil, case .string(let incoming) = raw.pointee, case .string(let text) = stored.pointee {
          return ISODate.namesSameInstant(incoming, canonical: text)
        }
        if case .null = raw.pointee { return false }
        return JSONValue.same(at: raw, stored)
      }
      return settlesThroughTransform(raw.pointee, as: stored.pointee, schemaDateFormats)
    }

    /// ``settles(at:as:_:)`` for an attribute with a transform: converted, then compared. Out
    /// of line, so the copies its conversion needs stay out of the comparisons above.
    @inline(never) func settlesThroughTransform(
      _ raw: JSONValue, as stored: JSONValue, _ schemaDateFormats: DateFormats
    ) -> Bool {
      guard
        case .success(let value?) = coerce(raw, stored: stored, schemaDateFormats: schemaDateFormats)
      else { return false }
      return value == stored
    }
  }

  final class RelationshipSlot {
    let info: SchemaIndex.RelationshipInfo
    let member: EntityMapping.Member
    var relationship: Relationship { info.relationship }

    init(info: SchemaIndex.RelationshipInfo, member: EntityMapping.Member) {
      self.info = info
      self.member = member
    }
  }

  let name: String
  let entity: Entity
  let mapping: EntityMapping
  let identifiers: [AttributeSlot]
  /// Every non-identifier attribute, in declaration order.
  let attributes: [AttributeSlot]
  let relationships: [RelationshipSlot]
  let dateFormats: DateFormats
  /// Required attributes without a default: a new record must receive them.
  let required: [String]
  /// Positions in ``attributes`` of the ``required`` attributes, in the same order.
  let requiredSlots: [Int]
  /// The payload keys each identifier and then each attribute reads, for members read from
  /// single-component keys (others get `nil`, and are read through their
  /// ``EntityMapping/Member``).
  let itemKeys: [[String]?]
  /// The members read through several candidates that ``MemberPositions`` does not see (dotted
  /// paths, relationships), so each item is checked for one given twice.
  let comparedMembers: [EntityMapping.Member]
  /// The identifiers and attributes in canonical key order, as positions: below
  /// `identifiers.count` an identifier, else an attribute at `position - identifiers.count`. A
  /// new record is built in this order, the order its file holds it in.
  let insertOrder: [Int]
  /// The names of ``insertOrder``: the keys of a new record that has every attribute. Every such
  /// record shares this array (``JSONObject`` keeps keys apart from values).
  let insertKeys: [String]

  init(info: SchemaIndex.EntityInfo, schema: Schema) {
    entity = info.entity
    name = entity.name
    mapping = EntityMapping(
      entity: entity, keyConvention: schema.keyConvention, keyFallback: schema.keyFallback)
    dateFormats = schema.dateFormats
    var identifiers: [AttributeSlot] = []
    for name in entity.identifiers {
      if let position = entity.attributes.firstIndex(where: { $0.name == name }) {
        identifiers.append(
          AttributeSlot(
            attribute: entity.attributes[position], member: mapping.attributes[position],
            schemaDateFormats: schema.dateFormats))
      }
    }
    self.identifiers = identifiers
    var attributes: [AttributeSlot] = []
    var required: [String] = []
    var requiredSlots: [Int] = []
    for (position, attribute) in entity.attributes.enumerated()
    where !entity.identifiers.contains(attribute.name) {
      if !attribute.isOptional && attribute.defaultValue == nil {
        required.append(attribute.name)
        requiredSlots.append(attributes.count)
      }
      attributes.append(
        AttributeSlot(
          attribute: attribute, member: mapping.attributes[position],
          schemaDateFormats: schema.dateFormats))
    }
    self.attributes = attributes
    self.required = required
    self.requiredSlots = requiredSlots
    itemKeys = (identifiers + attributes).map(\.keys)
    let names = (identifiers + attributes).map(\.name)
    insertOrder = names.indices.sorted { JSONObject.keyPrecedes(names[$0], names[$1]) }
    insertKeys = insertOrder.map { names[$0] }
    var relationships: [RelationshipSlot] = []
    for (position, relationship) in entity.relationships.enumerated() {
      guard let info = info.relationship(named: relationship.name) else { continue }
      relationships.append(RelationshipSlot(info: info, member: mapping.relationships[position]))
    }
    self.relationships = relationships
    comparedMembers =
      (identifiers + attributes).filter { $0.keys == nil && $0.member.candidates.count > 1 }
      .map(\.member) + relationships.filter { $0.member.candidates.count > 1 }.map(\.member)
  }

  /// The stored record holding only `id` in the identifier attributes (a stub, D13), with room
  /// for every member.
  func stub(_ id: RecordID) -> JSONObject {
    var record = JSONObject(
      minimumCapacity: identifiers.count + attributes.count + relationships.count)
    if identifiers.count == 1 {
      record.appendUnchecked(key: identifiers[0].attribute.name, value: id.jsonValue)
    } else if case .composite(let parts) = id {
      for (slot, part) in zip(identifiers, parts) {
        record.appendUnchecked(key: slot.attribute.name, value: part.jsonValue)
      }
    }
    return record
  }

  /// The identifier `value` names (a scalar, or an array for a composite identifier), coerced by
  /// the identifier attributes' rules (D5), or why it cannot be one.
  func identifier(from value: JSONValue) -> Result<RecordID, Refusal> {
    if identifiers.isEmpty {
      return .failure(Refusal("\(name) declares no identifier attribute (D28)"))
    }
    if identifiers.count == 1 {
      return identifier(part: value, identifiers[0])
    }
    guard case .array(let parts) = value, parts.count == identifiers.count else {
      return .failure(
        Refusal(
          "expected a composite identifier of \(identifiers.count) values (\(identifiers.map(\.attribute.name).joined(separator: ", "))), found \(JSONWriter.string(value))"
        ))
    }
    var ids: [RecordID] = []
    for (slot, part) in zip(identifiers, parts) {
      switch identifier(part: part, slot) {
      case .success(let id): ids.append(id)
      case .failure(let refusal): return .failure(refusal)
      }
    }
    return .success(.composite(ids))
  }

  private func identifier(part: JSONValue, _ slot: AttributeSlot) -> Result<RecordID, Refusal> {
    switch slot.attribute.coerce(part, schemaDateFormats: dateFormats) {
    case .success(.int(let i)?): return .success(.int(i))
    case .success(.string(let s)?): return .success(.string(s))
    case .success:
      return .failure(
        Refusal(
          "identifier attribute '\(slot.attribute.name)' needs an int or string value, found \(JSONWriter.string(part))"
        ))
    case .failure(let error): return .failure(Refusal(error.description))
    }
  }
}

/// Why an item is refused, as the words a `rejected` outcome carries.
struct Refusal: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

extension JSONValue {
  /// Whether the value is of the JSON kind an attribute of `type` holds as it is (an `int`,
  /// `string`, `bool` or `double` attribute): tested without copying the payload out.
  @inline(__always) func isPlain(_ type: AttributeType) -> Bool {
    switch type {
    case .int: if case .int = self { return true }
    case .string: if case .string = self { return true }
    case .bool: if case .bool = self { return true }
    case .double: if case .double = self { return true }
    default: break
    }
    return false
  }
}
