/// A query checked against a schema and compiled once into closures, so running it over many
/// records does no parsing, name lookup in the schema or tree walking per record beyond the
/// closures themselves.
struct CompiledQuery {
  typealias Accessor = (QueryRecord) -> JSONValue?
  typealias Matcher = (QueryRecord) -> Bool
  /// A condition's test of a row of a chunk of the queried entity, read where it is stored
  /// (the pointer is valid during the call).
  typealias RowMatcher = (UnsafePointer<RowChunk>, Int) -> Bool

  /// A resolved field: how to read it, and its type when it ends at an attribute.
  struct ResolvedField {
    let read: Accessor
    let attributeType: AttributeType?
    let relationship: Relationship?
  }

  let query: Query
  let entity: Entity
  /// `nil` when every record matches. A ``QueryRecord/row(_:_:)`` record is tested by
  /// ``rowMatcher``.
  let matcher: Matcher?
  /// The condition's test of a row, for a scan: `nil` when every record matches.
  let rowMatcher: RowMatcher?
  /// The columns of the entity's rows the sort keys read (the first component of every field
  /// they name), in column order, or `nil` when one is not a column: a scan tests each row
  /// where it is (``rowMatcher``), orders the matches on their sort keys read from their rows
  /// (a key of one numeric column from its words, any other from its values decoded alone),
  /// then decodes the window's records whole (Design/0005).
  let sortColumns: [Int]?
  /// The sort keys' accessors, most significant first, each with the column of the entity's
  /// rows it reads when it reads one alone, with no text options (a scan orders on its words,
  /// ``SortColumn/init(_:chunks:column:read:type:)``).
  let sortKeys: [(read: Accessor, descending: Bool, type: AttributeType?, column: Int?)]
  /// Entities other than the queried one whose records the query reads through key paths.
  let dependencies: Set<String>
  /// The secondary index that narrows the candidates, or `nil` for a scan.
  let access: IndexAccess?

  private let state: StoreState

  /// Compiles `query` against `state`'s schema; key paths read related records from `state`.
  ///
  /// - Throws: ``QueryError`` for an unknown entity or field, a key path through anything but a
  ///   to-one relationship, a malformed sort key, a negative limit or offset, or an operand an
  ///   operator cannot use.
  init(_ query: Query, in state: StoreState) throws(QueryError) {
    self.query = query
    self.state = state
    guard let info = state.index.entities[query.entity] else {
      let known = state.schema.entities.map(\.name).joined(separator: ", ")
      throw QueryError(
        code: .unknownEntity,
        message: "the schema has no entity '\(query.entity)' (it has: \(known))",
        entity: query.entity)
    }
    entity = info.entity
    if let limit = query.limit, limit < 0 {
      throw QueryError(
        code: .invalidLimit, message: "the limit is \(limit); use 0 or more", entity: entity.name)
    }
    guard query.offset >= 0 else {
      throw QueryError(
        code: .invalidLimit, message: "the offset is \(query.offset); use 0 or more",
        entity: entity.name)
    }
    var dependencies = Set<String>()
    var compiler = Compiler(state: state, entity: entity, dependencies: dependencies)
    if query.predicate == .all {
      matcher = nil
      rowMatcher = nil
    } else {
      let compiled = try compiler.compile(query.predicate.node)
      let (record, row) = (compiled.record, compiled.row)
      matcher = { candidate in
        switch candidate {
        case .row(let chunk, let number): return row(chunk, number)
        case .object: return record(candidate)
        }
      }
      rowMatcher = row
    }
    compiler.rootKeys = []
    var keys = query.ordering.keys
    if keys.isEmpty { keys = entity.defaultSort.map { SortKey($0) } }
    let layout = state.index.layout(entity.name)
    var sortKeys: [(read: Accessor, descending: Bool, type: AttributeType?, column: Int?)] = []
    for key in keys {
      guard !key.field.path.isEmpty else {
        throw QueryError(
          code: .invalidSortKey,
          message: "the sort key '\(key)' names no field; write a field, '-field' for descending",
          entity: entity.name)
      }
      let resolved = try compiler.resolve(key.field)
      var read = resolved.read
      if !key.options.isEmpty {
        // Strings sort by their collation keys, the form text conditions compare.
        let plain = read, options = key.options
        read = { record in
          guard case .string(let text)? = plain(record) else { return plain(record) }
          return .string(options.collationKey(text))
        }
      }
      let components = key.field.components
      let column = components.count == 1 && key.options.isEmpty ? layout.column(named: components[0]) : nil
      sortKeys.append((read, key.isDescending, resolved.attributeType, column))
    }
    self.sortKeys = sortKeys
    let sorted = compiler.rootKeys.map { layout.column(named: $0) }
    sortColumns = sorted.contains(nil) ? nil : sorted.compactMap { $0 }.sorted()
    access = IndexAccess.plan(
      entity: entity, indexes: state.secondary[entity.name],
      node: query.predicate == .all ? nil : query.predicate.node, sort: keys)
    dependencies = compiler.dependencies
    dependencies.remove(entity.name)
    self.dependencies = dependencies
  }

