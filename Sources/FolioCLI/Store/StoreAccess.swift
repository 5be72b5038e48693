import Folio
import Foundation

/// Opening the store a command names with `--store`, creating it from `--schema` when allowed,
/// and checking the entity it names.
enum StoreAccess {
  /// Reads and validates the schema file `path` (as typed by the user).
  ///
  /// - Throws: ``CLIError`` when the file cannot be read; `SchemaError` naming the file, line,
  ///   column and JSON pointer of every problem.
  static func schema(file path: String, console: Console) throws -> Schema {
    let bytes = try InputFile.bytes(path, console: console)
    return try Schema(fileBytes: bytes, file: path)
  }

  /// Whether a store directory exists at `path`.
  static func exists(_ path: String, console: Console) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: console.resolve(path), isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Whether the store at `path` is in format 1 (a `manifest.json` beside its schema): opening
  /// it for writing upgrades it.
  static func isFormat1(_ path: String, console: Console) -> Bool {
    FileManager.default.fileExists(atPath: console.resolve(path) + "/manifest.json")
  }

  /// Whether opening the existing store the arguments name for writing writes to it before
  /// anything else: an upgrade from format 1, or a `--schema` that differs from the store's own
  /// copy (the change is applied on open). An unreadable schema file counts as writing: the
  /// open then reports it.
  static func openWrites(_ arguments: ParsedArguments, console: Console) -> Bool {
    let path = arguments["store"] ?? ""
    if isFormat1(path, console: console) { return true }
    guard let schemaFile = arguments["schema"] else { return false }
    let stored = console.resolve(path) + "/schema.json"
    // Never read through a link inside the store: the open refuses it (specialFile).
    guard (try? FileManager.default.attributesOfItem(atPath: stored))?[.type] as? FileAttributeType == .typeRegular,
      let given = try? schema(file: schemaFile, console: console),
      let bytes = FileManager.default.contents(atPath: stored),
      let stored = try? Schema(fileBytes: Array(bytes))
    else { return true }
    return given.fileValue != stored.fileValue
  }

  /// Removes the store at `path` that this command created, after the sync it was created for
  /// failed: the failed command then leaves nothing behind.
  static func remove(_ path: String, console: Console) {
    try? FileManager.default.removeItem(atPath: console.resolve(path))
  }

  /// The store at `--store`. When it does not exist and `creating` is set, it is created from
  /// `--schema`; when it exists, a `--schema` given too is the schema to open it with: a change
  /// the library applies without a migration (a new entity, a new optional attribute, …) is
  /// applied, anything else is refused with the list of differences. A `readOnly` store takes
  /// no lock, so reading commands run beside a writer.
  ///
  /// - Throws: ``CLIError`` (`missingStore`) or the library's errors naming the file at fault
  ///   (`schemaMismatch` listing the differences). A store that did not exist is only created
  ///   once the schema is valid.
  static func open(
    _ arguments: ParsedArguments, console: Console, creating: Bool = false, readOnly: Bool = false
  ) throws -> Store {
    if !readOnly { try refuseUnfinishedMerge(of: arguments["store"] ?? "", console: console) }
    let store = try openStore(arguments, console: console, creating: creating, readOnly: readOnly)
    // The `folio` process exits when the command returns: every record of a large store freed
    // one release at a time would only delay that (0.2–0.5 s at 100k records).
    if console.keepsResultsUntilExit { KeptUntilExit.keep(store) }
    // `--lenient` (reading commands): the records left out are reported, the command goes on.
    warnLeftOut(store, path: arguments["store"] ?? "", console: console)
    return store
  }

  /// Throws when git holds unmerged entries for files of the store at `path`: a writer would
  /// commit what git left (perhaps one side only) over the other side's edits.
  ///
  /// - Throws: ``CLIError`` (`unfinishedMerge`) naming the first unmerged file. Nothing is
  ///   written.
  static func refuseUnfinishedMerge(of path: String, console: Console) throws {
    guard exists(path, console: console), let merge = UnfinishedMerge.find(store: console.resolve(path)),
      let first = merge.files.first
    else { return }
    let others = merge.files.count > 1 ? " (and \(merge.files.count - 1) more)" : ""
    throw CLIError(
      .unfinishedMerge,
      "git has not recorded this store file as merged\(others); resolve the merge (edit the file, then git add it, or abort the \(merge.operation ?? "merge")) before writing to the store",
      file: (path.hasSuffix("/") ? path : path + "/") + first)
  }

  /// Prints each problem a lenient open left out, with the store's path in front of its file.
  static func warnLeftOut(_ store: Store, path: String, console: Console) {
    for problem in store.loadProblems {
      console.err("warning: left out: " + located(problem, in: path).description + "\n")
    }
  }

