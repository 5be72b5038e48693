@testable import Folio
import Testing

/// The byte-layout checks used on hot paths accept exactly what the full parser accepts.
@Suite struct ISODateFastPathTests {
  /// Valid whole-second UTC texts, and every one-byte change of them (a digit, a separator, a
  /// field out of range, February 29 in leap and common years), agree with `parse(.strict)`.
  @Test func aWholeSecondUTCTextIsRecognisedExactlyAsTheParserReadsIt() {
    let seeds = [
      "2021-04-01T03:33:17Z", "2024-02-29T23:59:59Z", "2023-02-28T00:00:00Z", "0000-01-01T00:00:00Z",
      "9999-12-31T23:59:59Z", "1900-02-28T12:00:00Z", "2000-02-29T12:00:00Z",
    ]
    let replacements: [UInt8] = Array("0123456789-:TZ .+x".utf8)
    var checked = 0
    for seed in seeds {
      let bytes = Array(seed.utf8)
      var variants = [bytes, Array(bytes.dropLast()), bytes + [0x5A]]
      for position in bytes.indices {
        for byte in replacements where byte != bytes[position] {
          var variant = bytes
          variant[position] = byte
          variants.append(variant)
        }
      }
      for variant in variants {
        let fast = variant.withUnsafeBufferPointer { ISODate.isWholeSecondUTC($0) }
        let full = variant.withUnsafeBufferPointer { $0.count == 20 && $0[19] == 0x5A && ISODate.parse($0, formats: .strict) != nil }
        #expect(fast == full, "\(String(decoding: variant, as: UTF8.self))")
        let text = String(decoding: variant, as: UTF8.self)
        #expect((ISODate.canonicalWholeSecond(text) != nil) == full)
        checked += 1
      }
    }
    #expect(checked > 1_000)
  }
}
