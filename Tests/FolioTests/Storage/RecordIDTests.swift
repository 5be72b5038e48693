import Testing

@testable import Folio

/// One identity rule for identifiers: exact UTF-8 bytes, for equality, hashing and order alike.
@Suite struct RecordIDTests {
  static let composed: RecordID = .string("\u{E9}")
  static let decomposed: RecordID = .string("e\u{301}")

  @Test func identifiersDifferingOnlyInNormalisationAreDifferent() {
    #expect(Self.composed != Self.decomposed)
    #expect(Set([Self.composed, Self.decomposed]).count == 2)
    #expect([Self.composed: 1, Self.decomposed: 2].count == 2)
    #expect(RecordID.composite(["a", Self.composed]) != .composite(["a", Self.decomposed]))
    #expect(Self.composed.stableHash != Self.decomposed.stableHash)
  }

  @Test func identifiersOrderByUTF8Bytes() {
    // "e" + U+0301 is 65 CC 81, "é" is C3 A9, "z" is 7A.
    #expect([Self.composed, "z", Self.decomposed].sorted() == [Self.decomposed, "z", Self.composed])
    #expect(!(Self.composed < Self.decomposed) && Self.decomposed < Self.composed)
  }

  @Test func equalBytesAreOneIdentifier() {
    let built = String(decoding: [0xC3, 0xA9], as: UTF8.self)
    #expect(RecordID.string(built) == Self.composed)
    #expect(Set([RecordID.string(built), Self.composed]).count == 1)
  }
}
