import FolioTestSupport
import Testing

@testable import Folio

/// Case- and diacritic-insensitive text tests, suffixes, regular expressions and collated sort
/// keys (issue 17, text search): one collation rule for conditions and sorting.
@Suite struct TextSearchTests {
  /// Items 1…8 with names chosen to tell the collations apart.
  static func store() throws -> Store {
    try QueryFixtures.items([
      ["id": 1, "name": "Ann", "tags": ["Swift", "Git"]],
      ["id": 2, "name": "ann"],
      ["id": 3, "name": "ANNA"],
      ["id": 4, "name": "José"],  // é precomposed (U+00E9)
      ["id": 5, "name": "Jose\u{301}"],  // e + combining acute
      ["id": 6, "name": "Jose", "tags": ["swift"]],
      ["id": 7, "name": "Søren"],
      ["id": 8, "nick": "no name"],
    ])
  }

  static func ids(_ condition: Condition, sortedBy ordering: Ordering = "id") throws -> [Int64] {
    try store().fetch("Item", where: condition, sortedBy: ordering).map {
      if case .int(let id) = $0.id.jsonValue { id } else { -1 }
    }
  }

  @Test func theCollationKeyFoldsCaseAndDiacriticsAsDocumented() {
    let c = TextOptions.caseInsensitive, d = TextOptions.diacriticInsensitive
    let cd: TextOptions = [c, d]
    #expect(TextOptions().collationKey("José") == "José")
    #expect(c.collationKey("JOSÉ") == "josé")
    #expect(c.collationKey("Jose\u{301}").utf8.elementsEqual("josé".utf8))  // composed again
    #expect(d.collationKey("José") == "Jose")
    #expect(cd.collationKey("ÉCOLE Ñandú") == "ecole nandu")
    #expect(cd.collationKey("Søren Łukasz") == "søren łukasz")  // letters of their own stay
    #expect(cd.collationKey("İstanbul") == "istanbul")  // the dot of İ is a mark
    #expect(c.collationKey("STRASSE") != c.collationKey("Straße"))
  }

  @Test func equalityUnderEachCollation() throws {
    #expect(try Self.ids(Field("name") == "ann") == [2])
    #expect(try Self.ids(Field("name").equals("ann")) == [2])
    #expect(try Self.ids(Field("name").equals("ann", .caseInsensitive)) == [1, 2])
    #expect(try Self.ids(Field("name").equals("josé", .caseInsensitive)) == [4, 5])
    #expect(try Self.ids(Field("name").equals("JOSE", [.caseInsensitive, .diacriticInsensitive])) == [4, 5, 6])
    #expect(try Self.ids(Field("name").equals("Jose", .diacriticInsensitive)) == [4, 5, 6])
    #expect(try Self.ids(!Field("name").equals("ann", .caseInsensitive)) == [3, 4, 5, 6, 7, 8])
  }

  @Test func containsPrefixAndSuffixUnderACollation() throws {
    #expect(try Self.ids(Field("name").contains("NN", .caseInsensitive)) == [1, 2, 3])
    #expect(try Self.ids(Field("name").contains("nn")) == [1, 2])
    #expect(try Self.ids(Field("name").hasPrefix("an", .caseInsensitive)) == [1, 2, 3])
    #expect(try Self.ids(Field("name").hasSuffix("se")) == [6])
    #expect(try Self.ids(Field("name").hasSuffix("SE", [.caseInsensitive, .diacriticInsensitive])) == [4, 5, 6])
    #expect(try Self.ids(Field("name").hasSuffix("é", .caseInsensitive)) == [4, 5])
    // An array attribute: some element equals the text under the collation.
    #expect(try Self.ids(Field("tags").contains("SWIFT", .caseInsensitive)) == [1, 6])
    #expect(try Self.ids(Field("tags").contains("swift")) == [6])
  }

  @Test func regularExpressionsMatchTheWholeString() throws {
    #expect(try Self.ids(Field("name").matches("A.*")) == [1, 3])
    #expect(try Self.ids(Field("name").matches("(?i)ann")) == [1, 2])
    #expect(try Self.ids(Field("name").matches("nn")) == [])  // a whole match, not a search
    #expect(try Self.ids(Field("tags").matches("[Gg]it")) == [1])
    #expect(throws: QueryError.self) { try Self.ids(Field("name").matches("(unclosed")) }
    let empty = try QueryFixtures.items([])
    do {
      _ = try empty.fetch("Item", where: Field("name").matches("(unclosed"))
      Issue.record("an invalid pattern was accepted")
    } catch {
      #expect(error.code == .invalidOperand)
      #expect(error.message.hasPrefix("'(unclosed' is not a valid regular expression"))
      #expect(error.field == "name")
    }
  }