  /// Resolves a field of the queried entity (for aggregates).
  func resolve(_ field: Field) throws(QueryError) -> ResolvedField {
    var compiler = Compiler(state: state, entity: entity, dependencies: [])
    return try compiler.resolve(field)
  }
}

/// Turns predicate nodes into closures, resolving key paths against the schema.
private struct Compiler {
  let state: StoreState
  let entity: Entity
  var dependencies: Set<String>
  /// The first component of every field resolved: the members of the entity's records read.
  var rootKeys: Set<String> = []

  mutating func resolve(_ field: Field) throws(QueryError) -> CompiledQuery.ResolvedField {
    if let first = field.components.first { rootKeys.insert(first) }
    var current = entity
    var hops: [(name: String, target: String)] = []
    let components = field.components
    for (position, name) in components.enumerated() {
      let isLast = position == components.count - 1
      if let attribute = current.attribute(named: name) {
        guard isLast else {
          throw QueryError(
            code: .invalidKeyPath,
            message:
              "'\(field.path)' continues after the attribute '\(name)' of \(current.name); only to-one relationships can be followed",
            entity: entity.name, field: field.path)
        }
        return CompiledQuery.ResolvedField(
          read: reader(hops, last: name), attributeType: attribute.type,
          relationship: nil)
      }
      guard let relationship = current.relationship(named: name) else {
        let known = (current.attributes.map(\.name) + current.relationships.map(\.name)).joined(
          separator: ", ")
        throw QueryError(
          code: .unknownField,
          message: name.isEmpty
            ? "'\(field.path)' has an empty component; separate field names with single dots"
            : "the entity '\(current.name)' has no attribute or relationship '\(name)' (it has: \(known))",
          entity: entity.name, field: field.path)
      }
      if isLast {
        return CompiledQuery.ResolvedField(
          read: reader(hops, last: name), attributeType: nil,
          relationship: relationship)
      }
      guard !relationship.isToMany else {
        throw QueryError(
          code: .invalidKeyPath,
          message:
            "'\(field.path)' goes through the to-many relationship '\(name)'; only to-one relationships can be followed (test membership with 'contains')",
          entity: entity.name, field: field.path)
      }
      guard let target = state.schema.entity(named: relationship.target) else {
        throw QueryError(
          code: .unknownEntity,
          message: "the relationship '\(name)' targets the unknown entity '\(relationship.target)'",
          entity: entity.name, field: field.path)
      }
      hops.append((name, target.name))
      dependencies.insert(target.name)
      current = target
    }
    throw QueryError(
      code: .unknownField, message: "an empty field name; name an attribute or relationship",
      entity: entity.name, field: field.path)
  }

