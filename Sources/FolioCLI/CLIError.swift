/// A failure found by the tool itself (a missing file, a payload that is not an array, a sync
/// refused by the mass-delete guard), rendered like the library's errors:
/// `file:line:column: error: message [code]`.
struct CLIError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, as an extensible set of codes.
  struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    let rawValue: String
    /// Creates a code.
    init(_ rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    var description: String { rawValue }

    /// A file could not be read.
    static let unreadableFile = Code("unreadableFile")
    /// A payload was not a JSON array of objects.
    static let invalidPayload = Code("invalidPayload")
    /// The store does not exist and no schema was given to create it.
    static let missingStore = Code("missingStore")
    /// The store already exists.
    static let storeExists = Code("storeExists")
    /// The sync would delete more than half of its scope.
    static let massDelete = Code("massDelete")
    /// The entity is not in the schema.
    static let unknownEntity = Code("unknownEntity")
    /// A query expression or sort key could not be used.
    static let invalidQuery = Code("invalidQuery")
    /// A plan file that cannot be read.
    static let invalidPlan = Code("invalidPlan")
    /// A saved plan no longer matches the store.
    static let stalePlan = Code("stalePlan")
    /// The store has problems (`folio check`).
    static let checkFailed = Code("checkFailed")
    /// A record named on the command line is not in the store.
    static let recordNotFound = Code("recordNotFound")
    /// An option's value cannot be used.
    static let invalidValue = Code("invalidValue")
    /// git holds unmerged entries for store files (an unfinished merge, rebase or cherry-pick):
    /// writing would commit one side's content over the other's.
    static let unfinishedMerge = Code("unfinishedMerge")
  }

  /// What went wrong.
  var code: Code
  /// What was expected and how to fix it.
  var message: String
  /// The file concerned, as the user named it.
  var file: String?
  /// The line in ``file`` (1-based).
  var line: Int?
  /// The column in ``line`` (1-based).
  var column: Int?
  /// The JSON pointer of the value concerned.
  var pointer: String?
  /// Further problems printed under the first, each located on its own line (`file:line:column:
  /// note: …`), for an error that stands for several (items rejected under --all-or-nothing).
  var notes: [Note] = []

  /// One further problem of an error that stands for several, with its own location.
  struct Note: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with this one.
    var message: String
    /// The file concerned, as the user named it.
    var file: String
    /// The line in ``file`` (1-based), when known.
    var line: Int?
    /// The column in ``line`` (1-based), when known.
    var column: Int?
    /// The JSON pointer of the value concerned.
    var pointer: String?

    /// `file:line:column: note: message (at pointer)`.
    var description: String {
      var text = file
      if let line, let column { text += ":\(line):\(column)" }
      text += ": note: \(message)"
      if let pointer { text += " (at \(pointer))" }
      return text
    }
  }

  /// Creates an error.
  init(
    _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
    pointer: String? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.line = line
    self.column = column
    self.pointer = pointer
  }

  /// `file:line:column: error: message (at pointer) [code]`, then the ``notes``, one a line.
  var description: String {
    var location = ""
    if let file {
      location = file
      if let line { location += ":\(line)" }
      if let column { location += ":\(column)" }
      location += ": "
    }
    var text = "\(location)error: \(message)"
    if let pointer { text += " (at \(pointer))" }
    text += " [\(code)]"
    for note in notes { text += "\n" + note.description }
    return text
  }
}
