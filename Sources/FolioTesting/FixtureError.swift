/// A fixture that is missing or malformed: a folder or file that does not exist, a
/// `scenario.json` member of the wrong shape, a store that breaks its invariants after a
/// scenario. The description says what and where.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, naming the file or folder.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
