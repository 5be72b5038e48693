extension CompletionScript {
  /// The zsh script: a `#compdef folio` function built on `_arguments`, with each command and
  /// option described by the first sentence of its help.
  static func zsh(_ commands: [CommandSpec]) -> String {
    let names = commands.map(\.name) + ["help"]
    var out = "#compdef folio\n" + header(.zsh)
    out += """
      # Save it as _folio in a directory of $fpath, or load it with: source <(folio completion zsh)

      _folio() {
        local context state state_descr line
        typeset -A opt_args
        _arguments -C \\
          '(- *)--help[\(zshEscaped(topLevelOptions[0].help))]' \\
          '(- *)--version[\(zshEscaped(topLevelOptions[1].help))]' \\
          '1:command:->command' \\
          '*::argument:->argument'
        case $state in
          command)
            local -a commands
            commands=(

      """
    for spec in commands {
      out += "        '\(spec.name):\(zshEscaped(summary(spec.abstract)))'\n"
    }
    out += """
              'help:Show a command'\\''s options and examples'
            )
            _describe -t commands 'folio command' commands
            ;;
          argument)
            case $words[1] in

      """
    for spec in commands {
      out += "          \(spec.name))\n            _arguments \\\n"
      for option in options(of: spec) {
        var line = "'--\(option.name)[\(zshEscaped(summary(option.help)))]"
        if option.kind == .option {
          line += ":\(option.valueName):\(zshAction(valueCompletion(option)))"
        }
        out += "              \(line)' \\\n"
      }
      for positional in spec.positionals {
        let optional = positional.isRequired ? "" : ":"
        out += "              '\(optional):\(positional.valueName):"
          + "\(zshAction(valueCompletion(positional)))' \\\n"
      }
      out += "              '(- *)'{-h,--help}'[Show this help]'\n            ;;\n"
    }
    out += """
              help)
                _arguments '1:command:(\(names.joined(separator: " ")))'
                ;;
            esac
            ;;
        esac
      }

      _folio "$@"

      """
    return out
  }

  /// The `_arguments` action completing a value.
  private static func zshAction(_ completion: ValueCompletion) -> String {
    switch completion {
    case .none: return " "
    case .files: return "_files"
    case .directories: return "_files -/"
    case .choices(let words): return "(\(words.joined(separator: " ")))"
    }
  }

  /// `text` safe inside a single-quoted `_arguments` description: `[`, `]`, `:` and `\`
  /// escaped for `_arguments`, `'` closed and reopened for the shell.
  static func zshEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\", "[", "]", ":": out += "\\\(character)"
      case "'": out += #"'\''"#
      default: out.append(character)
      }
    }
    return out
  }
}
