/// `folio version` (also `folio --version`): print the tool's version.
enum VersionCommand: Command {
  static let spec = CommandSpec(
    name: "version",
    abstract: "Print folio's version (also 'folio --version').",
    discussion: "Prints 'folio' and the version of this build, X.Y.Z, on one line.",
    arguments: [],
    examples: ["folio version", "folio --version"])

  /// The line both spellings print: `folio 0.1.0`.
  static var line: String { "folio \(FolioCommand.version)\n" }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    console.out(line)
    return ExitStatus.success
  }
}
