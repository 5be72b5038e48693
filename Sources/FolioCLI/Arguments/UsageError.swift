/// A mistake in how the tool was called: an unknown option, a missing value or argument, a value
/// out of its choices. The tool prints it with a hint to `--help` and exits with status 2.
struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The command the mistake was made in (`nil` for the top level).
  var command: String?
  /// What was wrong and what was expected.
  var message: String

  /// Creates a usage error.
  init(command: String?, _ message: String) {
    self.command = command
    self.message = message
  }

  /// `message`, then how to get help.
  var description: String {
    let help = command.map { "folio \($0) --help" } ?? "folio --help"
    return "\(message)\nSee '\(help)'."
  }
}
