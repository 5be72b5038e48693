import Folio
import Foundation
import Synchronization

/// Everything a command may touch outside its arguments: its output streams, standard input,
/// the environment and the working directory.
///
/// ``FolioCommand/run(_:console:)`` takes a console so tests can run commands in process with
/// captured streams (``CapturedOutput``) and a temporary working directory.
public struct Console: Sendable {
  /// Where results go. Nothing else is ever written here.
  public var standardOutput: any TextOutput
  /// Where errors, warnings and progress go.
  public var standardError: any TextOutput
  /// Reads standard input (for a payload given as `-`) to its end, or until it has read at
  /// least the given number of bytes: the caller refuses input longer than its limit without
  /// reading the rest.
  public var readStandardInput: @Sendable (_ atMost: Int) throws -> [UInt8]
  /// The longest payload or schema file read, in bytes (default: the parser's document limit,
  /// 1 GiB). A longer file is refused by its size before it is read, and standard input stops
  /// being read at the limit; both with `JSONError` `tooLarge`.
  public var maximumInputBytes: Int
  /// The environment variables (`NO_COLOR` turns colour off).
  public var environment: [String: String]
  /// The directory relative paths are resolved against.
  public var currentDirectory: String
  /// Whether standard error is a terminal: only then is a progress bar or colour shown.
  public var isErrorTerminal: Bool
  /// The width of standard error's terminal in columns, asked at each redraw of a progress bar
  /// (so a resized terminal is followed); `nil` when unknown (80 is assumed).
  public var terminalWidth: @Sendable () -> Int? = { nil }
  /// Whether a progress bar clears its line when the process is interrupted (SIGINT, SIGTERM)
  /// by installing a signal handler: the process console only, never a console of captured
  /// streams in tests.
  public var clearsLineOnInterrupt = false
  /// Whether a command leaves what it worked on (a store, a plan, a payload) to the process's
  /// exit instead of freeing it: the `folio` process exits as soon as the command returns, and
  /// freeing a large store record by record would only delay that. Never set in tests, where
  /// commands run one after another in one process.
  public var keepsResultsUntilExit = false
  /// Whether a failure is printed as one JSON object on standard output instead of text on
  /// standard error: set by ``FolioCommand/run(_:console:)`` when the arguments hold `--json`.
  var reportsErrorsAsJSON = false

  /// Creates a console.
  public init(
    standardOutput: any TextOutput, standardError: any TextOutput,
    readStandardInput: @escaping @Sendable (_ atMost: Int) throws -> [UInt8] = { _ in [] },
    maximumInputBytes: Int = JSONParser.Options().maxDocumentBytes,
    environment: [String: String] = [:], currentDirectory: String,
    isErrorTerminal: Bool = false
  ) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.readStandardInput = readStandardInput
    self.maximumInputBytes = maximumInputBytes
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.isErrorTerminal = isErrorTerminal
  }

  /// The console of this process: its real streams, environment and working directory.
  ///
  /// `FOLIO_MAX_INPUT_BYTES`, when set to a positive integer, replaces the default
  /// ``maximumInputBytes``.
  public static func process() -> Console {
    let environment = ProcessInfo.processInfo.environment
    let limit = environment["FOLIO_MAX_INPUT_BYTES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    var console = Console(
      standardOutput: FileOutput.standardOutput, standardError: FileOutput.standardError,
      readStandardInput: { try InputFile.read(descriptor: 0, atMost: $0) },
      maximumInputBytes: limit ?? JSONParser.Options().maxDocumentBytes,
      environment: environment,
      currentDirectory: FileManager.default.currentDirectoryPath,
      isErrorTerminal: isatty(2) == 1)
    console.terminalWidth = {
      var size = winsize()
      guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
      return Int(size.ws_col)
    }
    console.clearsLineOnInterrupt = true
    console.keepsResultsUntilExit = true
    return console
  }

  /// Whether colour may be used on standard error: it is a terminal and `NO_COLOR` is not set
  /// to a non-empty value (https://no-color.org).
  public var usesColor: Bool {
    isErrorTerminal && (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// `path` resolved against ``currentDirectory`` unless it is absolute.
  public func resolve(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
    return base + path
  }

  /// Writes `text` to standard output.
  public func out(_ text: String) { standardOutput.write(text) }

  /// Writes `text` to standard error.
  public func err(_ text: String) { standardError.write(text) }
}

/// What commands of the `folio` process hand over to be freed by the process's exit rather than
/// one object at a time (``Console/keepsResultsUntilExit``).
enum KeptUntilExit {
  private static let kept = Mutex<[any Sendable]>([])

  /// Keeps `value` alive until the process exits.
  static func keep(_ value: any Sendable) { kept.withLock { $0.append(value) } }
}
