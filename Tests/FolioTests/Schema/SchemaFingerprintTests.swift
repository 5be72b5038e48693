import FolioTestSupport
import Testing

@testable import Folio

@Suite struct SchemaFingerprintTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
  ])
  func sha256MatchesTheStandardVectors(_ input: String, _ digest: String) {
    #expect(SHA256.hex(Array(input.utf8)) == digest)
  }

  @Test func sha256HandlesMessagesAcrossBlockBoundaries() {
    let million = [UInt8](repeating: 0x61, count: 1_000_000)
    #expect(SHA256.hex(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Recorded once (and cross-checked with Python's hashlib over the same canonical JSON); a
  /// change means stores written before it would report a schema change.
  @Test func fingerprintIsStableAcrossRuns() throws {
    let item = try SchemaFixtures.item.fingerprint
    #expect(item == "d25abbe84709fb7d59ca4392b88b9d705e9dd22a3c2436a43db805be817b2ac0")
    let plane = try SchemaFixtures.planePassengerBaggage.fingerprint
    #expect(plane == "034f707f19f1b4816f4da1d17489d48bb11feb9b5bfc6004a3c08ec9ec709ebd")
  }

  @Test func fingerprintIgnoresDeclarationOrderAndNonShapeOptions() throws {
    let schema = try SchemaFixtures.userAddressOrder
    var shuffled = schema
    shuffled.entities.reverse()
    for i in shuffled.entities.indices {
      shuffled.entities[i].attributes.reverse()
      shuffled.entities[i].relationships.reverse()
      shuffled.entities[i].relationships = shuffled.entities[i].relationships.map {
        var r = $0
        r.deleteRule = .deny
        r.key = "elsewhere"
        return r
      }
    }
    shuffled.keyConvention = .exact
    shuffled.entities[0] = shuffled.entities[0].verbose().validity(.nonEmpty("uuid"))
    #expect(shuffled != schema)
    #expect(shuffled.fingerprint == schema.fingerprint)
  }

  @Test func fingerprintChangesWithTheStoredShape() throws {
    let base = try SchemaFixtures.planePassengerBaggage
    var swapped = base
    swapped.entities[0].identifiers.reverse()
    var ordered = base
    ordered.entities[0].relationships[0].isOrdered = true
    var optional = base
    optional.entities[2].attributes[1].isOptional = false
    var typed = base
    typed.entities[2].attributes[1].type = .int
    var renamed = base
    renamed.entities[2].name = "Bag"
    var inverse = base
    inverse.entities[0].relationships[0].inverse = "plane"
    let prints = [base, swapped, ordered, optional, typed, renamed, inverse].map(\.fingerprint)
    #expect(Set(prints).count == prints.count)
    #expect(prints.allSatisfy { $0.count == 64 })
  }
}
