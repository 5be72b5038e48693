extension EntityMapping {
  /// Turns a stored record back into the shape of an incoming item, through the same mapping
  /// (F22), so exporting and syncing the result again changes nothing.
  ///
  /// Each attribute is written at its explicit key path, else at its name (its snake_case form
  /// under ``KeyConvention/snakeCase``). Relationships are written as bare identifiers at their
  /// explicit key path, else at their name (`<snake>_id` / `<snake>_ids` under snake case).
  /// Attribute values with a ``ValueTransform`` are written back through it. Absent members stay absent; record members the entity does not declare are left out.
  /// Members are written in declaration order (attributes, then relationships).
  ///
  /// ```swift
  /// let mapping = EntityMapping(entity: employee, keyConvention: .snakeCase)
  /// mapping.export(["id": 1, "fullName": "Ada", "hiredAt": "2021-04-01T03:33:17.000Z"])
  /// // {"id": 1, "user": {"name": "Ada"}, "hired_at": "2021-04-01T03:33:17.000Z"}
  /// ```
  ///
  /// - Parameter record: A record keyed by attribute and relationship names.
  /// - Returns: A payload-shaped object.
  /// - Complexity: O(*n* · *m*) in the number of members and the size of the record.
  public func export(_ record: JSONObject) -> JSONObject {
    var out = JSONObject(minimumCapacity: record.count)
    for (n, member) in attributes.enumerated() {
      guard var value = record[member.name] else { continue }
      if n < entity.attributes.count, let transform = entity.attributes[n].transform {
        value = transform.write(value)
      }
      member.exportKeyPath.set(value, in: &out)
    }
    for member in relationships {
      if let value = record[member.name] { member.exportKeyPath.set(value, in: &out) }
    }
    return out
  }
}
