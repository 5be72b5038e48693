/// An error from the store: opening, saving, locking, CRUD, delete rules or invariants.
///
/// ```text
/// error: cannot delete Batch 1: its relationship 'owner' has delete rule deny and still links User u1 [deleteDenied]
/// ```
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of error. An opaque, extensible set of static members.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier of the code.
    public let rawValue: String
    /// Creates a code from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// The schema has no entity of that name.
    public static let unknownEntity = Code("unknownEntity")
    /// The entity has no relationship or attribute of that name.
    public static let unknownMember = Code("unknownMember")
    /// No record has that identifier.
    public static let recordNotFound = Code("recordNotFound")
    /// A record with that identifier already exists.
    public static let duplicateIdentifier = Code("duplicateIdentifier")
    /// A delete was refused by a `deny` delete rule.
    public static let deleteDenied = Code("deleteDenied")
    /// A relationship was pointed at a record that does not exist.
    public static let missingTarget = Code("missingTarget")
    /// A record's value does not fit its attribute or relationship.
    public static let invalidRecord = Code("invalidRecord")
    /// A record of an owned entity (one without an identifier) was inserted or renamed on its
    /// own; owned records are created and identified by syncing their parent.
    public static let ownedRecord = Code("ownedRecord")
    /// The in-memory state broke an invariant (a bug; reported, never ignored).
    public static let invariantViolated = Code("invariantViolated")
    /// A file could not be read, written, synced or renamed.
    public static let ioFailure = Code("ioFailure")
    /// Another process holds the store's writer lock.
    public static let locked = Code("locked")
    /// The directory is not a Folio store (no `schema.json`, or files Folio did not create).
    public static let notAStore = Code("notAStore")
    /// A store file other than a shard (the schema copy's format member, a format-1 manifest,
    /// the commit journal) is unreadable or inconsistent.
    public static let invalidManifest = Code("invalidManifest")
    /// The store was written in a format version this build cannot read.
    public static let unsupportedFormatVersion = Code("unsupportedFormatVersion")
    /// A file that a committed save lists does not exist.
    public static let missingShard = Code("missingShard")
    /// Format 1 only, no longer reported: a shard file's bytes did not match the manifest's
    /// checksum. Format 2 accepts files edited outside Folio and validates them in full.
    public static let checksumMismatch = Code("checksumMismatch")
    /// Two identifiers of one entity have the same boundary hash (an FNV-1a collision, which
    /// only crafted identifiers produce), so both would name the same file.
    public static let identifierCollision = Code("identifierCollision")
    /// A file holds git merge-conflict markers.
    public static let mergeConflict = Code("mergeConflict")
    /// A file is not valid JSON.
    public static let invalidJSON = Code("invalidJSON")
    /// A stored record breaks the schema (type, identifier, relationship).
    public static let invalidStoredRecord = Code("invalidStoredRecord")
    /// The stored schema differs from the given one and no migration covers the difference.
    public static let schemaMismatch = Code("schemaMismatch")
    /// A migration failed.
    public static let migrationFailed = Code("migrationFailed")
    /// A save would overwrite a shard whose bad records were skipped by a lenient open.
    public static let protectedShard = Code("protectedShard")
    /// A save failed after its commit point: the change is committed (readers see it) and the
    /// next writer to open the store finishes moving its files into place.
    public static let committedNotFinished = Code("committedNotFinished")
    /// The store was opened read-only.
    public static let readOnly = Code("readOnly")
    /// A commit would leave two records with the same values in the fields of a unique index.
    public static let uniqueViolation = Code("uniqueViolation")
    /// A file a commit would replace or remove changed outside Folio since the store read it
    /// (an editor, `git pull`, `git checkout`): nothing was written, the store reads the files
    /// again before its next transaction, and the change can be made again on top of them.
    public static let changedOutside = Code("changedOutside")
    /// A commit journal left by an interrupted save was not applied: the files it would replace
    /// no longer hold what they held when it was written (a checkout or an edit came between),
    /// or it is not this working copy's (it arrived in a commit or a copy). The files on disk
    /// were kept as they are.
    public static let journalIgnored = Code("journalIgnored")
    /// An entry of the store is not a plain file or folder: a symbolic link, FIFO, socket or
    /// device (or a file named `.folio`, where Folio keeps its local folder). Folio never follows
    /// or opens one; writers refuse the store until it is replaced or removed.
    public static let specialFile = Code("specialFile")
    /// A file in an entity's folder has a name that is not UTF-8: Folio cannot name it and does
    /// not read its records, and reports it until it is renamed.
    public static let unsupportedFileName = Code("unsupportedFileName")
  }

  /// What went wrong.
  public var code: Code
  /// What was expected and how to fix it.
  public var message: String
  /// The entity concerned, if any.
  public var entity: String?
  /// The record concerned, if any.
  public var id: RecordID?
  /// The file concerned, if any (relative to the store directory).
  public var file: String?
  /// The 1-based line in ``file``, if known.
  public var line: Int?
  /// The 1-based column in ``file``, if known.
  public var column: Int?
  /// The JSON pointer of the value concerned, if any.
  public var pointer: String?

  /// Creates an error.
  public init(
    code: Code, message: String, entity: String? = nil, id: RecordID? = nil, file: String? = nil,
    line: Int? = nil, column: Int? = nil, pointer: String? = nil
  ) {
    self.code = code
    self.message = message
    self.entity = entity
    self.id = id
    self.file = file
    self.line = line
    self.column = column
    self.pointer = pointer
  }

  /// `file:line:column: error: message [code]`, with the pointer when known (an empty pointer,
  /// the whole document, is not shown). Control characters in the file name are escaped
  /// (`\u{1B}`), so a crafted name cannot rewrite the terminal.
  public var description: String {
    var location = ""
    if let file {
      location = StoreTree.printable(file)
      if let line { location += ":\(line)" }
      if let column { location += ":\(column)" }
      location += ": "
    }
    var text = "\(location)error: \(message)"
    if let pointer, !pointer.isEmpty { text += " (at \(StoreTree.printable(pointer)))" }
    return text + " [\(code)]"
  }
}
