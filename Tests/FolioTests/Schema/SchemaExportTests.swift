import Folio
import FolioTestSupport
import Testing

@Suite struct SchemaExportTests {
  static func company() throws -> Schema {
    try Schema(keyConvention: .snakeCase) {
      Entity("Department") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("name", .string)
        ToMany("employees", "Employee").inverse("department")
      }
      Entity("Employee") {
        Identifier("id")
        Attribute("id", .int)
        Attribute("fullName", .string, from: "user.name")
        Attribute("active", .bool, default: true)
        Attribute("hiredAt", .isoDate).optional().dateFormats(.dateOnly)
        Attribute("tags", .array(.string)).optional()
        ToOne("department", "Department").inverse("employees").sync(updateExisting: false)
        ToMany("badges", "Badge", ordered: true).deleteRule(.cascade).referencePolicy(.reject)
      }
      .defaultSort("-hiredAt").validate(.trim("user.name")).validity(.nonEmpty("fullName"))
      .shouldUpdate(.whenIncreases("id"))
      Entity("Badge") { Identifier("id"); Attribute("id", .int) }
    }
  }

  @Test func markdownListsEveryMemberAndRule() throws {
    let expected = """
      # Schema

      Key convention: snakeCase

      ## Department

      Identifier: `id`

      | name | kind | type | required | read from | notes |
      |---|---|---|---|---|---|
      | id | attribute | int | identifier | `id`, `Id` |  |
      | name | attribute | string | yes | `name`, `Name` |  |
      | employees | to-many | Employee | no | `employees`, `Employees`, `employees_ids`, `employee_ids` | inverse `department` |

      ## Employee

      Identifier: `id`

      | name | kind | type | required | read from | notes |
      |---|---|---|---|---|---|
      | id | attribute | int | identifier | `id`, `Id` |  |
      | fullName | attribute | string | yes | `user.name` |  |
      | active | attribute | bool | yes | `active`, `Active` | default `true` |
      | hiredAt | attribute | isoDate | no | `hiredAt`, `hired_at`, `HiredAt` | dates: dateOnly |
      | tags | attribute | array(string) | no | `tags`, `Tags` |  |
      | department | to-one | Department | no | `department`, `Department`, `department_id` | inverse `employees`; children: updateExisting false |
      | badges | to-many (ordered) | Badge | no | `badges`, `Badges`, `badges_ids`, `badge_ids` | delete rule cascade; unknown ids: reject |

      - Default sort: `-hiredAt`
      - Validators, in order: `{"trim":"user.name"}`
      - Validity: `{"nonEmpty":"fullName"}`
      - Should update: `{"whenIncreases":"id"}`

      ## Badge

      Identifier: `id`

      | name | kind | type | required | read from | notes |
      |---|---|---|---|---|---|
      | id | attribute | int | identifier | `id`, `Id` |  |

      """
    #expect(try Self.company().markdown() == expected)
  }

  @Test func markdownEscapesPipesInCells() throws {
    let schema = try Schema {
      Entity("A") { Identifier("id"); Attribute("id", .string, default: "a|b") }
    }
    #expect(schema.markdown().contains(#"| default `"a\|b"` |"#))
  }

  @Test func mermaidDrawsInversePairsOnce() throws {
    let expected = """
      erDiagram
        Department {
          int id PK
          string name
        }
        Employee {
          int id PK
          string fullName
          bool active
          isoDate hiredAt "optional"
          array(string) tags "optional"
        }
        Badge {
          int id PK
        }
        Department |o--o{ Employee : "employees / department"
        Employee }o--o{ Badge : "badges"

      """
    #expect(try Self.company().mermaid() == expected)
  }

  @Test func mermaidOfTheBatchClickFixture() throws {
    let expected = """
      erDiagram
        Batch {
          int id PK
          string name "optional"
        }
        Click {
          int clickID PK
          isoDate timeStamp "optional"
        }
        Batch |o--o{ Click : "clicks / batch"

      """
    #expect(try SchemaFixtures.batchClick.mermaid() == expected)
  }
}
