/// Parses a command's arguments against its ``CommandSpec``.
///
/// Accepts `--name value`, `--name=value`, flags, positionals in order, `-` as a positional (it
/// means standard input), `--` to end options, and `-h` / `--help` anywhere. Every mistake is a
/// ``UsageError`` naming the argument and what was expected.
enum ArgumentParser {
  /// Parses `arguments` (the words after the command name).
  ///
  /// - Throws: ``UsageError`` for an unknown option, a missing value, a value (of an option or
  ///   a positional) outside its choices, an extra positional, or (unless `--help` was given) a missing required argument.
  /// - Complexity: O(*n*·*m*) for *n* words and *m* declared arguments.
  static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var remaining = arguments[...]
    var positionalValues: [String] = []
    var optionsEnded = false
    while let word = remaining.popFirst() {
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        positionalValues.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      if word == "-h" || word == "--help" {
        parsed.wantsHelp = true
        continue
      }
      guard word.hasPrefix("--") else {
        throw UsageError(command: spec.name, "Unknown option '\(word)'.")
      }
      var name = String(word.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let argument = spec.named(name) else {
        throw UsageError(command: spec.name, unknownOptionMessage(name, spec: spec))
      }
      switch argument.kind {
      case .flag:
        if inlineValue != nil {
          throw UsageError(command: spec.name, "The flag '--\(name)' takes no value.")
        }
        parsed.flags.insert(name)
      case .option:
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw UsageError(
            command: spec.name, "The option '--\(name)' needs a value (\(argument.valueName)).")
        }
        if !argument.choices.isEmpty, !argument.choices.contains(value) {
          let list = argument.choices.joined(separator: ", ")
          throw UsageError(
            command: spec.name,
            "'\(value)' is not a value of '--\(name)'; expected one of: \(list).")
        }
        parsed.options[name] = value
      case .positional:
        break
      }
    }
    let declared = spec.positionals
    if positionalValues.count > declared.count {
      let extra = positionalValues[declared.count]
      throw UsageError(command: spec.name, "Unexpected argument '\(extra)'.")
    }
    for (argument, value) in zip(declared, positionalValues) {
      if !argument.choices.isEmpty, !argument.choices.contains(value) {
        let list = argument.choices.joined(separator: ", ")
        throw UsageError(
          command: spec.name,
          "'\(value)' is not a value of \(argument.valueName); expected one of: \(list).")
      }
      parsed.positionals[argument.name] = value
    }
    if parsed.wantsHelp { return parsed }
    for argument in spec.arguments where argument.isRequired && parsed[argument.name] == nil {
      let what =
        argument.kind == .positional
        ? "the argument \(argument.valueName)" : "'\(argument.synopsis)'"
      throw UsageError(command: spec.name, "Missing \(what).")
    }
    return parsed
  }

  /// "Unknown option", with the closest declared name when one is near.
  private static func unknownOptionMessage(_ name: String, spec: CommandSpec) -> String {
    let candidates = spec.arguments.filter { $0.kind != .positional }.map(\.name)
    if let close = Suggestion.closest(to: name, among: candidates + ["help"]) {
      return "Unknown option '--\(name)'. Did you mean '--\(close)'?"
    }
    return "Unknown option '--\(name)'."
  }
}
