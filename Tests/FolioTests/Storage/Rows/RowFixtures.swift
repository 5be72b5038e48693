@testable import Folio

/// An entity with a column of every kind, for the row tests.
enum RowFixtures {
  /// The cases of the `mood` enumeration: one of them non-ASCII, to tell bytes from `String ==`.
  static let moods = ["happy", "sad", "\u{E9}t\u{E9}"]

  /// `Item`: an int identifier, an attribute of every type, a to-one and a to-many.
  static let entity = Entity(
    name: "Item", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int),
      Attribute(name: "name", type: .string, isOptional: true),
      Attribute(name: "count", type: .int, isOptional: true),
      Attribute(name: "ratio", type: .double, isOptional: true),
      Attribute(name: "flag", type: .bool, isOptional: true),
      Attribute(name: "at", type: .isoDate, isOptional: true),
      Attribute(name: "uid", type: .uuid, isOptional: true),
      Attribute(name: "mood", type: .enumeration(moods), isOptional: true),
      Attribute(name: "price", type: .decimal, isOptional: true),
      Attribute(name: "strings", type: .array(.string), isOptional: true),
      Attribute(name: "ints", type: .array(.int), isOptional: true),
      Attribute(name: "doubles", type: .array(.double), isOptional: true),
      Attribute(name: "bools", type: .array(.bool), isOptional: true),
      Attribute(name: "dates", type: .array(.isoDate), isOptional: true),
      Attribute(name: "uuids", type: .array(.uuid), isOptional: true),
      Attribute(name: "moods", type: .array(.enumeration(moods)), isOptional: true),
      Attribute(name: "decimals", type: .array(.decimal), isOptional: true),
      Attribute(name: "nested", type: .array(.array(.int)), isOptional: true),
      Attribute(name: "meta", type: .object, isOptional: true),
    ],
    relationships: [
      Relationship(name: "owner", target: "Item", isToMany: false),
      Relationship(name: "members", target: "Item", isToMany: true),
    ])

  /// The layout of ``entity``.
  static let layout = RowLayout(entity)

  /// The position of column `name`; traps when there is none (a typo in a test).
  static func column(_ name: String) -> Int {
    guard let column = layout.column(named: name) else { preconditionFailure("no column \(name)") }
    return column
  }

  /// A record with every column present, each value with its typed encoding.
  static let fullRecord: JSONObject = [
    "id": 1, "name": "Ada", "count": 42, "ratio": 0.5, "flag": true,
    "at": "2024-02-29T12:34:56.789Z", "uid": "123e4567-e89b-12d3-a456-426614174000", "mood": "sad",
    "price": "12.30", "strings": ["a", "", "\u{1F600}"], "ints": [1, -2], "doubles": [0.25, -0.0],
    "bools": [true, false], "dates": ["1970-01-01T00:00:00.000Z"],
    "uuids": ["00000000-0000-0000-0000-000000000000"], "moods": ["happy"], "decimals": ["1.5"],
    "nested": [[1]], "meta": ["a": 1], "owner": 2, "members": [3, "x", ["P", 4]],
  ]
}
