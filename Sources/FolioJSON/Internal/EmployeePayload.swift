// The benchmark payload generator lives here, at `package` access, so that both the `folio-bench`
// executable and the test suite (which checks its bytes against the reference md5) can reach it
// without a separate target. It is not part of FolioJSON's public API.

/// The deterministic synthetic employee payloads of `/work/shared/peers/gen_payload.py`,
/// byte for byte: `day1_N.json` and `day2_N.json`.
///
/// The generator is keyed by (record id, field) through splitmix64, so every record can be built
/// on its own and the output is the same on every machine. Day 2 keeps the ids of day 1, removes
/// about 5%, changes one field in about 10%, and appends N/20 new records.
///
/// ```swift
/// let day1 = EmployeePayload.day1(count: 10_000)     // 2,278,012 bytes
/// let day2 = EmployeePayload.day2(count: 10_000)     // .removed == 505, .changed == 1_034
/// ```
package enum EmployeePayload {
  /// One employee record, in the field order the payload writes.
  package struct Record: Sendable, Hashable {
    package var id: Int
    package var name: String
    package var email: String
    package var active: Bool
    package var hiredAt: String
    package var salary: Double
    package var departmentID: Int
    package var tags: [String]
  }

  /// Day 2 of a payload with its change counts.
  package struct DayTwo: Sendable {
    /// The JSON bytes.
    package var bytes: [UInt8]
    /// The records, in payload order.
    package var records: [Record]
    /// Day-1 ids left out.
    package var removed: Int
    /// Day-1 records with one field changed.
    package var changed: Int
    /// Records appended with new ids.
    package var added: Int
  }

  static let firstNames = [
    "Alexandra", "Benjamin", "Charlotte", "Dmitri", "Eleanor", "Francisco", "Gabriela", "Hiroshi",
    "Isabella", "Jonathan", "Katarzyna", "Leonardo", "Margaret", "Nathaniel", "Olivia", "Priyanka",
    "Quentin", "Rebecca", "Sebastian", "Theodora", "Ulrich", "Valentina", "William", "Xiomara",
    "Yusuf", "Zuzanna", "Amelia", "Bartholomew", "Cecilia", "Dominic",
  ]
  static let lastNames = [
    "Richardson", "Nakamura", "Fernandez", "Kowalski", "Oyelaran", "Andersson", "Whitfield",
    "Castellanos", "Montgomery", "Lindqvist", "Okonkwo", "Vasquez", "Abernathy", "Hoffmann",
    "Rasmussen", "Chatterjee", "Delacroix", "Gallagher", "Petrovic", "Yamamoto",
  ]
  static let tagNames = [
    "engineering", "remote", "full-time", "part-time", "contractor", "manager", "onboarding",
    "senior", "junior", "on-call", "apac", "emea", "amer", "security-cleared", "relocation",
  ]

  /// The splitmix64 finaliser of the reference generator.
  static func mix(_ input: UInt64) -> UInt64 {
    var x = input &+ 0x9E37_79B9_7F4A_7C15
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    return x ^ (x >> 31)
  }

  static func random(_ id: Int, _ salt: UInt64) -> UInt64 { mix((UInt64(id) << 8) ^ salt) }

  /// The record with the given id, as day 1 holds it.
  package static func record(_ id: Int) -> Record {
    let first = firstNames[Int(random(id, 1) % UInt64(firstNames.count))]
    let last = lastNames[Int(random(id, 2) % UInt64(lastNames.count))]
    let t = random(id, 3)
    let hiredAt =
      pad(2005 + t % 20, 4) + "-" + pad(1 + (t >> 8) % 12, 2) + "-" + pad(1 + (t >> 16) % 28, 2)
      + "T" + pad((t >> 24) % 24, 2) + ":" + pad((t >> 32) % 60, 2) + ":" + pad((t >> 40) % 60, 2)
      + "Z"
    let tagCount = 2 + Int(random(id, 4) % 3)
    let tagBits = random(id, 5)
    let tags = (0..<tagCount).map { k in
      tagNames[Int((tagBits >> (4 * UInt64(k))) % UInt64(tagNames.count))]
    }
    return Record(
      id: id, name: "\(first) \(last)",
      email: "\(first.lowercased()).\(last.lowercased())\(id)@example-company.com",
      active: random(id, 6) % 10 != 0, hiredAt: hiredAt,
      salary: Double(3_000_000 + random(id, 7) % 17_000_000) / 100.0,
      departmentID: 1 + Int(random(id, 8) % 50), tags: tags)
  }

  static func pad(_ value: UInt64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// The day-1 records `1...count`.
  package static func day1Records(count: Int) -> [Record] {
    (0..<max(0, count)).map { record($0 + 1) }
  }

  /// The bytes of `day1_<count>.json`.
  ///
  /// - Complexity: O(*count*).
  package static func day1(count: Int) -> [UInt8] { encode(day1Records(count: count)) }

  /// Day 2 of a payload of `count` records: the bytes of `day2_<count>.json` and its statistics.
  ///
  /// - Complexity: O(*count*).
  package static func day2(count: Int) -> DayTwo {
    var records: [Record] = []
    records.reserveCapacity(count + count / 20)
    var removed = 0
    var changed = 0
    for id in stride(from: 1, through: count, by: 1) {
      let h = random(id, 99) % 100
      if h < 5 {
        removed += 1
        continue
      }
      var record = record(id)
      if h < 15 {
        changed += 1
        switch random(id, 100) % 4 {
        case 0: record.salary += 1000.0
        case 1:
          if let at = record.email.firstIndex(of: "@") {
            record.email.replaceSubrange(at...at, with: ".new@")
          }
        case 2: record.active.toggle()
        default: record.departmentID = 1 + (record.departmentID % 50)
        }
      }
      records.append(record)
    }
    let added = count / 20
    for id in stride(from: count + 1, through: count + added, by: 1) { records.append(record(id)) }
    return DayTwo(
      bytes: encode(records), records: records, removed: removed, changed: changed, added: added)
  }

  /// The payload text of `records`, as Python's `json.dump(records, separators=(",", ":"))`
  /// writes it (the payload is pure ASCII and needs no escapes).
  package static func encode(_ records: [Record]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(records.count * 240 + 2)
    out.append(UInt8(ascii: "["))
    for (i, r) in records.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"id":"#.utf8)
      out.append(contentsOf: String(r.id).utf8)
      out.append(contentsOf: #","user":{"name":""#.utf8)
      out.append(contentsOf: r.name.utf8)
      out.append(contentsOf: #""},"email":""#.utf8)
      out.append(contentsOf: r.email.utf8)
      out.append(contentsOf: #"","active":"#.utf8)
      out.append(contentsOf: (r.active ? "true" : "false").utf8)
      out.append(contentsOf: #","hired_at":""#.utf8)
      out.append(contentsOf: r.hiredAt.utf8)
      out.append(contentsOf: #"","salary":"#.utf8)
      // Swift's description and Python's repr are both the shortest round-trip text.
      out.append(contentsOf: r.salary.description.utf8)
      out.append(contentsOf: #","department_id":"#.utf8)
      out.append(contentsOf: String(r.departmentID).utf8)
      out.append(contentsOf: #","tags":["#.utf8)
      for (k, tag) in r.tags.enumerated() {
        if k > 0 { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: tag.utf8)
        out.append(UInt8(ascii: "\""))
      }
      out.append(contentsOf: "]}".utf8)
    }
    out.append(UInt8(ascii: "]"))
    return out
  }
}
