/// How a directory store is opened.
///
/// ```swift
/// var options = StoreOptions()
/// options.validation = .lenient      // open without bad records, report them
/// let store = try Store(directory: "company.folio", schema: company, options: options)
/// store.loadProblems                 // what was skipped, with file, line and pointer
/// ```
public struct StoreOptions: Sendable {
  /// What opening does with records that break the schema.
  public enum Validation: String, Sendable, Hashable, CaseIterable {
    /// Any problem refuses to open, with a ``StoreValidationError`` listing every problem.
    case strict
    /// Bad records (and dangling links) are left out, every problem is reported in
    /// ``Store/loadProblems``, and shards that lost records are never overwritten.
    case lenient
  }

  /// What opening does with records that break the schema. Default ``Validation/strict``.
  public var validation: Validation
  /// Open without the writer lock; every transaction then fails with
  /// ``StoreError/Code/readOnly``. Readers see a consistent committed state even while another
  /// process saves.
  public var readOnly: Bool
  /// Ordered migrations over raw documents; those not yet recorded in the manifest run on open.
  public var migrations: [Migration]
  /// The closures of custom rules named in the stored schema copy, for
  /// ``Store/open(directory:options:)``.
  public var customRules: CustomRules = .none
  /// Where the store logs opening, migrations, commits, changed records and syncs; silent when
  /// `nil` (the default). See ``FolioLogHandler``.
  public var logHandler: FolioLogHandler?
  /// Whether opening skips the member-by-member checks of content files whose bytes are
  /// unchanged since Folio, in this working copy and under the same schema, wrote them or last
  /// found them clean (`.folio/state.json` records their checksums, like git's index). Such a
  /// file is still parsed, and its identifiers, duplicates, layout and links are checked; only
  /// its attribute types, required members and relationship shapes are taken on trust. Any
  /// change to a file's bytes (a hand edit, a checkout, a merge) makes it be validated in full.
  /// Default `true`; `folio check` sets it to `false` to validate every record.
  public var trustsUnchangedFiles = true
  /// Tests only: stop every save after this journal stage, as a crash would.
  var stopSavesAfter: CommitJournal.Stage?
  /// How long a writer waits for readers to release the commit lock (tests shorten it).
  var commitLockWait = CommitLock.writerWait

  /// Creates options.
  public init(validation: Validation = .strict, readOnly: Bool = false, migrations: [Migration] = []) {
    self.validation = validation
    self.readOnly = readOnly
    self.migrations = migrations
  }
}

/// Every problem found while opening a directory store in strict mode.
///
/// ```text
/// Person/0000.json:4:13: error: attribute 'name': expected a string, found the number 5 [typeMismatch] (at /0/name) [invalidStoredRecord]
/// 1 problem in the store; fix the files or open with validation: .lenient to skip the bad records
/// ```
public struct StoreValidationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Every problem, in file order.
  public var problems: [StoreError]

  /// Creates the error.
  public init(problems: [StoreError]) { self.problems = problems }

  /// One line per problem, then a summary saying how to proceed.
  public var description: String {
    let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    return (problems.map(\.description) + [
      "\(count) in the store; fix the files or open with validation: .lenient to skip the bad records"
    ]).joined(separator: "\n")
  }
}

/// One step of schema evolution: a named function over the raw stored records.
///
/// Migrations run in the order given, once each: the manifest records the names applied. A
/// migration sees every entity's records as `JSONObject`s keyed by entity name (entities of the
/// old schema, in identifier order) and may rewrite, add or drop records and entities. The result
/// must be valid under the new schema; it is validated and saved in one commit.
///
/// ```swift
/// let rename = Migration("rename-fullName") { documents in
///   documents["Employee"] = documents["Employee"]?.map { record in
///     var record = record
///     record["name"] = record["fullName"]
///     record["fullName"] = nil
///     return record
///   }
/// }
/// ```
public struct Migration: Sendable {
  /// The migration's unique name, recorded in the manifest once applied.
  public let name: String
  /// The transformation.
  public let body: @Sendable (inout [String: [JSONObject]]) throws -> Void

  /// Creates a migration.
  public init(_ name: String, _ body: @escaping @Sendable (inout [String: [JSONObject]]) throws -> Void) {
    self.name = name
    self.body = body
  }
}
