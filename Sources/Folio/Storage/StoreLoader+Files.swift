extension StoreLoader {
  /// Reads, parses and checks one content file: straight into rows when it is canonical and
  /// valid (``StoredRowReader``), else through the general parser and ``RecordChecker``, which
  /// report what is wrong and where (sharing repeated string values through `pool` when there
  /// is one).
  func loadFile(
    _ checker: RecordChecker, reader: StoredRowReader, file: String, pool: JSONParser.StringPool? = nil
  ) -> FileResult {
    var result = FileResult(file: file, layout: reader.layout)
    func problem(_ code: StoreError.Code, _ message: String, pointer: String? = nil, bytes: [UInt8]? = nil, id: RecordID? = nil) {
      var error = StoreError(code: code, message: message, entity: checker.entity.name, id: id, file: file, pointer: pointer)
      if let pointer, let bytes, let location = (try? JSONPointer(parsing: pointer))?.location(in: bytes) {
        error.line = location.line
        error.column = location.column
      }
      result.problems.append(error)
    }
    let bytes: [UInt8]
    do throws(StoreError) {
      if overlay[file] == nil { result.stamp = FileStamp.of(path(file)) }
      guard let read = try StoreFiles.readFile(path(file)) else {
        // Listed by a committed journal but gone: the journal is damaged.
        problem(.missingShard, "the file is missing; restore it from version control or a backup")
        result.isProtected = true
        return result
      }
      bytes = read
    } catch {
      result.problems.append(error)
      result.isProtected = true
      return result
    }
    result.checksum = digest.checksum(bytes)
    if let read = reader.read(bytes) {
      result.records = read.chunk
      result.first = read.first
      result.last = read.last
      result.boundaries = read.boundaries
      result.isTrusted = trusted[file] == result.checksum
      result.isClean = true
      return result
    }
    let value: JSONValue
    do throws(StoreError) {
      value = try ShardFile.parse(bytes, file: file, pool: pool)
    } catch {
      if error.code == .mergeConflict {
        for line in ShardFile.conflictMarkerLines(bytes) where line.marker == "<" {
          var located = error
          located.entity = checker.entity.name
          located.line = line.line
          result.problems.append(located)
        }
      } else {
        var located = error
        located.entity = checker.entity.name
        result.problems.append(located)
      }
      result.isProtected = true
      return result
    }
    guard case .array(let items) = value else {
      problem(.invalidStoredRecord, "a shard file holds a JSON array of records, found \(value.kindName)", pointer: "", bytes: bytes)
      result.isProtected = true
      return result
    }
    if trusted[file] == result.checksum, takeTrusted(items, checker, into: &result) {
      return result
    }
    result.records.reserveCapacity(items.count)
    var changed = false
    for (position, item) in items.enumerated() {
      guard case .object(let record) = item else {
        problem(.invalidStoredRecord, "expected a record (a JSON object), found \(item.kindName)", pointer: "/\(position)", bytes: bytes)
        result.isProtected = true
        continue
      }
      let checked = checker.check(record)
      if checked.record.count != record.count { changed = true }
      for p in checked.problems {
        problem(
          .invalidStoredRecord, p.message,
          pointer: "/\(position)" + (p.member.map { "/" + ShardFile.escapePointer($0) } ?? ""), bytes: bytes, id: checked.id)
      }
      guard checked.problems.isEmpty, let id = checked.id else {
        result.isProtected = true
        continue
      }
      if result.records.updateValue(checked.record, forKey: id) != nil {
        problem(.invalidStoredRecord, "\(checker.entity.name) \(id) appears twice; keep one of the records", pointer: "/\(position)", bytes: bytes, id: id)
        result.isProtected = true
        continue
      }
      if result.first.map({ id < $0 }) ?? true { result.first = id }
      if result.last.map({ $0 < id }) ?? true { result.last = id }
      if ShardLayout.isBoundary(id) { result.boundaries.append(id) }
    }
    result.isClean = result.problems.isEmpty && !changed
    return result
  }

  /// The trusted path for a file whose bytes are what the local state calls clean: its records
  /// are taken as they are, without ``RecordChecker/check(_:)``, which would neither report
  /// nor change anything in them. Only what the table needs is done and checked: each item is
  /// an object whose identifier attributes hold valid stored values, no identifier appears
  /// twice, and the first, last and boundary identifiers are noted. On anything else (a
  /// `state.json` that lies) nothing is kept and it returns `false`, and the caller validates
  /// the file in full.
  private func takeTrusted(_ items: [JSONValue], _ checker: RecordChecker, into result: inout FileResult) -> Bool {
    let entity = checker.entity
    var identifiers: [Attribute] = []
    for name in entity.identifiers {
      guard let attribute = entity.attribute(named: name) else { return false }
      identifiers.append(attribute)
    }
    var records = RowChunk(layout: result.records.layout, minimumCapacity: items.count)
    var first: RecordID?
    var last: RecordID?
    var boundaries: [RecordID] = []
    for item in items {
      guard case .object(let record) = item else { return false }
      let found: RecordID?
      if identifiers.count == 1 {
        found = Self.trustedIdentifier(in: record, identifiers[0])
      } else {
        var parts: [RecordID] = []
        for index in identifiers.indices {
          guard let part = Self.trustedIdentifier(in: record, identifiers[index]) else { return false }
          parts.append(part)
        }
        found = .composite(parts)
      }
      guard let id = found, records.updateValue(record, forKey: id) == nil else { return false }
      if first.map({ id < $0 }) ?? true { first = id }
      if last.map({ $0 < id }) ?? true { last = id }
      if ShardLayout.isBoundary(id) { boundaries.append(id) }
    }
    result.records = records
    result.first = first
    result.last = last
    result.boundaries = boundaries
    result.isTrusted = true
    result.isClean = true
    return true
  }

  /// The value of the identifier attribute `attribute` in `record` (an int or a string), or
  /// `nil` when it is missing or not a valid stored value of the attribute (what
  /// ``RecordChecker/check(_:)`` would report). Reads the members in place: copying each would
  /// retain its key and value.
  private static func trustedIdentifier(in record: JSONObject, _ attribute: Attribute) -> RecordID? {
    record.keys.withUnsafeBufferPointer { keys -> RecordID? in
      for index in keys.indices where JSONObject.sameKey(keys[index], attribute.name) {
        switch (attribute.type, record.value(at: index)) {
        case (.int, .int(let i)): return .int(i)
        case (.string, .string(let s)): return .string(s)
        case (_, .int(let i)): return (try? attribute.validateStored(.int(i))) != nil ? .int(i) : nil
        case (_, .string(let s)): return (try? attribute.validateStored(.string(s))) != nil ? .string(s) : nil
        default: return nil
        }
      }
      return nil
    }
  }

  /// Builds an entity's table from its files. When every file holds exactly one chunk of the
  /// layout (what Folio writes), the files' records become the chunks as they are; otherwise
  /// every record is placed anew and the entity is marked for re-layout.
  static func table(_ entity: String, layout: RowLayout, from files: [FileResult]) -> (
    table: EntityTable, problems: [StoreError], protectedFiles: Set<String>, relayout: Bool
  ) {
    let nonEmpty = files.filter { !$0.records.isEmpty }
    if nonEmpty.count == files.count, let chunked = chunks(nonEmpty, layout: layout) {
      return (chunked, [], [], false)
    }
    // Hand-edited placement: every record goes where the layout puts it, in identifier order
    // (so which of two colliding boundaries wins does not depend on hashing). A record found in
    // two files is kept once (from the first file in name order) and both files are protected.
    var table = EntityTable(layout: layout)
    var problems: [StoreError] = []
    var protectedFiles = Set<String>()
    var seenIn: [RecordID: String] = [:]
    for file in files {
      for (id, record) in file.records.sorted(by: { $0.key < $1.key }) {
        if let other = seenIn[id] {
          problems.append(
            StoreError(
              code: .invalidStoredRecord,
              message: "\(entity) \(id) is also in \(other); keep one of the two records",
              entity: entity, id: id, file: file.file))
          protectedFiles.insert(other)
          protectedFiles.insert(file.file)
          continue
        }
        seenIn[id] = file.file
        table.set(record, for: id)
      }
    }
    for id in table.collisions.sorted() {
      problems.append(
        StoreError(
          code: .identifierCollision,
          message: "\(entity) \(id) has the same boundary hash as another identifier of \(entity) (a FNV-1a collision); change one of the identifiers",
          entity: entity, id: id, file: seenIn[id]))
    }
    return (table, problems, protectedFiles, true)
  }

  /// The table whose chunks are `files`, when each file holds one whole chunk: the head file
  /// (no boundary) first, then files that each start with their one boundary, named after it,
  /// in identifier order without overlap. `nil` otherwise.
  private static func chunks(_ files: [FileResult], layout: RowLayout) -> EntityTable? {
    var head = RowChunk(layout: layout)
    var headLast: RecordID?
    var rest: [(boundary: RecordID, records: RowChunk, last: RecordID)] = []
    for file in files {
      guard let first = file.first, let last = file.last else { return nil }
      if file.name == ShardLayout.headName, file.boundaries.isEmpty, head.isEmpty {
        head = file.records
        headLast = last
        continue
      }
      guard file.boundaries == [first], ShardLayout.name(hash: ShardLayout.boundaryHash(first)) == file.name else {
        return nil
      }
      rest.append((first, file.records, last))
    }
    rest.sort { $0.boundary < $1.boundary }
    if let headLast, let firstBoundary = rest.first?.boundary, !(headLast < firstBoundary) { return nil }
    for i in rest.indices.dropFirst() where !(rest[i - 1].last < rest[i].boundary) { return nil }
    return EntityTable(layout: layout, boundaries: rest.map(\.boundary), chunks: [head] + rest.map(\.records))
  }
}
