import Folio
import Foundation

/// `folio diff`: the records added, removed and changed, field by field, between two versions
/// of a store in git.
enum DiffCommand: Command {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Show the records added, removed and changed, field by field, between versions of a store in git.",
    discussion: """
      Compares versions of the store as git does: with no revision, the index with the working \
      tree (what is not staged yet); with --cached, REVISION (default HEAD) with the index; with \
      one revision, it with the working tree; with two (A B, or A..B), A with B; with A...B, \
      their merge base with B. Files are read from git's objects, without a checkout, and only \
      the files that differ are read. Records are matched by identifier: a record whose \
      identifier changed and nothing else shows as renamed; one that only moved to another file \
      (a shard boundary moved) is counted as moved, and listed with --moves. Identifiers and \
      values are printed as JSON. --stat prints only the counts per entity; --format markdown \
      prints tables for a pull-request comment; --json prints every change with its fields and \
      files. --exit-code exits with 1 when there are changes, as 'git diff --exit-code' does.
      """,
    arguments: [
      .store,
      .positional("REVISION", help: "A revision, or a range A..B or A...B.", required: false),
      .positional("OTHER", help: "A second revision: compare REVISION with it.", required: false),
      .flag("cached", help: "Compare REVISION (default HEAD) with the index instead of the working tree."),
      .option("entity", value: "NAME", help: "Only the records of this entity."),
      .flag("stat", help: "Print only how many records of each entity changed."),
      .flag("moves", help: "List records that only moved to another file, too."),
      .option("format", value: "FORMAT", help: "text (the default) or markdown.", choices: ["text", "markdown"]),
      .flag("exit-code", help: "Exit with 1 when there are changes, 0 when there are none."),
      .json,
    ],
    examples: [
      "folio diff --store company.folio",
      "folio diff --store company.folio HEAD~1",
      "folio diff --store company.folio main..feature --entity Employee",
      "folio diff --store company.folio main...feature --format markdown > comment.md",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let store = try GitStore(path: arguments["store"] ?? "", console: console)
    let (from, to) = try sides(arguments, store: store)
    let diff = try compare(store, from: from, to: to, entity: arguments["entity"], console: console)
    let view = DiffView(diff: diff, from: from.description, to: to.description, showsMoves: arguments.flag("moves"))
    if arguments.flag("json") {
      console.out(view.json())
    } else if arguments.flag("stat") {
      console.out(view.stat())
    } else if arguments["format"] == "markdown" {
      console.out(view.markdown())
    } else {
      console.out(view.text())
    }
    let changed = diff.schemaChanged || !diff.changes.isEmpty
    return arguments.flag("exit-code") && changed ? ExitStatus.failure : ExitStatus.success
  }

  /// The two versions the arguments name, as `git diff` reads them.
  static func sides(_ arguments: ParsedArguments, store: GitStore) throws(CLIError) -> (GitStore.Side, GitStore.Side) {
    func side(_ revision: String) throws(CLIError) -> GitStore.Side {
      .revision(commit: try store.commit(revision), label: revision)
    }
    let first = arguments["REVISION"]
    let second = arguments["OTHER"]
    if arguments.flag("cached") {
      guard second == nil else {
        throw CLIError(.invalidValue, "--cached compares one revision with the index; give one revision at most.")
      }
      return (try side(first ?? "HEAD"), .index)
    }
    guard let first else { return (.index, .workingTree) }
    if let second { return (try side(first), try side(second)) }
    if let range = first.range(of: "...") {
      let (a, b) = (String(first[..<range.lowerBound]), String(first[range.upperBound...]))
      let (left, right) = (a.isEmpty ? "HEAD" : a, b.isEmpty ? "HEAD" : b)
      let base = try store.git.text(["merge-base", try store.commit(left), try store.commit(right)])
      return (.revision(commit: base, label: "merge-base(\(left), \(right))"), try side(right))
    }
    if let range = first.range(of: "..") {
      let (a, b) = (String(first[..<range.lowerBound]), String(first[range.upperBound...]))
      return (try side(a.isEmpty ? "HEAD" : a), try side(b.isEmpty ? "HEAD" : b))
    }
    return (try side(first), .workingTree)
  }

  /// The record-level difference between two versions of the store, reading only the files
  /// that differ (of `entity` only, when given).
  ///
  /// - Throws: ``CLIError`` for git's failures and an unknown entity; ``StoreError`` naming the
  ///   file (as `REV:PATH` at a revision) that cannot be read as records.
  static func compare(
    _ store: GitStore, from: GitStore.Side, to: GitStore.Side, entity: String?, console: Console
  ) throws -> StoreDiff {
    let changed = try store.changedFiles(from: from, to: to, console: console)
    let schemaFile = changed.first { $0.path == "schema.json" }
    var before = StoreDiff.Version(schema: nil, files: [:], name: from.description)
    var after = StoreDiff.Version(schema: nil, files: [:], name: to.description)
    before.schema = try store.schema(on: from)
    after.schema = schemaFile == nil ? before.schema : try store.schema(on: to)
    if let entity, before.schema?.entity(named: entity) == nil, after.schema?.entity(named: entity) == nil {
      let known = Set((before.schema?.entities ?? []) + (after.schema?.entities ?? [])).map(\.name).sorted()
      throw CLIError(
        .unknownEntity, "Neither version's schema has an entity '\(entity)'; they have: \(known.joined(separator: ", ")).",
        file: store.given)
    }
    let shards = changed.filter { file in
      guard let name = file.path.split(separator: "/").first, file.path.hasSuffix(".json"),
        file.path.split(separator: "/").count == 2
      else { return false }
      return entity == nil || String(name) == entity
    }
    // Every object in one `git cat-file --batch`; working-tree files from disk.
    var objects: [String] = []
    for file in shards {
      if let object = file.before { objects.append(object) }
      if let object = file.after, !file.afterOnDisk { objects.append(object) }
    }
    var contents: [String: [UInt8]] = [:]
    for (object, bytes) in zip(objects, try store.git.blobs(objects)) {
      if let bytes { contents[object] = bytes }
    }
    for file in shards {
      if let object = file.before, let bytes = contents[object] { before.files[file.path] = bytes }
      if file.afterOnDisk {
        if let bytes = store.workingTreeFile(file.path) { after.files[file.path] = bytes }
      } else if let object = file.after, let bytes = contents[object] {
        after.files[file.path] = bytes
      }
    }
    do {
      var diff = try StoreDiff(from: before, to: after)
      if let entity { diff.changes = diff.changes(of: entity) }
      return diff
    } catch {
      var located = error
      if let file = error.file {
        let side = error.message.hasPrefix(before.name + ":") ? from : to
        located.file = store.label(file, on: side)
      }
      throw located
    }
  }
}
