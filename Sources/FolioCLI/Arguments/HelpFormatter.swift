/// Renders `--help` text from a ``CommandSpec``: overview, usage, arguments, options, examples.
enum HelpFormatter {
  /// The width help lines are wrapped to.
  static let width = 96

  /// The full help of one command.
  static func help(for spec: CommandSpec) -> String {
    var out = "OVERVIEW: \(spec.abstract)\n"
    if !spec.discussion.isEmpty {
      out += "\n" + wrap(spec.discussion, indent: 0) + "\n"
    }
    out += "\nUSAGE: \(usage(for: spec))\n"
    let positionalRows = spec.positionals.map { ($0.valueName, helpWithChoices($0)) }
    var optionRows = spec.arguments.filter { $0.kind != .positional }.map { argument in
      (argument.synopsis, helpWithChoices(argument))
    }
    optionRows.append(("-h, --help", "Show this help."))
    let column = columnWidth(positionalRows + optionRows)
    if !positionalRows.isEmpty {
      out += "\nARGUMENTS:\n" + rows(positionalRows, column: column)
    }
    out += "\nOPTIONS:\n" + rows(optionRows, column: column)
    if !spec.examples.isEmpty {
      out += "\nEXAMPLES:\n"
      for example in spec.examples { out += "  \(example)\n" }
    }
    return out
  }

  /// The argument's help, then the values it accepts when it has choices.
  static func helpWithChoices(_ argument: ArgumentSpec) -> String {
    guard !argument.choices.isEmpty else { return argument.help }
    return argument.help + " One of: \(argument.choices.joined(separator: ", "))."
  }

  /// One line: `folio NAME` with required options, `[options]` and the positionals.
  static func usage(for spec: CommandSpec) -> String {
    var words = ["folio", spec.name]
    for argument in spec.arguments where argument.kind != .positional && argument.isRequired {
      words.append(argument.synopsis)
    }
    if spec.arguments.contains(where: { $0.kind != .positional && !$0.isRequired }) {
      words.append("[options]")
    }
    for argument in spec.positionals {
      words.append(argument.isRequired ? argument.valueName : "[\(argument.valueName)]")
    }
    return words.joined(separator: " ")
  }

  /// The column where help text starts for `rows`: after the longest name, at most 28.
  static func columnWidth(_ rows: [(String, String)]) -> Int {
    min((rows.map(\.0.count).max() ?? 0) + 4, 28)
  }

  /// Two columns: the name padded to `column`, then its wrapped help.
  static func rows(_ rows: [(String, String)], column: Int? = nil) -> String {
    let column = column ?? columnWidth(rows)
    var out = ""
    for (name, help) in rows {
      let head = "  " + name
      let text = wrap(help, indent: column)
      if head.count + 2 <= column {
        out += head + String(repeating: " ", count: column - head.count)
        out += text.dropFirst(column) + "\n"
      } else {
        out += head + "\n" + text + "\n"
      }
    }
    return out
  }

  /// `text` wrapped at ``width`` with every line indented by `indent` spaces.
  static func wrap(_ text: String, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var paragraphs: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var lines: [String] = []
      var line = ""
      for word in paragraph.split(separator: " ") {
        if !line.isEmpty, indent + line.count + 1 + word.count > width {
          lines.append(pad + line)
          line = ""
        }
        line += line.isEmpty ? String(word) : " " + word
      }
      lines.append(pad + line)
      paragraphs.append(lines.joined(separator: "\n"))
    }
    return paragraphs.joined(separator: "\n")
  }
}
