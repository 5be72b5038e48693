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
    .option(
      "scope", value: "EXPR",
      help: "Only records matching EXPR may be deleted as missing (for example "
        + "\"department == 2\")."),
  ]

  /// `--store`, `--schema`, `--entity`, the option flags, and `PAYLOAD`.
  static func arguments(extra: [ArgumentSpec]) -> [ArgumentSpec] {
    [.store, .schema, .entity] + options + extra + [
      .json,
      .positional("PAYLOAD", help: "A JSON file holding an array of items, or - for standard input."),
    ]
  }
}
