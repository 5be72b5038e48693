import Folio
import Foundation

/// `folio setup`: makes a clone ready for a store kept in git, in one command that says what it
/// did and fails loudly.
enum SetupCommand: Command {
  static let spec = CommandSpec(
    name: "setup",
    abstract: "Register Folio's merge and diff drivers in this clone (and optionally a pre-commit check).",
    discussion: """
      Writes the store's .gitattributes so that its shard files use the 'folio' merge and diff \
      drivers (other lines of the file are kept), and registers both drivers in the \
      repository's own git config (.git/config) with the absolute path of this folio \
      executable, so git runs them without looking folio up on PATH. With --hook it also \
      installs a pre-commit hook that runs 'folio check' on the store; an existing hook that \
      Folio did not write is left as it is, and the command says so and fails. Run it once per \
      clone (git does not copy a repository's config to its clones); 'folio doctor' checks the \
      set-up. --executable names another folio to register.
      """,
    arguments: [
      .store,
      .flag("hook", help: "Also install a pre-commit hook that runs 'folio check' on the store."),
      .option("executable", value: "PATH", help: "The folio executable git should run (default: this one)."),
      .json,
    ],
    examples: ["folio setup --store company.folio", "folio setup --store company.folio --hook"])

  /// The line the store's `.gitattributes` needs for shard files.
  static let attributesLine = "*/*.json merge=folio diff=folio"
  /// The first line of a hook Folio writes, so it can be recognised and updated.
  static let hookMarker = "# folio setup: pre-commit check of a Folio store"

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments["store"] ?? ""
    guard StoreAccess.exists(path, console: console),
      FileManager.default.fileExists(atPath: console.resolve(path) + "/schema.json")
    else {
      throw CLIError(.missingStore, "There is no store at '\(path)'.", file: path)
    }
    let store = try GitStore(path: path, console: console)
    let folio = try executable(arguments["executable"], console: console)
    var done: [String] = []
    // The attributes, in the store's own .gitattributes.
    let attributesPath = console.resolve(path) + "/.gitattributes"
    if try updateAttributes(at: attributesPath, label: store.label(".gitattributes", on: .workingTree)) {
      done.append("wrote \(store.label(".gitattributes", on: .workingTree)): \(attributesLine)")
    }
    // The drivers, by absolute path, in the repository's own config.
    let quoted = "'" + folio.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    let settings = [
      ("merge.folio.name", "Folio record-level merge"),
      ("merge.folio.driver", "\(quoted) merge-driver %O %A %B %P"),
      ("diff.folio.command", "\(quoted) diff-driver"),
    ]
    for (key, value) in settings {
      _ = try store.git.output(["config", "--local", key, value])
      done.append("git config \(key) \"\(value)\"")
    }
    if arguments.flag("hook") {
      let hooks = try store.git.text(["rev-parse", "--git-path", "hooks"])
      let directory = hooks.hasPrefix("/") ? hooks : store.git.directory + "/" + hooks
      let hook = directory + "/pre-commit"
      let storeArgument = store.prefix.isEmpty ? "." : store.prefix
      let script = """
        #!/bin/sh
        \(hookMarker)
        # Refuses a commit whose store does not validate (written by 'folio setup --hook').
        cd "$(git rev-parse --show-toplevel)" || exit 1
        exec \(quoted) check --store '\(storeArgument.replacingOccurrences(of: "'", with: #"'\''"#))'

        """
      if let existing = FileManager.default.contents(atPath: hook), !String(decoding: existing, as: UTF8.self).contains(hookMarker) {
        throw CLIError(
          .hookExists,
          "a pre-commit hook that Folio did not write is already there; add '\(quoted) check --store \(storeArgument)' to it by hand. The drivers were registered.",
          file: hook)
      }
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(script.utf8).write(to: URL(fileURLWithPath: hook))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
      } catch {
        throw CLIError(.unwritableFile, "cannot write the pre-commit hook: \(error.localizedDescription)", file: hook)
      }
      done.append("installed the pre-commit hook \(hook)")
    }
    if arguments.flag("json") {
      console.out(JSONWriter.string(.object(["store": .string(path), "executable": .string(folio), "done": .array(done.map { .string($0) })]), style: .pretty))
    } else {
      console.out("Set up \(path) for git:\n" + done.map { "  " + $0 + "\n" }.joined())
    }
    return ExitStatus.success
  }

  /// Adds `*/*.json merge=folio diff=folio` to the `.gitattributes` at `path` unless a line
  /// already gives shard files both attributes; returns whether it wrote.
  static func updateAttributes(at path: String, label: String) throws(CLIError) -> Bool {
    if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType != .typeRegular
    {
      throw CLIError(.specialFile, "the store's .gitattributes is not a regular file (a link?); fix it by hand.", file: label)
    }
    let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    if lines.contains(where: { line in
      let words = line.split(separator: " ")
      return words.first == "*/*.json" && words.contains("merge=folio") && words.contains("diff=folio")
    }) {
      return false
    }
    if let index = lines.firstIndex(where: { $0.split(separator: " ").first == "*/*.json" }) {
      lines[index] = attributesLine
    } else {
      lines.append(attributesLine)
    }
    do {
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      throw CLIError(.unwritableFile, "cannot write the store's .gitattributes: \(error.localizedDescription)", file: label)
    }
    return true
  }

  /// The absolute path of the folio executable to register: `given`, or the running one.
  ///
  /// - Throws: ``CLIError`` (`invalidValue`) when it is not an executable file.
  static func executable(_ given: String?, console: Console) throws(CLIError) -> String {
    var path: String
    if let given {
      path = console.resolve(given)
    } else if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      path = link
    } else {
      path = console.resolve(ProcessInfo.processInfo.arguments.first ?? "folio")
    }
    path = URL(fileURLWithPath: path).standardizedFileURL.path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw CLIError(.invalidValue, "'\(path)' is not an executable file; pass --executable PATH to folio.")
    }
    return path
  }
}

extension CLIError.Code {
  /// A pre-commit hook Folio did not write is in the way.
  static let hookExists = Self("hookExists")
  /// A store file is a link or another special file.
  static let specialFile = Self("specialFile")
}
