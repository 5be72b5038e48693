import Folio
import Foundation

/// `--at REV` on the reading commands (`query`, `export`, `inspect`, `check`): the store as it
/// was at a revision, read straight from git's objects without a checkout.
///
/// The store's regular files at the revision are written into a new private temporary folder,
/// at the same relative path the user gave (so messages name `company.folio/Employee/…`), and
/// the command runs there, reading only; the folder is removed when it returns. The working
/// tree, the index and the branch are not touched, and a writer holding the store is not
/// disturbed. A link or a submodule in the revision's store is left out with a warning.
enum StoreAtRevision {
  /// `--at REV`.
  static let argument = ArgumentSpec.option(
    "at", value: "REV",
    help: "Read the store as it was at this git revision (a commit, branch or tag), from git's objects, without a checkout.")

  /// Runs `body` with arguments and a console in which `--store` names the store as it was at
  /// `--at`'s revision; without `--at`, runs it as given.
  ///
  /// - Throws: ``CLIError`` (`unknownRevision`, `notInRepository`, `missingStore` when the
  ///   revision has no store there, `invalidValue` with a writing flag such as `--fix`), or what
  ///   `body` throws.
  static func run(
    _ arguments: ParsedArguments, console: Console,
    _ body: (ParsedArguments, Console) throws -> Int32
  ) throws -> Int32 {
    guard let revision = arguments["at"] else { return try body(arguments, console) }
    if arguments.flag("fix") {
      throw CLIError(.invalidValue, "--at reads the store as it was at a revision; it cannot be given with --fix.")
    }
    let given = arguments["store"] ?? ""
    let store = try GitStore(path: given, console: console)
    let side = GitStore.Side.revision(commit: try store.commit(revision), label: revision)
    let files = try store.allFiles(at: side, console: console)
    guard files["schema.json"] != nil else {
      throw CLIError(
        .missingStore, "There is no store at '\(given)' in \(revision) (no \(store.repositoryPath("schema.json")) there).",
        file: given)
    }
    let directory = try privateFolder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The store at the path the user gave, when it stays inside the folder; else by its name.
    let components = given.split(separator: "/").map(String.init)
    let relative =
      !given.hasPrefix("/") && !components.isEmpty && !components.contains("..") && !components.contains(".")
      ? components.joined(separator: "/") : (components.last ?? "store")
    for (file, bytes) in files {
      let parts = file.split(separator: "/", omittingEmptySubsequences: false)
      guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("\0") }) else { continue }
      let path = directory + "/" + relative + "/" + file
      do {
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
          throw CLIError(.unwritableFile, "cannot write \(path)")
        }
      } catch {
        throw CLIError(
          .unwritableFile, "cannot copy the store at \(revision) into a temporary folder: \(error.localizedDescription)")
      }
    }
    var arguments = arguments
    arguments.options["store"] = relative
    var console = console
    console.currentDirectory = directory
    return try body(arguments, console)
  }

  /// A new private folder under the system's temporary folder.
  static func privateFolder() throws(CLIError) -> String {
    let base = FileManager.default.temporaryDirectory.path
    let path = base + "/folio-at-" + UUID().uuidString
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    } catch {
      throw CLIError(.unwritableFile, "cannot create a temporary folder in \(base): \(error.localizedDescription)")
    }
    return path
  }
}
