import FolioCLI
import FolioTestSupport
import Foundation

/// One in-process run of `folio`: its exit status and what it wrote to each stream.
struct CommandRun {
  var status: Int32
  var output: String
  var errors: String

  /// Runs `folio arguments` in `directory` with captured streams, `input` as standard input,
  /// and `environment`.
  static func run(
    _ arguments: [String], in directory: String = FileManager.default.temporaryDirectory.path,
    input: String = "", environment: [String: String] = [:], terminal: Bool = false
  ) -> CommandRun {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let bytes = Array(input.utf8)
    let console = Console(
      standardOutput: output, standardError: errors, readStandardInput: { _ in bytes },
      environment: environment, currentDirectory: directory, isErrorTerminal: terminal)
    let status = FolioCommand.run(arguments, console: console)
    return CommandRun(status: status, output: output.text, errors: errors.text)
  }
}
