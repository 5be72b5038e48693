import Folio
import Foundation

/// Reading the files a command is given: payloads (a file or `-` for standard input) and schema
/// files, with errors that name the file as the user typed it.
enum InputFile {
  /// The bytes of `path`, or of standard input when `path` is `-`.
  ///
  /// - Throws: ``CLIError`` (`unreadableFile`) naming the path and the reason.
  static func bytes(_ path: String, console: Console) throws -> [UInt8] {
    if path == "-" {
      do {
        return try console.readStandardInput()
      } catch {
        throw CLIError(.unreadableFile, "Cannot read standard input: \(error).", file: "<stdin>")
      }
    }
    let resolved = console.resolve(path)
    guard let data = FileManager.default.contents(atPath: resolved) else {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory)
      let reason =
        !exists
        ? "No such file; check the path (relative paths start at \(console.currentDirectory))."
        : isDirectory.boolValue ? "It is a directory; expected a JSON file." : "It is not readable."
      throw CLIError(.unreadableFile, "Cannot read '\(path)'. \(reason)", file: path)
    }
    return Array(data)
  }

  /// The size in bytes of the file `path`; 0 for standard input or a file that cannot be read.
  static func size(_ path: String, console: Console) -> Int {
    guard path != "-" else { return 0 }
    let attributes = try? FileManager.default.attributesOfItem(atPath: console.resolve(path))
    return (attributes?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// The parsed JSON of `path` (or standard input for `-`).
  ///
  /// - Throws: ``CLIError`` when the file cannot be read; `JSONError` naming the file, line and
  ///   column when it is not valid JSON.
  static func json(_ path: String, console: Console) throws -> JSONValue {
    let bytes = try bytes(path, console: console)
    let name = path == "-" ? "<stdin>" : path
    return try JSONParser.parse(bytes, options: JSONParser.Options(file: name))
  }

  /// The items of a payload file: a JSON array of objects (or `null`, an empty payload).
  ///
  /// - Throws: as ``json(_:console:)``, and ``CLIError`` (`invalidPayload`) when the top level
  ///   is not an array.
  static func payload(_ path: String, console: Console) throws -> JSONValue {
    let value = try json(path, console: console)
    switch value {
    case .array, .null: return value
    default:
      throw CLIError(
        .invalidPayload,
        "A payload must be a JSON array of objects; this file holds \(value.kindName). "
          + "Wrap a single record in [ ].",
        file: path == "-" ? "<stdin>" : path, line: 1, column: 1)
    }
  }
}
