import Folio
import Foundation

/// `folio inspect`: what a store holds.
enum InspectCommand: Command {
  static let spec = CommandSpec(
    name: "inspect",
    abstract: "Show a store's entities, record counts, shards, sizes and generation, or where a record is.",
    discussion: """
      Opens the store read-only. Shards are the files in each entity's folder; sizes are bytes \
      on disk. With --entity and --record, prints the file and line that hold that record \
      (records are in identifier order across an entity's files; file names are hashes, never \
      identifiers).
      """,
    arguments: [
      .store,
      .option("entity", value: "NAME", help: "With --record: the record's entity."),
      .option(
        "record", value: "ID",
        help: "With --entity: the record's identifier (a composite one as a JSON array); prints its file and line."),
      .lenient, StoreAtRevision.argument, .json,
    ],
    examples: [
      "folio inspect --store company.folio", "folio inspect --store company.folio --json",
      "folio inspect --store company.folio --entity Employee --record 7",
    ])

  /// One entity's line.
  struct Row {
    var entity: String
    var records: Int
    var shards: Int
    var bytes: Int
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    try StoreAtRevision.run(arguments, console: console, runHere)
  }

  /// Runs the command on the store `--store` names (after `--at` has put it in place).
  static func runHere(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments["store"] ?? ""
    guard StoreAccess.exists(path, console: console) else {
      throw CLIError(.missingStore, "There is no store at '\(path)'; check the path.", file: path)
    }
    let directory = console.resolve(path)
    let store = try StoreAccess.openExisting(
      path, console: console,
      options: StoreOptions(validation: arguments.flag("lenient") ? .lenient : .strict, readOnly: true))
    StoreAccess.warnLeftOut(store, path: path, console: console)
    if let text = arguments["record"] {
      return try record(text, of: try StoreAccess.entity(arguments["entity"], in: store.schema, named: path), in: store, path: path, arguments, console)
    }
    let rows = store.schema.entities.map { entity in
      let files = shardFiles(in: directory + "/" + entity.name)
      return Row(
        entity: entity.name, records: store.state.count(entity.name), shards: files.count,
        bytes: files.reduce(0) { $0 + $1.bytes })
    }
    if arguments.flag("json") {
      let result: JSONValue = [
        "store": .string(path), "generation": .int(Int64(store.generation)),
        "schemaFingerprint": .string(store.schema.fingerprint),
        "entities": .array(
          rows.map {
            [
              "name": .string($0.entity), "records": .int(Int64($0.records)),
              "shards": .int(Int64($0.shards)), "bytes": .int(Int64($0.bytes)),
            ]
          }),
      ]
      console.out(JSONWriter.string(result, style: .pretty))
      return ExitStatus.success
    }
    var out =
      "\(path): generation \(store.generation), schema \(store.schema.fingerprint.prefix(12))\n"
    var table: [[String]] = [["ENTITY", "RECORDS", "SHARDS", "BYTES"]]
    for row in rows {
      table.append([row.entity, String(row.records), String(row.shards), String(row.bytes)])
    }
    var widths = [0, 0, 0, 0]
    for row in table {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    for row in table {
      var line = " "
      for (column, cell) in row.enumerated() {
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        line += column == 0 ? " " + cell + pad : "  " + pad + cell
      }
      out += line + "\n"
    }
    console.out(out)
    return ExitStatus.success
  }

  /// Prints the file and line of one record.
  static func record(
    _ text: String, of entity: String, in store: Store, path: String, _ arguments: ParsedArguments, _ console: Console
  ) throws -> Int32 {
    let id = try StoreAccess.identifier(text, of: entity, in: store.schema)
    guard let location = try store.location(of: entity, id) else {
      throw CLIError(.recordNotFound, "\(entity) \(id) is not in the store's files.")
    }
    let file = (path.hasSuffix("/") ? path : path + "/") + location.file
    if arguments.flag("json") {
      let result: JSONValue = [
        "entity": .string(entity), "id": id.jsonValue, "file": .string(file),
        "line": .int(Int64(location.line)), "pointer": .string(location.pointer),
      ]
      console.out(JSONWriter.string(result, style: .pretty))
    } else {
      console.out("\(entity) \(id): \(file):\(location.line) (at \(location.pointer))\n")
    }
    return ExitStatus.success
  }

  /// The JSON files directly in `folder`, with their sizes.
  static func shardFiles(in folder: String) -> [(name: String, bytes: Int)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { name in
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      return (name, (attributes?[.size] as? NSNumber)?.intValue ?? 0)
    }
  }
}