  private func reader(_ hops: [(name: String, target: String)], last: String)
    -> CompiledQuery.Accessor
  {
    // The record's own members by their columns, for a row; later hops' records are decoded.
    let layout = state.index.layout(entity.name)
    guard let first = hops.first else {
      let column = layout.column(named: last) ?? -1
      return { $0.value(last, column: column) }
    }
    let firstColumn = layout.column(named: first.name) ?? -1
    let rest = hops.dropFirst()
    return { record in
      guard let link = record.value(first.name, column: firstColumn), let id = RecordID(json: link),
        var current = state.record(first.target, id)
      else { return nil }
      for hop in rest {
        guard let link = lookUp(hop.name, in: current), let id = RecordID(json: link),
          let next = state.record(hop.target, id)
        else { return nil }
        current = next
      }
      return lookUp(last, in: current)
    }
  }

  /// The matchers of a condition whose answer on `field`'s value (`nil`: missing) is `test`.
  /// When `field` is a column of the queried entity, a row is tested where it is stored: an
  /// absent column by `test(nil)`, computed once, a typed value by the test `typed` makes for the
  /// column (``ColumnTest``), and a boxed one decoded. A record, and a field through a key path,
  /// are tested on the value read.
  private func columnMatcher(
    _ field: Field, _ resolved: CompiledQuery.ResolvedField, _ test: @escaping (JSONValue?) -> Bool,
    _ typed: (RowColumn) -> ColumnTest
  ) -> CompiledCondition {
    let read = resolved.read
    let record: CompiledQuery.Matcher = { test(read($0)) }
    let layout = state.index.layout(entity.name)
    guard field.components.count == 1, let name = field.components.first,
      let column = layout.column(named: name)
    else {
      return CompiledCondition(record: record) { chunk, row in test(read(.row(chunk, row))) }
    }
    let absent = test(nil)
    switch typed(layout.columns[column]) {
    case .word(let passes):
      return CompiledCondition(record: record) { chunk, row in
        switch chunk.pointee.tag(row, column) {
        case 0: return absent
        case 1: return passes(chunk.pointee.word(row, column))
        default: return test(chunk.pointee.value(row, column))
        }
      }
    case .bytes(let passes):
      return CompiledCondition(record: record) { chunk, row in
        switch chunk.pointee.tag(row, column) {
        case 0: return absent
        case 1: return chunk.pointee.arena.withBytes(chunk.pointee.word(row, column), passes)
        default: return test(chunk.pointee.value(row, column))
        }
      }
    case .decode:
      return CompiledCondition(record: record) { chunk, row in
        chunk.pointee.tag(row, column) == 0 ? absent : test(chunk.pointee.value(row, column))
      }
    }
  }

  /// Normalises a literal for the field it is compared with: date, UUID and decimal text (and
  /// decimal numbers) becomes canonical.
  private func normalise(_ value: JSONValue, for field: CompiledQuery.ResolvedField) -> JSONValue {
    if field.attributeType == .uuid, case .string(let text) = value,
      let canonical = Attribute.canonicalUUID(text)
    {
      return .string(canonical)
    }
    if field.attributeType == .decimal {
      let canonical = value.stringValue.flatMap(DecimalText.canonical) ?? DecimalText.canonical(number: value)
      return canonical.map { .string($0) } ?? value
    }
    guard field.attributeType == .isoDate, case .string(let text) = value,
      let canonical = ISODate.canonicalLiteral(text)
    else { return value }
    return .string(canonical)
  }

