/// One column of a ``RowLayout``: a member name and how values of its attribute or relationship
/// are kept in a row's word (Design/0005).
///
/// A value that fits its column's typed encoding is kept in the word (tag 1, or tag 3 for a
/// to-one's non-integer identifier); any other value is boxed whole (tag 2), so a row never
/// loses or reinterprets a value.
///
/// ```swift
/// let column = RowColumn(name: "hiredAt", kind: .date)
/// column.usesArena  // false: a date's word is its milliseconds
/// ```
struct RowColumn: Sendable, Hashable {
  /// How a column's typed word is encoded.
  enum Kind: UInt8, Sendable, Hashable {
    /// `.int`: the `Int64` bit pattern.
    case int
    /// `.double`: the `Double` bit pattern.
    case double
    /// `.bool`: 0 or 1.
    case bool
    /// A canonical date string (``ISODate/isCanonical(_:)``): milliseconds since 1970 UTC.
    case date
    /// A canonical UUID string (``Attribute/isCanonicalUUID(_:)``): an arena reference to its
    /// 16 bytes.
    case uuid
    /// `.string`: an arena reference to its UTF-8 bytes.
    case string
    /// One of the column's ``RowColumn/cases``: the case's index.
    case enumeration
    /// A decimal's canonical text: an arena reference to its UTF-8 bytes.
    case decimal
    /// An array whose elements all have the column's ``RowColumn/element`` kind: an arena
    /// reference to the encoded elements (``RowArena``).
    case list
    /// An object attribute: always boxed.
    case object
    /// A to-one relationship: the target's integer identifier (tag 1), or an arena reference to
    /// its encoded string or composite identifier (tag 3).
    case toOne
    /// A to-many relationship: an arena reference to the encoded identifiers.
    case toMany

    /// Whether a typed (tag 1) word of this kind is an arena reference.
    var usesArena: Bool {
      switch self {
      case .uuid, .string, .decimal, .list, .toMany: return true
      case .int, .double, .bool, .date, .enumeration, .object, .toOne: return false
      }
    }

    /// Whether a list may hold elements of this kind in the arena: scalar kinds only.
    var isListElement: Bool {
      switch self {
      case .int, .double, .bool, .date, .uuid, .string, .enumeration, .decimal: return true
      case .list, .object, .toOne, .toMany: return false
      }
    }

    /// Whether an encoded list element of this kind is one little-endian word (otherwise it is
    /// a 4-byte length and bytes, or 16 bytes for a UUID).
    var isWordElement: Bool {
      switch self {
      case .int, .double, .bool, .date, .enumeration: return true
      default: return false
      }
    }
  }

  /// The member name (the attribute's or relationship's name in storage form).
  let name: String
  /// How the column's values are encoded.
  let kind: Kind
  /// For a list: its elements' kind; otherwise `nil`.
  let element: Kind?
  /// For an enumeration, or a list of enumeration values: the cases, in declared order.
  let cases: [String]

  /// A column of `kind`; `element` and `cases` as for a list or an enumeration.
  init(name: String, kind: Kind, element: Kind? = nil, cases: [String] = []) {
    self.name = name
    self.kind = kind
    self.element = element
    self.cases = cases
  }

  /// The column of an attribute of `type`.
  init(name: String, type: AttributeType) {
    switch type {
    case .array(let elementType):
      let element = Self.scalarKind(elementType)
      var cases: [String] = []
      if case .enumeration(let values) = elementType { cases = values }
      self.init(name: name, kind: .list, element: element, cases: cases)
    case .enumeration(let values):
      self.init(name: name, kind: .enumeration, cases: values)
    default:
      self.init(name: name, kind: Self.scalarKind(type))
    }
  }

  /// Whether a typed word of this column is an arena reference.
  var usesArena: Bool { kind.usesArena }

  /// The position of `text` among ``cases``, compared by UTF-8 bytes, or `nil`.
  func caseIndex(of text: String) -> Int? {
    cases.firstIndex { JSONValue.sameUTF8($0, text) }
  }

  /// The kind of a column or list element of `type` (`.list` for a nested array, whose values
  /// are always boxed).
  private static func scalarKind(_ type: AttributeType) -> Kind {
    switch type {
    case .string: return .string
    case .bool: return .bool
    case .int: return .int
    case .double: return .double
    case .isoDate: return .date
    case .array: return .list
    case .uuid: return .uuid
    case .enumeration: return .enumeration
    case .decimal: return .decimal
    case .object: return .object
    }
  }
}
