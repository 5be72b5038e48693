import Folio

/// A failure as `--json` prints it: one JSON object on standard output, so a script reads the
/// result or the error from the same stream, with the same members for every kind of error.
///
/// ```json
/// {
///   "error": {
///     "code": "unexpectedCharacter",
///     "message": "expected a value",
///     "file": "bad.json",
///     "line": 3,
///     "column": 5,
///     "pointer": null,
///     "notes": []
///   }
/// }
/// ```
///
/// `file`, `line`, `column` and `pointer` are `null` when unknown. An error that stands for
/// several problems (a schema file's, a store's, items rejected under `--all-or-nothing`) gives
/// the first or a summary at the top and the others under `notes`, each an object with the same
/// members (`code` is `null` for a rejected item: its message ends with its code).
struct ErrorView: Sendable, Hashable {
  var code: String?
  var message: String
  var file: String?
  var line: Int?
  var column: Int?
  var pointer: String?
  var notes: [ErrorView] = []

  /// The view with the library's advice said the command line's way (``CLIWording``).
  var inCLIWords: ErrorView {
    var view = self
    view.message = CLIWording.apply(message)
    view.notes = notes.map(\.inCLIWords)
    return view
  }

  /// The code `usage` for a usage error (exit status 2).
  static let usageCode = "usage"

  /// The view of `error`, whatever its type.
  init(_ error: any Error) {
    switch error {
    case let error as CLIError:
      self.init(
        code: error.code.rawValue, message: error.message, file: error.file, line: error.line,
        column: error.column, pointer: error.pointer)
      notes = error.notes.map { note in
        ErrorView(
          code: nil, message: note.message, file: note.file, line: note.line, column: note.column,
          pointer: note.pointer)
      }
    case let error as UsageError:
      self.init(code: Self.usageCode, message: error.description)
    case let error as JSONError:
      self.init(
        code: error.code.rawValue, message: error.message, file: error.file, line: error.line,
        column: error.column)
    case let error as StoreError:
      self.init(error)
    case let error as StoreValidationError:
      self.init(several: error.problems.map(ErrorView.init(_:)))
    case let error as SchemaError:
      self.init(
        several: error.problems.map { problem in
          ErrorView(
            code: problem.code.rawValue, message: problem.message, file: error.file,
            line: problem.line, column: problem.column, pointer: problem.pointer)
        })
    case let error as SyncError:
      self.init(code: error.code.rawValue, message: error.message, pointer: error.pointer)
    case let error as OptionError:
      self.init(error)
    case let error as QueryError:
      self.init(code: error.code.rawValue, message: error.message)
    case let error as ShardMergeError:
      self.init(
        code: error.code.rawValue, message: error.message, line: error.line, column: error.column,
        pointer: error.pointer)
    case let error as CoercionError:
      self.init(code: error.code.rawValue, message: error.description)
    case let error as RecordCodingError:
      self.init(code: error.code.rawValue, message: error.description)
    default:
      self.init(code: nil, message: String(describing: error))
    }
  }

  /// A view from its members.
  init(
    code: String?, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
    pointer: String? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.line = line
    self.column = column
    self.pointer = pointer
  }

  /// A store error, with its file, line, column and pointer.
  private init(_ error: StoreError) {
    self.init(
      code: error.code.rawValue, message: error.message, file: error.file, line: error.line,
      column: error.column, pointer: error.pointer)
  }

  /// An option's bad value, named as a file called after the option (`--where`), with the
  /// column of the fault when the library knows it.
  private init(_ error: OptionError) {
    self.init(error.underlying)
    file = "--\(error.option)"
    if let query = error.underlying as? QueryError, let offset = query.offset {
      line = 1
      column = offset + 1
    }
  }

  /// The first of `problems` at the top, the others as notes.
  private init(several problems: [ErrorView]) {
    self = problems.first ?? ErrorView(code: nil, message: "unknown error")
    notes = Array(problems.dropFirst())
  }

  /// The members as a JSON object, unknown ones `null`.
  var members: JSONValue {
    .object([
      "code": code.map(JSONValue.string) ?? .null,
      "message": .string(message),
      "file": file.map(JSONValue.string) ?? .null,
      "line": line.map { .int(Int64($0)) } ?? .null,
      "column": column.map { .int(Int64($0)) } ?? .null,
      "pointer": pointer.map(JSONValue.string) ?? .null,
      "notes": .array(notes.map(\.members)),
    ])
  }

  /// `{"error": {…}}`, the whole document `--json` prints for a failure.
  var json: JSONValue { .object(["error": members]) }
}
