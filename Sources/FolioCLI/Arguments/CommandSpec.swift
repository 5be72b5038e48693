/// The declared interface of one command: its name, what it does, the arguments it takes and
/// examples. The parser and the `--help` text are both derived from it, so they cannot disagree.
struct CommandSpec: Sendable {
  /// The command's name, as typed after `folio`.
  var name: String
  /// One line saying what the command does.
  var abstract: String
  /// Further paragraphs for `--help`.
  var discussion: String
  /// Options, flags and positional arguments, in help order.
  var arguments: [ArgumentSpec]
  /// Example invocations shown in `--help`.
  var examples: [String]

  /// Creates a command spec; `--help` is added by the parser.
  init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec],
    examples: [String] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.examples = examples
  }

  /// The option or flag whose long name is `name`.
  func named(_ name: String) -> ArgumentSpec? {
    arguments.first { $0.kind != .positional && $0.name == name }
  }

  /// The positional arguments, in order.
  var positionals: [ArgumentSpec] { arguments.filter { $0.kind == .positional } }
}

/// One argument of a command: a flag (`--dry-run`), an option with a value (`--store DIR`) or a
/// positional argument (`PAYLOAD`).
struct ArgumentSpec: Sendable, Hashable {
  /// What kind of argument it is.
  enum Kind: Sendable, Hashable {
    /// A switch without a value.
    case flag
    /// A named option followed by a value.
    case option
    /// A value given by position.
    case positional
  }

  /// The long name without dashes (`store`), or the positional's name.
  var name: String
  /// The kind of argument.
  var kind: Kind
  /// The placeholder for the value in help (`DIR`).
  var valueName: String
  /// One sentence for `--help`.
  var help: String
  /// Whether the argument must be given.
  var isRequired: Bool
  /// For an option or a positional, the values it accepts; empty means any.
  var choices: [String]

  /// A flag: `--name`.
  static func flag(_ name: String, help: String) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .flag, valueName: "", help: help, isRequired: false, choices: [])
  }

  /// An option: `--name VALUE`.
  static func option(
    _ name: String, value: String, help: String, required: Bool = false, choices: [String] = []
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .option, valueName: value, help: help, isRequired: required,
      choices: choices)
  }

  /// A positional argument; `choices`, when given, are the only values it accepts.
  static func positional(
    _ name: String, help: String, required: Bool = true, choices: [String] = []
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .positional, valueName: name, help: help, isRequired: required,
      choices: choices)
  }

  /// How the argument is written in help (`--store DIR`, `--json`, `PAYLOAD`).
  var synopsis: String {
    switch kind {
    case .flag: return "--\(name)"
    case .option: return "--\(name) \(valueName)"
    case .positional: return valueName
    }
  }
}

extension ArgumentSpec {
  /// `--store DIR`, required.
  static let store = ArgumentSpec.option(
    "store", value: "DIR", help: "The store directory (for example company.folio).", required: true)
  /// `--schema FILE`, for a store that has no schema yet.
  static let schema = ArgumentSpec.option(
    "schema", value: "FILE",
    help: "A JSON schema file: creates the store when it does not exist yet; for an existing store, a change that needs no migration (a new entity, a new optional attribute, …) is applied.")
  /// `--entity NAME`, required.
  static let entity = ArgumentSpec.option(
    "entity", value: "NAME", help: "The entity to work on (for example Employee).",
    required: true)
  /// `--lenient`, for commands that only read.
  static let lenient = ArgumentSpec.flag(
    "lenient",
    help: "Skip records that cannot be read (each is reported on standard error) instead of refusing the store.")
  /// `--json`.
  static let json = ArgumentSpec.flag("json", help: "Print machine-readable JSON instead of text, errors too.")
}
