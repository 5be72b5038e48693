import Foundation

/// The library's advice in a message, said the command line's way: a library error may tell a
/// Swift caller to pass an option (`validation: .lenient`, `JSONParser.Options.maxDepth`); the
/// same error printed by `folio` names the flag or the setting a user of the tool has instead.
enum CLIWording {
  /// Library phrases and what `folio` says instead.
  static let replacements: [(library: String, cli: String)] = [
    (
      "; fix the files or open with validation: .lenient to skip the bad records",
      "; fix the files (folio check lists every problem), or give --lenient to a reading command (query, export, inspect) to skip the bad records"
    ),
    ("; split it, or raise JSONParser.Options.maxDocumentBytes", "; split it, or raise FOLIO_MAX_INPUT_BYTES"),
    ("; flatten the document or raise JSONParser.Options.maxDepth", "; flatten the document"),
    ("; raise JSONParser.Options.maxStringBytes", "; shorten it"),
  ]

  /// `text` with every library phrase replaced.
  static func apply(_ text: String) -> String {
    var text = text
    for (library, cli) in replacements where text.contains(library) {
      text = text.replacingOccurrences(of: library, with: cli)
    }
    return text
  }
}
