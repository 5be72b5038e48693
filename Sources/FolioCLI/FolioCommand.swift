import Folio
import Foundation

/// The `folio` command-line tool, as a library so tests can drive it in process.
public enum FolioCommand {
  /// Runs the tool with the process's arguments and exits with its status.
  public static func main() async {
    let status = await run(Array(CommandLine.arguments.dropFirst()))
    exit(status)
  }

  /// Runs the tool with `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String]) async -> Int32 {
    print("folio: no commands yet")
    return 0
  }
}
