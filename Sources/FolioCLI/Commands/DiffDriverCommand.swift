import Folio
import Foundation

/// `folio diff-driver`: git's external diff command for shard files, so that `git diff` (and
/// `git log -p --ext-diff`, `git show --ext-diff`) show records and fields, not lines.
enum DiffDriverCommand: Command {
  static let spec = CommandSpec(
    name: "diff-driver",
    abstract: "Show two versions of a shard file as records changed field by field (a git diff driver).",
    discussion: """
      Git runs this command for files marked 'diff=folio' in .gitattributes once it is \
      configured with: git config diff.folio.command "folio diff-driver". It is given the \
      file's path and both versions (PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX \
      NEW-MODE), reads the entity's identifiers from the store's schema.json in the working \
      tree (the folder above the shard's), and prints the records added, removed, changed and \
      renamed in that file as 'folio diff' does, under a 'diff --folio a/PATH b/PATH' line. A \
      record that moved to another file shows as removed here and added there: use 'folio \
      diff' for the whole store. A file that cannot be read as records (schema.json itself, a \
      file with conflict markers) is shown by 'git diff --no-index' instead. git runs external \
      diff commands for 'git diff'; 'git log -p' and 'git show' need --ext-diff.
      """,
    arguments: [
      .positional("PATH", help: "The file's path in the repository."),
      .positional("OLD-FILE", help: "The earlier version (/dev/null when the file is new).", required: false),
      .positional("OLD-HEX", help: "Its object name.", required: false),
      .positional("OLD-MODE", help: "Its mode.", required: false),
      .positional("NEW-FILE", help: "The later version (/dev/null when the file was deleted).", required: false),
      .positional("NEW-HEX", help: "Its object name.", required: false),
      .positional("NEW-MODE", help: "Its mode.", required: false),
    ],
    examples: [
      "folio diff-driver company.folio/Employee/0000000000000000.json old.json 05dc197 100644 new.json 72342c3 100644"
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments["PATH"] ?? ""
    guard let oldFile = arguments["OLD-FILE"], let newFile = arguments["NEW-FILE"] else {
      // An unmerged path: git passes the path alone.
      console.out("* Unmerged path \(DiffView.printable(path))\n")
      return ExitStatus.success
    }
    let location = ShardLocation(path)
    let name = String(path.split(separator: "/").last ?? "")
    do {
      let entity = try location.entity(console: console)
      let schema = Schema(entities: [entity])
      let file = entity.name + "/" + name
      let before = StoreDiff.Version(schema: schema, files: [file: try MergeDriverCommand.contents(oldFile, console)], name: "a/" + path)
      let after = StoreDiff.Version(schema: schema, files: [file: try MergeDriverCommand.contents(newFile, console)], name: "b/" + path)
      let diff = try StoreDiff(from: before, to: after)
      console.out("diff --folio a/\(DiffView.printable(path)) b/\(DiffView.printable(path))\n")
      console.out(DiffView(diff: diff, from: "a", to: "b", showsMoves: false).text())
      return ExitStatus.success
    } catch {
      let result = try GitRunner(directory: console.currentDirectory).run([
        "diff", "--no-index", "--no-ext-diff", "--no-color", oldFile, newFile,
      ])
      console.out(String(decoding: result.bytes, as: UTF8.self))
      return ExitStatus.success
    }
  }
}
