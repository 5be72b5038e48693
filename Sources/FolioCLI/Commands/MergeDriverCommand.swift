import Folio
import Foundation

/// `folio merge-driver`: git's merge driver for shard files, merging record by record.
enum MergeDriverCommand: Command {
  static let spec = CommandSpec(
    name: "merge-driver",
    abstract: "Merge two versions of a shard file record by record (a git merge driver).",
    discussion: """
      Git runs this command for files marked 'merge=folio' in .gitattributes (for example \
      '*/*.json merge=folio' in STORE/.gitattributes) once it is configured with: git config \
      merge.folio.name "Folio record-level merge"; git config merge.folio.driver "folio \
      merge-driver %O %A %B %P". It reads \
      the identifiers of the shard's entity (the folder the file is in) from the store's \
      schema.json (the folder above it), matches records by identifier and merges them field \
      by field, then writes the result, canonical, over OURS. A field changed two ways, or a \
      record deleted on one side and changed on the other, is a conflict of that record only: \
      its lines are written between <<<<<<< ours, ======= and >>>>>>> theirs markers and \
      listed on standard error as PATH:LINE: conflict in ENTITY ID: FIELDS. Exits with 0 when \
      the merge is clean and 1 when there are conflicts. Inside 'git merge' or 'git pull' it \
      reads the entity's other files in the three versions from git and merges the whole \
      entity, so a record that one branch moved to another file (a boundary inserted or \
      deleted) or renamed is still one record; where git's own merge of another file would \
      put a record in the wrong place, that record is a conflict whose message says 'moved \
      to FILE'. When a version is not a shard file \
      (for example it holds conflict markers), it falls back to 'git merge-file' and exits \
      with its status; when the schema cannot be read, it leaves OURS as it is and exits with 1.
      """,
    arguments: [
      .positional("BASE", help: "The common ancestor's version (git's %O)."),
      .positional("OURS", help: "The current branch's version, replaced by the result (%A)."),
      .positional("THEIRS", help: "The other branch's version (%B)."),
      .positional("PATH", help: "The file's path in the repository, under its store (%P)."),
    ],
    examples: [
      "folio merge-driver %O %A %B %P",
      "folio merge-driver base.json ours.json theirs.json company.folio/Employee/0a1b2c3d4e5f6789.json",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let (base, ours, theirs) = (
      arguments["BASE"] ?? "", arguments["OURS"] ?? "", arguments["THEIRS"] ?? ""
    )
    let path = arguments["PATH"] ?? ""
    let shard = ShardLocation(path)
    let entity: Entity
    do {
      entity = try shard.entity(console: console)
    } catch {
      console.err(
        "\(path): \(FolioCommand.label("error:", console)) cannot merge record by record: "
          + "\(error.message) OURS is left as it is and the file is marked as conflicted; "
          + "merge it by hand.\n")
      return ExitStatus.failure
    }
    let versions = try (contents(base, console), contents(ours, console), contents(theirs, console))
    let merge: ShardMerge
    do {
      // An owned entity's records are identified by their synthesized `$id`.
      let identifiers = entity.isOwned ? [Entity.ownedIdentifier] : entity.identifiers
      if !entity.isOwned, let files = entityFiles(path: path, inputs: versions, console: console) {
        // Inside `git merge`: the whole entity, so records that moved between files stay one.
        let name = String(path.split(separator: "/").last ?? "")
        merge = try ShardMerge(file: name, of: files, identifiers: identifiers)
      } else {
        merge = try ShardMerge(
          base: versions.0, ours: versions.1, theirs: versions.2, identifiers: identifiers)
      }
    } catch {
      console.err(
        "\(path): warning: cannot merge record by record: \(error); falling back to a "
          + "line-based merge (git merge-file).\n")
      return try lineMerge(base: base, ours: ours, theirs: theirs, console: console)
    }
    try replace(ours, with: merge.bytes, console: console)
    for conflict in merge.conflicts {
      var line = "\(path):\(conflict.line): conflict in \(entity.name) \(conflict.id): "
      line += conflict.members.joined(separator: ", ")
      if let side = conflict.deletedIn { line += " (deleted in \(side))" }
      if let note = conflict.note {
        line += (conflict.members.isEmpty ? "" : " ") + "(\(note))"
      }
      console.err(line + "\n")
    }
    return merge.isClean ? ExitStatus.success : ExitStatus.failure
  }

  /// The bytes of `path`; a missing file has none (git passes an empty base for a file added
  /// on both branches).
  ///
  /// - Throws: ``CLIError`` (`unreadableFile`) when the file exists but cannot be read, so an
  ///   unreadable version is never taken for an empty one; nothing has been written then.
  static func contents(_ path: String, _ console: Console) throws(CLIError) -> [UInt8] {
    let resolved = console.resolve(path)
    if let data = FileManager.default.contents(atPath: resolved) { return Array(data) }
    guard !FileManager.default.fileExists(atPath: resolved) else {
      throw CLIError(.unreadableFile, "Cannot read '\(path)'; OURS is left as it is.", file: path)
    }
    return []
  }
}
