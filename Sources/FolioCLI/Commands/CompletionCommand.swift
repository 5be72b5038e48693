/// `folio completion SHELL`: print a completion script for bash, zsh or fish, generated from
/// the commands' specs.
enum CompletionCommand: Command {
  static let spec = CommandSpec(
    name: "completion",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, options, the values of options that have a fixed set, \
      directories for --store and files for file arguments. It is generated from the same \
      declarations as the parser and --help, so it offers exactly what folio accepts. Load it \
      in bash with 'source <(folio completion bash)' (in ~/.bashrc to keep it), in zsh save it \
      as _folio in a directory of $fpath, in fish save it as \
      ~/.config/fish/completions/folio.fish.
      """,
    arguments: [
      .positional(
        "SHELL", help: "The shell to print the script for.",
        choices: CompletionScript.Shell.allCases.map(\.rawValue))
    ],
    examples: [
      "folio completion bash > ~/.local/share/bash-completion/completions/folio",
      "folio completion zsh > ~/.zfunc/_folio",
      "folio completion fish > ~/.config/fish/completions/folio.fish",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard let shell = arguments["SHELL"].flatMap(CompletionScript.Shell.init(rawValue:)) else {
      throw UsageError(command: spec.name, "Missing the argument SHELL.")
    }
    console.out(CompletionScript.script(for: shell, commands: FolioCommand.commands.map { $0.spec }))
    return ExitStatus.success
  }
}
