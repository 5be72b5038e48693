/// The arguments shared by `folio sync` and `folio plan`: what to sync where, and the sync
/// options as flags.
enum SyncFlags {
  /// `--no-insert`, `--no-update`, … in help order.
  static let options: [ArgumentSpec] = [
    .flag("no-insert", help: "Do not insert records missing from the store."),
    .flag("no-update", help: "Do not update records that exist."),
    .flag("no-delete", help: "Do not delete stored records missing from the payload."),
    .flag("force-insert", help: "Insert every item without matching stored records."),
    .flag("force-update", help: "Update matched records even when a should-update rule declines."),
    .flag(
      "all-or-nothing",
      help: "Fail the whole sync, writing nothing, if any item is rejected; every rejection is "
        + "listed with its location."),
    .option(
      "scope", value: "EXPR",
      help: "Only records matching EXPR may be deleted as missing (for example "
        + "\"department == 2\")."),
    .option(
      "parent", value: "ENTITY:ID:REL",
      help: "Sync the items as the children of one record through its to-many relationship REL "
        + "(for example Project:42:tasks): stored items are linked to it, and only its current "
        + "children may be deleted as missing. The ID is everything between the first and the "
        + "last colon, so it may hold colons itself."),
  ]

  /// The flags that change what a sync does, which a plan file records.
  static let recordedFlags: Set<String> = [
    "no-insert", "no-update", "no-delete", "force-insert", "force-update", "all-or-nothing",
    "allow-mass-delete",
  ]

  /// `--allow-mass-delete`.
  static let allowMassDelete = ArgumentSpec.flag(
    "allow-mass-delete", help: "Allow deleting more than half of the records in scope.")

  /// `--store`, `--schema`, `--entity`, the option flags, and `PAYLOAD`.
  static func arguments(extra: [ArgumentSpec]) -> [ArgumentSpec] {
    [.store, .schema, .entity] + options + extra + [
      .json,
      .positional(
        "PAYLOAD",
        help: "A JSON file (or a pipe) holding an array of items or a single item, or - for "
          + "standard input."),
    ]
  }
}
