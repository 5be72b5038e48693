/// The arguments of one command after parsing: flags that were given, option values and
/// positional values, all checked against the command's ``CommandSpec``.
struct ParsedArguments: Sendable, Hashable {
  /// The long names of the flags that were given.
  var flags: Set<String> = []
  /// The value of each option that was given (the last one wins when repeated).
  var options: [String: String] = [:]
  /// The positional values by argument name.
  var positionals: [String: String] = [:]
  /// Whether `--help` or `-h` was given.
  var wantsHelp = false

  /// Whether the flag `name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of option `name`, or `nil`.
  func option(_ name: String) -> String? { options[name] }

  /// The value of option or positional `name`; the parser already rejected a missing required
  /// argument, so `nil` only comes back for optional ones.
  subscript(name: String) -> String? { options[name] ?? positionals[name] }
}
