extension CompletionScript {
  /// The fish script: one `complete` line per command, option and value set, each command's
  /// lines guarded by `__fish_seen_subcommand_from`.
  static func fish(_ commands: [CommandSpec]) -> String {
    let names = commands.map(\.name) + ["help"]
    var out = header(.fish)
    out += """
      # Save it as ~/.config/fish/completions/folio.fish, or load it with: folio completion fish | source

      complete -c folio -f
      complete -c folio -n __fish_use_subcommand -l help -d '\(fishEscaped(topLevelOptions[0].help))'
      complete -c folio -n __fish_use_subcommand -l version -d '\(fishEscaped(topLevelOptions[1].help))'

      """
    for spec in commands {
      out += "complete -c folio -n __fish_use_subcommand -a \(spec.name) "
        + "-d '\(fishEscaped(summary(spec.abstract)))'\n"
    }
    out += "complete -c folio -n __fish_use_subcommand -a help "
      + "-d 'Show a command\\'s options and examples'\n"
    for spec in commands {
      let condition = "-n '__fish_seen_subcommand_from \(spec.name)'"
      out += "\n"
      for option in options(of: spec) {
        var line = "complete -c folio \(condition) -l \(option.name)"
        if option.kind == .option { line += fishValue(valueCompletion(option)) }
        out += line + " -d '\(fishEscaped(summary(option.help)))'\n"
      }
      out += "complete -c folio \(condition) -s h -l help -d 'Show this help'\n"
      if let positional = spec.positionals.first {
        switch valueCompletion(positional) {
        case .choices(let words):
          out += "complete -c folio \(condition) -a '\(words.joined(separator: " "))'\n"
        case .files, .directories, .none:
          out += "complete -c folio \(condition) -F\n"
        }
      }
    }
    out += "\ncomplete -c folio -n '__fish_seen_subcommand_from help' "
      + "-a '\(names.joined(separator: " "))'\n"
    return out
  }

  /// The `complete` flags for an option's value: it requires one, and what is offered.
  private static func fishValue(_ completion: ValueCompletion) -> String {
    switch completion {
    case .none: return " -x"
    case .files: return " -r -F"
    case .directories: return " -x -a '(__fish_complete_directories)'"
    case .choices(let words): return " -x -a '\(words.joined(separator: " "))'"
    }
  }

  /// `text` safe inside fish single quotes: `\` and `'` escaped.
  static func fishEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "\\" || character == "'" { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
