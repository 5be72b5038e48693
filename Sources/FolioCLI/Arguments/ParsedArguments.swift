/// The arguments of one command after parsing: flags that were given, option values and
/// positional values, all checked against the command's ``CommandSpec``.
public struct ParsedArguments: Sendable, Hashable {
  /// The long names of the flags that were given.
  public var flags: Set<String> = []
  /// The value of each option that was given (the last one wins when repeated).
  public var options: [String: String] = [:]
  /// The positional values by argument name.
  public var positionals: [String: String] = [:]
  /// Whether `--help` or `-h` was given.
  public var wantsHelp = false

  /// Whether the flag `name` was given.
  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of option `name`, or `nil`.
  public func option(_ name: String) -> String? { options[name] }

  /// The value of option or positional `name`; the parser already rejected a missing required
  /// argument, so `nil` only comes back for optional ones.
  public subscript(name: String) -> String? { options[name] ?? positionals[name] }
}
