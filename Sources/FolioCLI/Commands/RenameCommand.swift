import Folio

/// `folio rename`: give a record another identifier and re-point every link to it.
enum RenameCommand: Command {
  static let spec = CommandSpec(
    name: "rename",
    abstract: "Give a record another identifier and re-point every link to it, in one commit.",
    discussion: """
      Changes the identifier attributes of the record, and every record that links it (through \
      either side of a relationship, or a relationship without an inverse) links the new \
      identifier instead. Refused, with nothing written, when a record with the new identifier \
      exists. A composite identifier is given as a JSON array. (A sync or an update never \
      changes an identifier: an item with another identifier is another record.)
      """,
    arguments: [
      .store, .entity,
      .option("from", value: "ID", help: "The record's identifier now.", required: true),
      .option("to", value: "ID", help: "Its new identifier.", required: true),
      .json,
    ],
    examples: ["folio rename --store company.folio --entity Department --from 5 --to 50"])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments["store"] ?? ""
    let store = try StoreAccess.open(arguments, console: console)
    let entity = try StoreAccess.entity(arguments["entity"], in: store.schema, named: path)
    let old = try StoreAccess.identifier(arguments["from"] ?? "", of: entity, in: store.schema)
    let new = try StoreAccess.identifier(arguments["to"] ?? "", of: entity, in: store.schema)
    let links = try StoreAccess.relocatingErrors(to: path) { try store.rename(entity, from: old, to: new) }
    if arguments.flag("json") {
      let result: JSONValue = [
        "store": .string(path), "entity": .string(entity), "from": old.jsonValue, "to": new.jsonValue,
        "linksRepointed": .int(Int64(links)), "generation": .int(Int64(store.generation)),
      ]
      console.out(JSONWriter.string(result, style: .pretty))
    } else {
      let count = links == 1 ? "1 link" : "\(links) links"
      console.out("Renamed \(entity) \(old) to \(new) in \(path) (generation \(store.generation)); \(count) re-pointed.\n")
    }
    return ExitStatus.success
  }
}
