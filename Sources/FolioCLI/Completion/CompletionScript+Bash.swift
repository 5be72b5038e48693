extension CompletionScript {
  /// The bash script: a `_folio` function registered with `complete -F`, filling `COMPREPLY`
  /// line by line from `compgen`, so file names with spaces stay whole (bash 3.2 has no
  /// `mapfile`).
  static func bash(_ commands: [CommandSpec]) -> String {
    let names = commands.map(\.name) + ["help"]
    var out = header(.bash)
    out += """
      # Load it with: source <(folio completion bash)

      _folio_reply() {
        local word
        COMPREPLY=()
        while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen "$@")
      }

      _folio() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        if [[ $COMP_CWORD -eq 1 ]]; then
          _folio_reply -W '\((names + ["--help", "--version"]).joined(separator: " "))' -- "$cur"
          return 0
        fi
        case ${COMP_WORDS[1]} in

      """
    for spec in commands {
      out += "    \(spec.name))\n"
      let valued = options(of: spec).filter { $0.kind == .option }
      if !valued.isEmpty {
        out += "      case $prev in\n"
        for option in valued {
          let reply = bashReply(valueCompletion(option))
          out += "        --\(option.name)) \(reply.isEmpty ? "" : reply + "; ")return 0 ;;\n"
        }
        out += "      esac\n"
      }
      let optionWords = (options(of: spec).map { "--\($0.name)" } + ["--help"])
        .joined(separator: " ")
      if let positional = spec.positionals.first {
        out += """
                if [[ $cur == -* ]]; then
                  _folio_reply -W '\(optionWords)' -- "$cur"
                else
                  \(bashReply(valueCompletion(positional)))
                fi
                ;;

          """
      } else {
        out += "      _folio_reply -W '\(optionWords)' -- \"$cur\"\n      ;;\n"
      }
    }
    out += """
          help)
            [[ $COMP_CWORD -eq 2 ]] && _folio_reply -W '\(names.joined(separator: " "))' -- "$cur"
            ;;
        esac
        return 0
      }

      complete -o filenames -F _folio folio

      """
    return out
  }

  /// The bash statement completing a value (empty for free text).
  private static func bashReply(_ completion: ValueCompletion) -> String {
    switch completion {
    case .none: return ""
    case .files: return #"_folio_reply -f -- "$cur""#
    case .directories: return #"_folio_reply -d -- "$cur""#
    case .choices(let words): return "_folio_reply -W '\(words.joined(separator: " "))' -- \"$cur\""
    }
  }
}
