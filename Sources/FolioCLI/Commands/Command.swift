/// One `folio` subcommand: a declared interface and a body that writes to a ``Console``.
protocol Command {
  /// The command's arguments and help, from which parsing and `--help` derive.
  static var spec: CommandSpec { get }

  /// Runs the command with arguments already checked against ``spec``.
  ///
  /// - Returns: the exit status (0 success, 1 failure).
  /// - Throws: any error; ``FolioCommand`` prints it on standard error and exits with 1.
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}
