import Synchronization

/// The columns of one entity's rows: one per attribute and per relationship of its storage
/// form, in canonical key order (UTF-8 bytes, ``JSONObject/keyPrecedes(_:_:)``), the order the
/// canonical writer prints members in (Design/0005).
///
/// A row is ``wordsPerRow`` words: ``tagWords`` words of 2-bit tags (column `c` in word
/// `c / 32`, bits `(c % 32) * 2`), then one word per column. Every chunk of an entity shares
/// one layout.
///
/// ```swift
/// let layout = RowLayout(Entity(name: "Tag", identifiers: ["id"], attributes: [
///   Attribute(name: "id", type: .int), Attribute(name: "label", type: .string),
/// ]))
/// layout.columns.map(\.name)     // ["id", "label"]
/// layout.column(named: "label")  // 1
/// layout.wordsPerRow             // 3
/// ```
final class RowLayout: Sendable {
  /// The columns, in canonical key order.
  let columns: [RowColumn]
  /// The number of tag words at the start of each row: `(columns.count + 31) / 32`.
  let tagWords: Int
  /// The number of words per row: ``tagWords`` plus one per column.
  let wordsPerRow: Int
  /// A row of ``wordsPerRow`` zero words (every column absent), appended to start a row: one
  /// copy, where appending a repeated zero went element by element through the generic path in
  /// debug builds (minutes under ThreadSanitizer) and cost about 180 instructions a row in
  /// release.
  let emptyRow: ContiguousArray<UInt64>
  /// Every column name, in column order: the keys of a decoded record with every column
  /// present, shared by all such records (``JSONObject/sharesKeys(with:)``).
  let allKeys: [String]
  /// Column positions by name. `String` hashing equates canonically equivalent names, so a
  /// hit is confirmed by bytes (``column(named:)``).
  private let positions: [String: Int]
  /// Keys arrays of decoded records by presence mask (bit `c` for column `c`), for layouts of at
  /// most 64 columns, so records with the same columns present share one keys array.
  private let keysByPresence = Mutex<[UInt64: [String]]>([:])
  /// The most presence patterns ``keys(present:)`` keeps.
  private static let keysCacheLimit = 256

  /// The layout of `columns`, sorted into canonical key order; a later column with the same
  /// name (by UTF-8 bytes) as an earlier one is dropped.
  init(columns: [RowColumn]) {
    var sorted: [RowColumn] = []
    for column in columns
    where !sorted.contains(where: { JSONValue.sameUTF8($0.name, column.name) }) {
      sorted.append(column)
    }
    sorted.sort { JSONObject.keyPrecedes($0.name, $1.name) }
    self.columns = sorted
    tagWords = (sorted.count + 31) / 32
    wordsPerRow = tagWords + sorted.count
    emptyRow = ContiguousArray(repeating: 0, count: wordsPerRow)
    allKeys = sorted.map(\.name)
    var positions: [String: Int] = [:]
    for (n, column) in sorted.enumerated() where positions[column.name] == nil {
      positions[column.name] = n
    }
    self.positions = positions
  }

  /// The layout of `entity` in storage form (``SchemaIndex/EntityInfo/entity``): a column per
  /// attribute and per relationship, both sides of a link included.
  convenience init(_ entity: Entity) {
    var columns: [RowColumn] = []
    for attribute in entity.attributes {
      columns.append(RowColumn(name: attribute.name, type: attribute.type))
    }
    for relationship in entity.relationships {
      columns.append(
        RowColumn(name: relationship.name, kind: relationship.isToMany ? .toMany : .toOne))
    }
    self.init(columns: columns)
  }

  /// The position of the column named `name` (compared by UTF-8 bytes), or `nil`.
  func column(named name: String) -> Int? {
    if let n = positions[name], JSONValue.sameUTF8(columns[n].name, name) { return n }
    // A canonically equivalent spelling hashes alike: look for the exact bytes.
    guard positions[name] != nil else { return nil }
    return columns.firstIndex { JSONValue.sameUTF8($0.name, name) }
  }

  /// The names of the columns in `present`, in column order; one shared array per pattern.
  ///
  /// - Parameter present: Bit `c` set for each present column `c` (layouts of at most 64
  ///   columns).
  /// - Complexity: O(*c*) in the number of columns when the pattern is new.
  func keys(present: UInt64) -> [String] {
    let all = columns.count == 64 ? UInt64.max : (1 << UInt64(columns.count)) &- 1
    if present == all { return allKeys }
    if let cached = keysByPresence.withLock({ $0[present] }) { return cached }
    var keys: [String] = []
    keys.reserveCapacity(present.nonzeroBitCount)
    for n in columns.indices where present >> UInt64(n) & 1 != 0 { keys.append(columns[n].name) }
    return keysByPresence.withLock { cache in
      if let cached = cache[present] { return cached }
      if cache.count < Self.keysCacheLimit { cache[present] = keys }
      return keys
    }
  }
}