  /// Compiles a predicate tree into its matchers of records and of rows. Children of `and`/`or`
  /// are flat; nested `not`s are bounded by the parser (typed predicates cancel double
  /// negation), so recursion depth stays small.
  mutating func compile(_ node: Condition.Node) throws(QueryError) -> CompiledCondition {
    switch node {
    case .constant(let value):
      return CompiledCondition(record: { _ in value }, row: { _, _ in value })
    case .compare(let field, let comparison, let literal):
      let resolved = try resolve(field)
      let value = normalise(literal, for: resolved)
      if resolved.attributeType == .decimal, !value.isNull {
        let text = value.stringValue.flatMap { DecimalText.isCanonical($0) ? $0 : nil }
        let test = DecimalText.test(comparison, text)
        return columnMatcher(field, resolved, test) { ColumnTest.decoding($0, test) }
      }
      let test = ValueOrder.test(comparison, value)
      return columnMatcher(field, resolved, test) { ColumnTest.compare($0, comparison, value, test) }
    case .isIn(let field, let literals):
      let resolved = try resolve(field)
      let values = literals.map { normalise($0, for: resolved) }
      let test: (JSONValue?) -> Bool = { value in values.contains { ValueOrder.equal(value, $0) } }
      return columnMatcher(field, resolved, test) { ColumnTest.isIn($0, values, test) }
    case .contains(let field, let literal):
      let resolved = try resolve(field)
      let test: (JSONValue?) -> Bool = { value in
        switch value {
        case .string(let text)?:
          guard case .string(let part) = literal else { return false }
          return containsUTF8(text, part)
        case .array(let elements)?:
          return elements.contains { ValueOrder.equal($0, literal) }
        default:
          return false
        }
      }
      return columnMatcher(field, resolved, test) { ColumnTest.contains($0, literal, test) }
    case .beginsWith(let field, let prefix):
      let resolved = try resolve(field)
      let test: (JSONValue?) -> Bool = { value in
        guard case .string(let text)? = value else { return false }
        return text.utf8.starts(with: prefix.utf8)
      }
      return columnMatcher(field, resolved, test) { ColumnTest.text($0, .beginsWith, prefix, [], test) }
    case .text(let field, let kind, let text, let options):
      let resolved = try resolve(field)
      let wanted = options.collationKey(text)
      let passes: (String) -> Bool
      switch kind {
      case .equal: passes = { options.collationKey($0).utf8.elementsEqual(wanted.utf8) }
      // On a string, a substring test; on an array, an element test (below).
      case .contains: passes = { containsUTF8(options.collationKey($0), wanted) }
      case .beginsWith: passes = { options.collationKey($0).utf8.starts(with: wanted.utf8) }
      case .endsWith: passes = { options.collationKey($0).utf8.reversed().starts(with: wanted.utf8.reversed()) }
      }
      let element: (String) -> Bool =
        kind == .contains ? { options.collationKey($0).utf8.elementsEqual(wanted.utf8) } : passes
      let test: (JSONValue?) -> Bool = { value in
        switch value {
        case .string(let value)?: return passes(value)
        case .array(let elements)?:
          return elements.contains { if case .string(let value) = $0 { element(value) } else { false } }
        default: return false
        }
      }
      return columnMatcher(field, resolved, test) { ColumnTest.text($0, kind, text, options, test) }
    case .matches(let field, let pattern):
      let resolved = try resolve(field)
      let regex: Regex<AnyRegexOutput>
      do {
        regex = try Regex(pattern)
      } catch {
        throw QueryError(
          code: .invalidOperand,
          message: "'\(pattern)' is not a valid regular expression: \(error)",
          entity: entity.name, field: field.path)
      }
      let passes: (String) -> Bool = { (try? regex.wholeMatch(in: $0)) != nil }
      let test: (JSONValue?) -> Bool = { value in
        switch value {
        case .string(let value)?: return passes(value)
        case .array(let elements)?:
          return elements.contains { if case .string(let value) = $0 { passes(value) } else { false } }
        default: return false
        }
      }
      return columnMatcher(field, resolved, test) { ColumnTest.decoding($0, test) }
    case .isNull(let field):
      let resolved = try resolve(field)
      let test: (JSONValue?) -> Bool = { value in
        guard let value else { return true }
        return value == .null
      }
      // A typed value is never null.
      return columnMatcher(field, resolved, test) { _ in ColumnTest.constant(false) }
    case .not(let inner):
      let compiled = try compile(inner)
      let (record, row) = (compiled.record, compiled.row)
      return CompiledCondition(record: { !record($0) }, row: { !row($0, $1) })
    case .and(let children):
      // Two children (the common case) are held as they are compiled: one taken out of an
      // array of closures is called through a thunk that re-passes its arguments.
      if children.count == 2 {
        let (a, b) = (try compile(children[0]), try compile(children[1]))
        let (recordA, recordB, rowA, rowB) = (a.record, b.record, a.row, b.row)
        return CompiledCondition(record: { recordA($0) && recordB($0) }, row: { rowA($0, $1) && rowB($0, $1) })
      }
      var compiled: [CompiledCondition] = []
      for child in children { compiled.append(try compile(child)) }
      let (records, rows) = (compiled.map(\.record), compiled.map(\.row))
      return CompiledCondition(
        record: { record in
          for matcher in records where !matcher(record) { return false }
          return true
        },
        row: { chunk, row in
          for matcher in rows where !matcher(chunk, row) { return false }
          return true
        })
    case .or(let children):
      if children.count == 2 {
        let (a, b) = (try compile(children[0]), try compile(children[1]))
        let (recordA, recordB, rowA, rowB) = (a.record, b.record, a.row, b.row)
        return CompiledCondition(record: { recordA($0) || recordB($0) }, row: { rowA($0, $1) || rowB($0, $1) })
      }
      var compiled: [CompiledCondition] = []
      for child in children { compiled.append(try compile(child)) }
      let (records, rows) = (compiled.map(\.record), compiled.map(\.row))
      return CompiledCondition(
        record: { record in
          for matcher in records where matcher(record) { return true }
          return false
        },
        row: { chunk, row in
          for matcher in rows where matcher(chunk, row) { return true }
          return false
        })
    }
  }
}

