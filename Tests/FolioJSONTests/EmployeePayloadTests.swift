import FolioJSON
import Foundation
import Testing

/// The benchmark payload generator must match `gen_payload.py` byte for byte.
@Suite struct EmployeePayloadTests {
  @Test func generatesDayOneOfTenThousandRecordsByteForByte() throws {
    let bytes = EmployeePayload.day1(count: 10_000)
    #expect(bytes.count == 2_278_012)
    #expect(MD5.hex(bytes) == "63aa41187e384032d0e5d750f4e24877")
  }

  @Test func generatesDayTwoOfTenThousandRecordsByteForByte() throws {
    let day2 = EmployeePayload.day2(count: 10_000)
    #expect(day2.bytes.count == 2_279_042)
    #expect(MD5.hex(day2.bytes) == "84da264cd35045a303087e672059f871")
    let counts = [day2.removed, day2.changed, day2.added, day2.records.count]
    #expect(counts == [505, 1_034, 500, 9_995])
  }

  @Test func writesTheFirstRecordAsTheReferenceShows() throws {
    let text = String(decoding: EmployeePayload.day1(count: 1), as: UTF8.self)
    let value = try JSONParser.parse(text)
    #expect(value[0]?["id"] == 1)
    #expect(value[0]?.value(atKeyPath: "user.name")?.stringValue?.contains(" ") == true)
    #expect(text.hasPrefix(#"[{"id":1,"user":{"name":""#))
  }

  @Test func checksumsMatchKnownMD5Vectors() {
    #expect(MD5.hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
    #expect(
      MD5.hex(Array("The quick brown fox jumps over the lazy dog".utf8))
        == "9e107d9d372bb6826bd81d3542a419d6")
    #expect(
      MD5.hex(Array(String(repeating: "a", count: 1000).utf8)) == "cabe45dcc9ae5b66ba86600cca6b8ba8"
    )
  }
}

/// MD5 (RFC 1321), only to compare generated payloads with their published checksums.
enum MD5 {
  static let shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ]
  static let constants: [UInt32] = (0..<64).map { i in
    UInt32(
      truncatingIfNeeded: Int64(
        (abs(Foundation.sin(Double(i + 1))) * 4_294_967_296.0).rounded(.down)))
  }

  static func hex(_ message: [UInt8]) -> String {
    var a0: UInt32 = 0x6745_2301
    var b0: UInt32 = 0xefcd_ab89
    var c0: UInt32 = 0x98ba_dcfe
    var d0: UInt32 = 0x1032_5476
    var bytes = message
    bytes.append(0x80)
    while bytes.count % 64 != 56 { bytes.append(0) }
    let bitLength = UInt64(message.count) &* 8
    for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(i)))) }
    var words = [UInt32](repeating: 0, count: 16)
    for chunk in stride(from: 0, to: bytes.count, by: 64) {
      for i in 0..<16 {
        let j = chunk + i * 4
        words[i] =
          UInt32(bytes[j]) | UInt32(bytes[j + 1]) << 8 | UInt32(bytes[j + 2]) << 16 | UInt32(
            bytes[j + 3]) << 24
      }
      var a = a0
      var b = b0
      var c = c0
      var d = d0
      for i in 0..<64 {
        var f: UInt32
        let g: Int
        switch i {
        case 0..<16:
          f = (b & c) | (~b & d)
          g = i
        case 16..<32:
          f = (d & b) | (~d & c)
          g = (5 * i + 1) % 16
        case 32..<48:
          f = b ^ c ^ d
          g = (3 * i + 5) % 16
        default:
          f = c ^ (b | ~d)
          g = (7 * i) % 16
        }
        f = f &+ a &+ constants[i] &+ words[g]
        a = d
        d = c
        c = b
        b = b &+ (f << shifts[i] | f >> (32 - shifts[i]))
      }
      a0 = a0 &+ a
      b0 = b0 &+ b
      c0 = c0 &+ c
      d0 = d0 &+ d
    }
    var digest = ""
    for word in [a0, b0, c0, d0] {
      for i in 0..<4 {
        let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt32(i)))
        digest += String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
      }
    }
    return digest
  }
}