  private static func openStore(
    _ arguments: ParsedArguments, console: Console, creating: Bool, readOnly: Bool
  ) throws -> Store {
    let validation: StoreOptions.Validation = readOnly && arguments.flag("lenient") ? .lenient : .strict
    let path = arguments["store"] ?? ""
    let schemaFile = arguments["schema"]
    if !exists(path, console: console) {
      guard creating, let schemaFile else {
        let how =
          creating
          ? "Pass --schema FILE to create it."
          : "Create it with 'folio init --store \(path) --schema FILE' or 'folio sync … --schema FILE'."
        throw CLIError(.missingStore, "There is no store at '\(path)'. \(how)", file: path)
      }
      let schema = try schema(file: schemaFile, console: console)
      return try relocatingErrors(to: path) {
        try Store(directory: console.resolve(path), schema: schema)
      }
    }
    guard let schemaFile else {
      return try openExisting(path, console: console, options: StoreOptions(validation: validation, readOnly: readOnly))
    }
    let given = try schema(file: schemaFile, console: console)
    return try relocatingErrors(to: path) {
      try Store(directory: console.resolve(path), schema: given, options: StoreOptions(validation: validation, readOnly: readOnly))
    }
  }

  /// `name` if the schema has such an entity.
  ///
  /// - Parameter source: what the error names as its file: the store (or schema file) the
  ///   `--entity` option is checked against, or the plan file the name was read from.
  /// - Throws: ``CLIError`` (`unknownEntity`) listing the entities there are.
  static func entity(_ name: String?, in schema: Schema, named source: String) throws -> String {
    let name = name ?? ""
    guard schema.entity(named: name) != nil else {
      let known = schema.entities.map(\.name).joined(separator: ", ")
      throw CLIError(
        .unknownEntity, "The schema has no entity '\(name)'; it has: \(known).", file: source)
    }
    return name
  }

  /// Opens the existing store at `path` with its own schema copy.
  ///
  /// - Throws: the library's errors, with file names inside the store prefixed by `path`.
  static func openExisting(_ path: String, console: Console, options: StoreOptions) throws -> Store
  {
    try relocatingErrors(to: path) {
      try Store.open(directory: console.resolve(path), options: options)
    }
  }

  /// Runs `body`, turning the store-relative file names of its errors (`Employee/0000.json`)
  /// into paths the user can open (`company.folio/Employee/0000.json`).
  static func relocatingErrors<T>(to path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as StoreError {
      throw located(error, in: path)
    } catch let error as StoreValidationError {
      throw StoreValidationError(problems: error.problems.map { located($0, in: path) })
    }
  }

  /// `error` with the store's path in front of the store-relative file it names.
  static func located(_ error: StoreError, in path: String) -> StoreError {
    var error = error
    if let file = error.file, !file.hasPrefix("/") { error.file = (path.hasSuffix("/") ? path : path + "/") + file }
    return error
  }
  /// `text` as an identifier of `entity`: a number for an int identifier, the text itself (or a
  /// JSON string, `"sk-3"`, read as JSON) for a string one, a JSON array for a composite one.
  static func identifier(_ text: String, of entity: String, in schema: Schema) throws -> RecordID {
    let attributes = schema.entity(named: entity).map { entity in entity.identifiers.compactMap(entity.attribute(named:)) } ?? []
    let parts: [String]
    if attributes.count > 1 {
      guard case .array(let items)? = try? JSONParser.parse(text), items.count == attributes.count else {
        throw CLIError(.invalidValue, "\(entity) has a composite identifier; give --record as a JSON array of \(attributes.count) values.")
      }
      parts = items.map { $0.stringValue ?? JSONWriter.string($0) }
    } else if attributes.first?.type != .int, text.hasPrefix("\"") {
      // A string identifier written as JSON ('"sk-3"'), as a shell user quotes it.
      guard case .string(let string)? = try? JSONParser.parse(Array(text.utf8)) else {
        throw CLIError(
          .invalidValue,
          "'\(text)' starts with a double quote but is not a JSON string; give the identifier bare (sk-3) or as a JSON string (\"sk-3\"), with any quote inside it escaped.")
      }
      parts = [string]
    } else {
      parts = [text]
    }
    var components: [RecordID] = []
    for (attribute, part) in zip(attributes, parts) {
      if attribute.type == .int {
        guard let value = Int64(part) else {
          throw CLIError(.invalidValue, "\(entity).\(attribute.name) is an integer identifier; '\(part)' is not an integer.")
        }
        components.append(.int(value))
      } else {
        components.append(.string(part))
      }
    }
    return components.count == 1 ? components[0] : .composite(components)
  }

}
