// Folio re-exports its JSON module: records, payloads and errors are `JSONValue`s.
@_exported import FolioJSON