  @Test(arguments: [
    ("name ==[c] 'ann'", "name ==[c] 'ann'"),
    ("name !=[cd] 'jose'", "name !=[cd] 'jose'"),
    ("name ==[dc] 'jose'", "name ==[cd] 'jose'"),
    ("name contains[c] 'NN'", "name contains[c] 'NN'"),
    ("name beginsWith[d] 'Jo'", "name beginsWith[d] 'Jo'"),
    ("name endsWith 'se'", "name endsWith 'se'"),
    ("name ENDSWITH[C] 'SE'", "name endsWith[c] 'SE'"),
    ("name matches '^A.*$'", "name matches '^A.*$'"),
    ("name beginsWith 'A'", "name beginsWith 'A'"),
  ])
  func theTextFormParsesAndPrintsBack(text: String, printed: String) throws {
    let condition = try Condition(parsing: text)
    #expect(condition.description == printed)
    #expect(try Condition(parsing: condition.description) == condition)
  }

  @Test func theTextFormBuildsWhatTheSwiftFormBuilds() throws {
    #expect(try Condition(parsing: "name ==[c] 'ann'") == Field("name").equals("ann", .caseInsensitive))
    #expect(try Condition(parsing: "name !=[c] 'ann'") == !Field("name").equals("ann", .caseInsensitive))
    #expect(try Condition(parsing: "name contains[cd] 'x'") == Field("name").contains("x", [.caseInsensitive, .diacriticInsensitive]))
    #expect(try Condition(parsing: "name endsWith 'x'") == Field("name").hasSuffix("x"))
    #expect(try Condition(parsing: "name matches 'x+'") == Field("name").matches("x+"))
    #expect(try Self.ids(Condition(parsing: "name ==[cd] 'JOSE' || name endsWith 'ren'")) == [4, 5, 6, 7])
  }

  @Test(arguments: [
    ("name <[c] 'a'", "text options like [c] apply to ==, !=, contains, beginsWith and endsWith, not <", 5),
    ("name ==[c] 3", "==[c] needs a string, like 'Ann'", 11),
    ("name endsWith 3", "endsWith needs a string, like 'Ann'", 14),
    ("name matches", "expected a value (a number, 'text', true, false, null or a [list]) after 'matches', found end of input", 12),
  ])
  func malformedTextTestsAreLocated(text: String, message: String, offset: Int) {
    do {
      _ = try Condition(parsing: text)
      Issue.record("\(text) parsed")
    } catch {
      #expect(error.message == message)
      #expect(error.offset == offset)
    }
  }

  @Test func aCollatedSortKeyOrdersAsTheCollationCompares() throws {
    // Bytes: "ANNA" < "Ann" < "Jose" < "Jose\u{301}" < "José" < "Søren" < "ann"; missing first.
    #expect(try Self.ids(.all, sortedBy: "name") == [8, 3, 1, 6, 5, 4, 7, 2])
    // Case-insensitive: ann, ann, anna, jose, josé (both forms), søren; ties by identifier.
    #expect(try Self.ids(.all, sortedBy: "name[c]") == [8, 1, 2, 3, 6, 4, 5, 7])
    #expect(try Self.ids(.all, sortedBy: "-name[cd]") == [7, 4, 5, 6, 3, 1, 2, 8])
    let key = SortKey("-name[cd]")
    #expect(key == SortKey("name", descending: true, options: [.caseInsensitive, .diacriticInsensitive]))
    #expect(key.description == "-name[cd]")
    #expect(SortKey("name[x]").field.path == "name[x]")  // not options: reported as an unknown field
  }
}

/// Collated conditions and sort keys on an indexed attribute give what the scan gives: the index
/// (byte order) is used only where the collation is the byte order.
@Suite struct TextSearchIndexConsistencyTests {
  @Test func anIndexedFieldSortsAndMatchesUnderACollationAsTheScanDoes() throws {
    var entity = QueryFixtures.item
    entity.attributes = entity.attributes.map { $0.name == "name" ? $0.indexed() : $0 }
    let indexed = try Store.inMemory(schema: Schema(entities: [entity]))
    let plain = try TextSearchTests.store()
    try indexed.sync(plain.state.export("Item"), into: "Item")
    for ordering: Ordering in ["name", "name[c]", "-name[cd]", "name[d]"] {
      for condition in [
        Condition.all, Field("name").equals("ann", .caseInsensitive), Field("name").hasPrefix("jo", .caseInsensitive),
        Field("name").hasPrefix("Jo"), Field("name") == "ann",
      ] {
        let expected = try plain.fetch("Item", where: condition, sortedBy: ordering).map(\.id)
        #expect(try indexed.fetch("Item", where: condition, sortedBy: ordering).map(\.id) == expected)
      }
    }
    #expect(try indexed.explain(Query("Item", where: Field("name") == "ann")).description.hasPrefix("index Item(name)"))
  }
}