/// A compiled condition: its test of a record, and the same test of a row of the queried
/// entity read where it is stored (``CompiledQuery/rowMatcher``).
struct CompiledCondition {
  /// The test of a record (decoded, or a row decoded a value at a time).
  let record: CompiledQuery.Matcher
  /// The test of a row.
  let row: CompiledQuery.RowMatcher
}

/// Whether `part`'s UTF-8 bytes occur in `text`'s: substring tests follow the byte rule of string
/// equality, so `"e"` occurs in `"e\u{301}"` and `"é"` (U+00E9) does not.
///
/// - Complexity: O(*n* × *m*) in the two lengths, worst case.
private func containsUTF8(_ text: String, _ part: String) -> Bool {
  var text = text
  var part = part
  return text.withUTF8 { haystack in
    part.withUTF8 { needle in
      guard !needle.isEmpty else { return true }
      guard needle.count <= haystack.count else { return false }
      let first = needle[0]
      var start = 0
      while start <= haystack.count - needle.count {
        if haystack[start] == first {
          var k = 1
          while k < needle.count, haystack[start + k] == needle[k] { k += 1 }
          if k == needle.count { return true }
        }
        start += 1
      }
      return false
    }
  }
}

/// The value of `key` in `record`, found without copying the members it passes over (which would
/// retain and release every string value on the way).
@inline(__always)
private func lookUp(_ key: String, in record: JSONObject) -> JSONValue? {
  record.index(forKey: key).map { record.value(at: $0) }
}

/// A record as a query reads it: decoded, or a row of its chunk read a column at a time, so a
/// scan tests a record without decoding it (Design/0005).
///
/// A row is named by a pointer to its chunk, not a copy: copying a ``RowChunk`` into each
/// record tested retains and releases every one of its arrays. The pointer is valid only during
/// the call the record is passed to (``withRows(of:_:)``).
enum QueryRecord {
  case object(JSONObject)
  /// A row of a chunk of the query's own entity.
  case row(UnsafePointer<RowChunk>, Int)

  /// The value of the member `key`, which is column `column` of the query's entity (-1: none).
  @inline(__always) func value(_ key: String, column: Int) -> JSONValue? {
    switch self {
    case .object(let record): return lookUp(key, in: record)
    case .row(let chunk, let row): return column >= 0 ? chunk.pointee.value(row, column) : nil
    }
  }

  /// Calls `body` with a pointer to each chunk of `table`, in order, for ``row(_:_:)`` records.
  static func withRows(of table: EntityTable, _ body: (UnsafePointer<RowChunk>) -> Void) {
    table.chunks.withUnsafeBufferPointer { chunks in
      guard let base = chunks.baseAddress else { return }
      for n in chunks.indices { body(base + n) }
    }
  }
}
