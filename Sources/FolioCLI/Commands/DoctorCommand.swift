import Folio
import Foundation

/// `folio doctor`: checks that git will run Folio's drivers for a store, and says what to do
/// when it will not.
enum DoctorCommand: Command {
  static let spec = CommandSpec(
    name: "doctor",
    abstract: "Check the git set-up of a store: drivers named, registered and runnable.",
    discussion: """
      Reports, each on its own line as ok, warning or problem: whether git is installed and a \
      repository encloses the store; for the merge and diff drivers, whether the store's \
      .gitattributes names them, whether git's config defines them (merge.folio.driver, \
      diff.folio.command) and whether the executable each names can be run (a bare 'folio' is \
      looked up on PATH, as git would); whether a pre-commit hook runs 'folio check'; and \
      whether a git merge of the store's files is unfinished. A driver named in .gitattributes \
      but not defined makes git merge shard files line by line without a word: that is a \
      problem. Exits with 1 when there is a problem; 'folio setup' fixes the set-up.
      """,
    arguments: [.store, .json],
    examples: ["folio doctor --store company.folio"])

  /// One finding.
  struct Finding {
    enum Level: String { case ok, warning, problem }
    var level: Level
    var text: String
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments["store"] ?? ""
    var findings: [Finding] = []
    guard StoreAccess.exists(path, console: console) else {
      throw CLIError(.missingStore, "There is no store at '\(path)'.", file: path)
    }
    let store: GitStore
    do {
      store = try GitStore(path: path, console: console)
      findings.append(Finding(level: .ok, text: "git tracks the store at \(store.prefix.isEmpty ? "the top of its repository" : "\(store.prefix)/ in its repository")"))
    } catch {
      findings.append(Finding(level: .problem, text: error.message))
      return report(findings, path: path, arguments, console)
    }
    let check = { (attribute: String) -> String? in
      // What git itself decides for a shard path, whatever file the attribute comes from.
      let probe = store.repositoryPath("Entity/0000000000000000.json")
      guard let text = try? store.git.text(["check-attr", attribute, "--", probe]) else { return nil }
      return text.components(separatedBy: ": ").last
    }
    for (kind, attribute, key) in [("merge", "merge", "merge.folio.driver"), ("diff", "diff", "diff.folio.command")] {
      let value = check(attribute)
      guard value == "folio" else {
        findings.append(Finding(
          level: kind == "merge" ? .problem : .warning,
          text: "shard files are not marked \(attribute)=folio in .gitattributes: git \(kind == "merge" ? "merges them line by line" : "diffs them line by line"); run 'folio setup --store \(path)'"))
        continue
      }
      let command = (try? store.git.text(["config", "--get", key])) ?? ""
      guard !command.isEmpty else {
        findings.append(Finding(
          level: kind == "merge" ? .problem : .warning,
          text: "shard files are marked \(attribute)=folio but git has no \(key): git silently \(kind == "merge" ? "merges them line by line" : "shows line diffs"); run 'folio setup --store \(path)'"))
        continue
      }
      if let executable = runnable(command) {
        findings.append(Finding(level: .ok, text: "the \(kind) driver runs \(executable)"))
      } else {
        findings.append(Finding(
          level: kind == "merge" ? .problem : .warning,
          text: "\(key) is '\(command)', whose program cannot be run here; run 'folio setup --store \(path)'"))
      }
    }
    if let hooks = try? store.git.text(["rev-parse", "--git-path", "hooks"]) {
      let hook = (hooks.hasPrefix("/") ? hooks : store.git.directory + "/" + hooks) + "/pre-commit"
      let text = FileManager.default.contents(atPath: hook).map { String(decoding: $0, as: UTF8.self) } ?? ""
      if text.contains("check --store") && FileManager.default.isExecutableFile(atPath: hook) {
        findings.append(Finding(level: .ok, text: "the pre-commit hook runs 'folio check'"))
      } else {
        findings.append(Finding(level: .warning, text: "no pre-commit hook runs 'folio check' (optional: 'folio setup --store \(path) --hook')"))
      }
    }
    if let merge = UnfinishedMerge.find(store: console.resolve(path)), let first = merge.files.first {
      findings.append(Finding(level: .problem, text: "git has unmerged store files (\(store.label(first, on: .workingTree))\(merge.files.count > 1 ? " and \(merge.files.count - 1) more" : "")); 'folio conflicts --store \(path)' lists them"))
    }
    return report(findings, path: path, arguments, console)
  }

  /// The program a driver command names, when it can be run: its first word (quoted or not),
  /// looked up on PATH when it has no slash, as the shell git starts would.
  static func runnable(_ command: String) -> String? {
    let words = ShellSplit.words(command)
    guard let program = words.first, !program.isEmpty else { return nil }
    if program.contains("/") {
      return FileManager.default.isExecutableFile(atPath: program) ? program : nil
    }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let candidate = String(folder) + "/" + program
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Prints the findings and returns 1 when one is a problem.
  static func report(_ findings: [Finding], path: String, _ arguments: ParsedArguments, _ console: Console) -> Int32 {
    let problems = findings.filter { $0.level == .problem }.count
    if arguments.flag("json") {
      let items: [JSONValue] = findings.map { .object(["level": .string($0.level.rawValue), "message": .string($0.text)]) }
      console.out(JSONWriter.string(.object(["store": .string(path), "ok": .bool(problems == 0), "findings": .array(items)]), style: .pretty))
    } else {
      var out = findings.map { "\($0.level.rawValue): \($0.text)\n" }.joined()
      out += problems == 0 ? "\(path): git is set up for Folio.\n" : "\(path): \(problems) problem\(problems == 1 ? "" : "s").\n"
      console.out(out)
    }
    return problems == 0 ? ExitStatus.success : ExitStatus.failure
  }
}
