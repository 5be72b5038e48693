// Fuzz target: the JSON parser and writer (libFuzzer; built by Tests/Fuzz/run, not by SwiftPM).
//
// For every input: parsing never crashes; an error's offset, line and column lie inside the
// input; a parsed value writes back (compact and pretty) to text that parses to the same value
// and rewrites byte for byte; the String and buffer entry points agree with the bytes one; a
// small depth limit gives an error, never a crash.
import FolioJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let value: JSONValue
  do {
    value = try JSONParser.parse(bytes)
  } catch {
    precondition(error.offset >= 0 && error.offset <= size, "offset \(error.offset) outside \(size) bytes")
    precondition(error.line >= 1 && error.column >= 1, "bad location \(error.line):\(error.column)")
    _ = error.description
    return 0
  }
  for style in [JSONWriter.Style.compact, .pretty] {
    let written = JSONWriter.bytes(value, style: style)
    guard let again = try? JSONParser.parse(written) else { preconditionFailure("canonical output does not parse") }
    precondition(again == value, "round trip changed the value")
    precondition(JSONWriter.bytes(again, style: style) == written, "canonical output is not stable")
  }
  let viaBuffer = bytes.withUnsafeBufferPointer { try? JSONParser.parse(buffer: $0) }
  precondition(viaBuffer == value, "buffer entry point disagrees")
  if let text = String(validating: bytes, as: UTF8.self) {
    precondition((try? JSONParser.parse(text)) == value, "String entry point disagrees")
  }
  _ = try? JSONParser.parse(bytes, options: JSONParser.Options(maxDepth: 3, maxStringBytes: 16))
  return 0
}
