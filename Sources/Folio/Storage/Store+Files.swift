/// Where a record is written in a directory store's files.
public struct RecordLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file, relative to the store (`Employee/0000000000000000.json`).
  public var file: String
  /// The 1-based line of the record's opening brace.
  public var line: Int
  /// The record's JSON pointer in the file (`/12`).
  public var pointer: String

  /// `Employee/0000000000000000.json:48 (at /12)`.
  public var description: String { "\(file):\(line) (at \(pointer))" }
}

extension Store {
  /// The file and line that hold record `id` of `entity` on disk, or `nil` when the store keeps
  /// its records in memory only or the record is not in its files.
  ///
  /// Records are in identifier order within an entity, and each file holds one run of them
  /// (Documentation/FileFormat.md), so the file follows from the identifier alone; this reads
  /// that file to find the line. A record a person added to another file by hand is searched
  /// for in every file of the entity.
  ///
  /// ```swift
  /// try store.location(of: "Employee", 12)?.description
  /// // "Employee/0000000000000000.json:92 (at /10)" in the store of Documentation/GettingStarted.md
  /// ```
  ///
  /// - Throws: ``StoreError`` (``StoreError/Code/ioFailure``) when a file cannot be read.
  ///   Nothing is written.
  /// - Complexity: O(*f*) in the size of the file read.
  public func location(of entity: String, _ id: RecordID) throws -> RecordLocation? {
    try writer.withLock { backend throws(StoreError) -> RecordLocation? in
      guard let disk = backend.disk else { return nil }
      return try Self.location(of: entity, id, in: state, disk: disk)
    }
  }

  /// ``location(of:_:)`` for a caller that holds the writer lock.
  static func location(of entity: String, _ id: RecordID, in state: StoreState, disk: DirectoryBacking)
    throws(StoreError) -> RecordLocation?
  {
    guard let table = state.tables[entity],
      let identifiers = state.schema.entity(named: entity)?.identifiers
    else { return nil }
    let layoutFile = ShardLayout.path(entity: entity, name: table.chunkName(table.chunkIndex(for: id)))
    let others = disk.local.files.keys.filter { $0.hasPrefix(entity + "/") && $0 != layoutFile }.sorted()
    for file in [layoutFile] + others {
      guard let bytes = try StoreFiles.readFile(disk.path + "/" + file),
        case .array(let items)? = try? JSONParser.parse(bytes),
        let position = items.firstIndex(where: { item in
          item.objectValue.flatMap { SchemaIndex.recordID(of: $0, identifiers: identifiers) } == id
        })
      else { continue }
      let pointer = "/\(position)"
      let line = (try? JSONPointer(parsing: pointer))?.location(in: bytes).line ?? 1
      return RecordLocation(file: file, line: line, pointer: pointer)
    }
    return nil
  }
}
