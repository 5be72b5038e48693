import Folio
import Foundation

/// Reading the files a command is given: payloads (a file or `-` for standard input) and schema
/// files, with errors that name the file as the user typed it.
enum InputFile {
  /// The bytes of `path`, or of standard input when `path` is `-`, refused when longer than
  /// ``Console/maximumInputBytes``: a file by its size before any of it is read, standard input
  /// as soon as more than the limit has arrived.
  ///
  /// - Throws: ``CLIError`` (`unreadableFile`) naming the path and the reason; `JSONError`
  ///   (`tooLarge`) naming the file when it is over the limit.
  static func bytes(_ path: String, console: Console, progress: ProgressBar? = nil) throws -> [UInt8] {
    let limit = console.maximumInputBytes
    if path == "-" {
      let bytes: [UInt8]
      do {
        bytes = try console.readStandardInput(limit + 1)
      } catch {
        throw CLIError(.unreadableFile, "Cannot read standard input: \(error).", file: "<stdin>")
      }
      guard bytes.count <= limit else {
        throw JSONError.documentTooLarge(limit: limit, file: "<stdin>")
      }
      return bytes
    }
    let resolved = console.resolve(path)
    let descriptor = open(resolved, O_RDONLY)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT || errno == ENOTDIR
        ? "No such file; check the path (relative paths start at \(console.currentDirectory))."
        : "It is not readable (\(String(cString: strerror(errno))))."
      throw CLIError(.unreadableFile, "Cannot read '\(path)'. \(reason)", file: path)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw CLIError(
        .unreadableFile, "Cannot read '\(path)'. \(String(cString: strerror(errno))).", file: path)
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw CLIError(
        .unreadableFile, "Cannot read '\(path)'. It is a directory; expected a JSON file.", file: path)
    }
    // A regular file's size is known: refuse it before reading a byte. (Other files — pipes,
    // devices — report no useful size and are read up to the limit.)
    if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
      throw JSONError.documentTooLarge(limit: limit, file: path)
    }
    let bytes: [UInt8]
    do {
      let total = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
      bytes = try read(descriptor: descriptor, atMost: limit + 1, expected: total) { count in
        progress?.update("reading \(path)", completed: count, total: total, unit: .bytes)
      }
    } catch {
      throw CLIError(.unreadableFile, "Cannot read '\(path)'. \(error).", file: path)
    }
    guard bytes.count <= limit else { throw JSONError.documentTooLarge(limit: limit, file: path) }
    return bytes
  }

  /// An error of `read(2)`, described by the system.
  struct ReadError: Error, CustomStringConvertible {
    let number: Int32
    var description: String { String(cString: strerror(number)) }
  }

  /// Reads `descriptor` in chunks of 1 MiB to its end, or until `atMost` bytes have arrived:
  /// a caller that asks for one byte more than its limit learns that the input is too long
  /// without reading the rest.
  ///
  /// - Throws: ``ReadError`` when `read(2)` fails other than by an interruption.
  /// `read` is told the number of bytes read so far after each chunk; `expected` (a regular
  /// file's size) reserves the array at once, so the file is not copied as the array grows.
  static func read(
    descriptor: Int32, atMost limit: Int, expected: Int = 0, read: (Int) -> Void = { _ in }
  ) throws -> [UInt8] {
    let chunkSize = 1 << 20
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(expected, limit))
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while bytes.count < limit {
      let wanted = min(chunkSize, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(number: errno)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      read(bytes.count)
    }
    return bytes
  }

  /// The parsed JSON of `path` (or standard input for `-`).
  ///
  /// - Throws: ``CLIError`` when the file cannot be read; `JSONError` naming the file, line and
  ///   column when it is not valid JSON.
  static func json(_ path: String, console: Console) throws -> JSONValue {
    try JSONParser.parse(bytes(path, console: console), options: parserOptions(path, console: console))
  }

  /// The parser options for the file `path`: errors name it (`<stdin>` for `-`), and documents
  /// longer than ``Console/maximumInputBytes`` are refused.
  static func parserOptions(_ path: String, console: Console) -> JSONParser.Options {
    var options = JSONParser.Options(file: path == "-" ? "<stdin>" : path)
    options.maxDocumentBytes = console.maximumInputBytes
    return options
  }

  /// `value` when it is an array, an object or `null`, what a sync takes.
  ///
  /// - Throws: ``CLIError`` (`invalidPayload`) naming `path` for another kind of value.
  private static func check(_ value: JSONValue, _ path: String) throws -> JSONValue {
    switch value {
    case .array, .object, .null: return value
    default:
      throw CLIError(
        .invalidPayload,
        "A payload must be a JSON array of objects, a single object or null; this file holds "
          + "\(value.kindName).",
        file: path == "-" ? "<stdin>" : path, line: 1, column: 1)
    }
  }

  /// A payload file read but not parsed: the sync parses it as it plans (a top-level array is
  /// parsed a chunk at a time beside the planner), which is faster and smaller than a tree.
  struct PayloadText {
    /// The file's bytes.
    var bytes: [UInt8]
    /// The parser's options: the file name its errors give, the size limit.
    var parserOptions: JSONParser.Options
  }

  /// The bytes of the payload file `path` (or standard input for `-`), reporting the reading to
  /// `progress`.
  ///
  /// The text is a JSON array of objects, a single object (one item, which the sync treats
  /// without delete-missing, D9), or `null` (an empty payload). A file that is a pipe or a FIFO
  /// is read as a stream, in chunks, up to ``Console/maximumInputBytes``; the bytes are kept, so
  /// errors are located without reading the file again.
  ///
  /// - Throws: as ``bytes(_:console:progress:)``; and, when the text does not start like an
  ///   array, an object or `null`, the located `JSONError` of a whole parse, or ``CLIError``
  ///   `invalidPayload` for another kind of value.
  static func payloadText(_ path: String, console: Console, progress: ProgressBar?) throws
    -> PayloadText
  {
    let bytes = try bytes(path, console: console, progress: progress)
    let options = parserOptions(path, console: console)
    let first = bytes.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    // `[`, `{` or `n`: what a sync takes; anything else gets the located error of a whole parse.
    if first != UInt8(ascii: "["), first != UInt8(ascii: "{"), first != UInt8(ascii: "n") {
      _ = try check(JSONParser.parse(bytes, options: options), path)
    }
    return PayloadText(bytes: bytes, parserOptions: options)
  }

  /// A payload file the sync reads itself, a block at a time (`Store.plan(contentsOf:)`), so
  /// the command never holds its whole text.
  struct PayloadFile {
    /// The path as the user typed it, for messages.
    var path: String
    /// The path to read.
    var resolved: String
    /// The parser's options: the file name its errors give, the size limit.
    var parserOptions: JSONParser.Options
  }

  /// The payload file `path` to stream, or `nil` when it is to be read whole with
  /// ``payloadText(_:console:progress:)``: standard input, anything but a readable regular file
  /// within ``Console/maximumInputBytes``, or text that does not start with `[` (those paths give
  /// the errors and the treatment of single objects and `null` they always have).
  static func payloadFile(_ path: String, console: Console) -> PayloadFile? {
    guard path != "-" else { return nil }
    let resolved = console.resolve(path)
    // Looked at before it is opened: opening a FIFO would wait for, then take, its writer.
    var status = stat()
    guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) <= console.maximumInputBytes
    else { return nil }
    let descriptor = open(resolved, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // The first byte that is not whitespace, within the first 64 KiB.
    guard let head = try? read(descriptor: descriptor, atMost: 64 << 10),
      head.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[")
    else { return nil }
    return PayloadFile(path: path, resolved: resolved, parserOptions: parserOptions(path, console: console))
  }
}
