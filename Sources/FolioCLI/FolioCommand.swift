import Folio
import Foundation

/// The `folio` command-line tool, as a library so tests can drive it in process.
///
/// ```swift
/// let output = CapturedOutput()
/// let errors = CapturedOutput()
/// let console = Console(standardOutput: output, standardError: errors, currentDirectory: "/tmp")
/// let status = FolioCommand.run(["--help"], console: console)   // 0
/// ```
public enum FolioCommand {
  /// The version of Folio this tool was built from (`MAJOR.MINOR.PATCH`, semantic versioning):
  /// what `folio --version` and `folio version` print, after `folio `. It is changed in the
  /// commit a release is tagged from, and the tag is the same text.
  ///
  /// ```swift
  /// FolioCommand.version   // "0.1.0"
  /// ```
  public static let version = "0.1.0"

  /// Every subcommand, in the order `folio --help` lists them.
  static var commands: [any Command.Type] {
    [
      InitCommand.self, SyncCommand.self, PlanCommand.self, ApplyCommand.self, QueryCommand.self,
      ExportCommand.self, RenameCommand.self, CheckCommand.self, InspectCommand.self, SchemaCommand.self,
      DiffCommand.self, LogCommand.self, BlameCommand.self, ConflictsCommand.self, ResolveCommand.self,
      SetupCommand.self, DoctorCommand.self,
      MergeDriverCommand.self, DiffDriverCommand.self, CompletionCommand.self, VersionCommand.self,
    ]
  }

  /// Runs the tool with the process's arguments and console, then exits with its status.
  ///
  /// The command runs on the calling thread, the process's main thread, and is synchronous on
  /// purpose: an `async` main would run it on a thread of the concurrency pool, where the C
  /// allocator serves a secondary arena that grows a few pages at a time (a 100,000-item sync
  /// made 11,244 `mprotect` calls there against 1,036 on the main thread, and took 10% longer).
  ///
  /// SIGINT and SIGTERM are unblocked first: a parent that started `folio` from a thread with
  /// them blocked (a test runner's worker thread, say) would otherwise leave the command
  /// deaf to Ctrl-C, since a signal mask is inherited across `exec`.
  public static func main() -> Never {
    acceptInterrupts()
    let status = run(Array(CommandLine.arguments.dropFirst()), console: .process())
    exit(status)
  }

  /// Unblocks SIGINT and SIGTERM on the calling thread and, through inheritance, on the
  /// threads it starts afterwards.
  static func acceptInterrupts() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// Runs the tool with `arguments` (without the program name) on `console`.
  ///
  /// Results go to the console's standard output and nothing else does; errors go to standard
  /// error as `file:line:column: error: message [code]`. When the arguments hold `--json`, an
  /// error (a usage error too) is instead one JSON object on standard output,
  /// `{"error": {"code", "message", "file", "line", "column", "pointer", "notes"}}`, and standard
  /// error stays empty.
  ///
  /// - Returns: 0 on success, 1 on failure, 2 on a usage error, 3 when a change was committed
  ///   but finishing the save failed.
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    let wantsJSON = arguments.contains("--json")
    var console = console
    console.reportsErrorsAsJSON = wantsJSON
    guard let first = arguments.first else {
      console.err(overview())
      return ExitStatus.usage
    }
    if first == "-h" || first == "--help" {
      console.out(overview())
      return ExitStatus.success
    }
    if first == "--version" {
      console.out(VersionCommand.line)
      return ExitStatus.success
    }
    if first == "help" {
      guard let name = arguments.dropFirst().first else {
        console.out(overview())
        return ExitStatus.success
      }
      guard let command = command(named: name) else {
        return usageFailure(unknownCommand(name), console)
      }
      console.out(HelpFormatter.help(for: command.spec))
      return ExitStatus.success
    }
    guard let command = command(named: first) else {
      return usageFailure(unknownCommand(first), console)
    }
    let parsed: ParsedArguments
    do {
      parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
    } catch {
      return usageFailure(error, console)
    }
    if parsed.wantsHelp {
      console.out(HelpFormatter.help(for: command.spec))
      return ExitStatus.success
    }
    do {
      return try command.run(parsed, console: console)
    } catch let error as UsageError {
      return usageFailure(error, console)
    } catch {
      report(error, console)
      return status(for: error)
    }
  }

  /// The exit status for a command that failed with `error`.
  static func status(for error: any Error) -> Int32 {
    // A sync's error reaches here as a located CLIError carrying the sync's code.
    let committed =
      (error as? StoreError)?.code == .committedNotFinished || (error as? SyncError)?.code == .committedNotFinished
      || (error as? CLIError)?.code.rawValue == StoreError.Code.committedNotFinished.rawValue
    return committed ? ExitStatus.committedNotFinished : ExitStatus.failure
  }

  /// The command called `name`.
  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.spec.name == name }
  }

  /// "Unknown command" (or option, for a word starting with `-`), with the closest command or
  /// top-level option when one is near: `Unknown command 'snyc'. Did you mean 'sync'?`.
  static func unknownCommand(_ word: String) -> UsageError {
    if word.hasPrefix("-") {
      let name = String(word.drop { $0 == "-" })
      if let close = Suggestion.closest(to: name, among: ["help", "version"]) {
        return UsageError(command: nil, "Unknown option '\(word)'. Did you mean '--\(close)'?")
      }
      return UsageError(command: nil, "Unknown option '\(word)'.")
    }
    let names = commands.map { $0.spec.name } + ["help"]
    if let close = Suggestion.closest(to: word, among: names) {
      return UsageError(command: nil, "Unknown command '\(word)'. Did you mean '\(close)'?")
    }
    return UsageError(command: nil, "Unknown command '\(word)'.")
  }

  /// The top-level help: what the tool is and its commands.
  static func overview() -> String {
    var out = """
      OVERVIEW: Sync, plan, query, export and check Folio stores from the command line.

      USAGE: folio COMMAND [options]

      COMMANDS:

      """
    out += HelpFormatter.rows(commands.map { ($0.spec.name, $0.spec.abstract) })
    out += """

      Run 'folio COMMAND --help' for a command's options and examples, 'folio --version' for
      the version.
      Exit status: 0 success, 1 failure (reason on standard error), 2 usage error, 3 committed
      but not finished (the next writer finishes it).

      """
    return out
  }

  /// Prints a usage error and returns status 2.
  static func usageFailure(_ error: UsageError, _ console: Console) -> Int32 {
    if console.reportsErrorsAsJSON {
      console.out(JSONWriter.string(ErrorView(error).json, style: .pretty))
      return ExitStatus.usage
    }
    console.err(label("error:", console) + " " + error.description + "\n")
    return ExitStatus.usage
  }

  /// Prints `error` on standard error, compiler style, with `error:` in red on a colour terminal;
  /// or, under `--json`, as one JSON object (``ErrorView``) on standard output.
  static func report(_ error: any Error, _ console: Console) {
    if console.reportsErrorsAsJSON {
      console.out(JSONWriter.string(ErrorView(error).inCLIWords.json, style: .pretty))
      return
    }
    var text = CLIWording.apply(String(describing: error))
    if let range = text.range(of: "error:") {
      text.replaceSubrange(range, with: label("error:", console))
    } else {
      text = label("error:", console) + " " + text
    }
    console.err(text.hasSuffix("\n") ? text : text + "\n")
  }

  /// `text` in bold red when the console uses colour.
  static func label(_ text: String, _ console: Console) -> String {
    console.usesColor ? "\u{1B}[1;31m\(text)\u{1B}[0m" : text
  }
}
