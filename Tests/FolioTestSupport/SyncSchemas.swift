import Folio

/// The schemas of the unified sync scenarios (behaviour spec, section 6.1), built as plain
/// values so sync tests do not depend on the DSL, and looked up by name from fixture folders.
public enum SyncSchemas {
  /// The schema called `name` in `Fixtures/sync/*/scenario.json`, or `nil`.
  ///
  /// Names: `items`, `items-price-rule`, `items-price-rule-delete`, `items-versioned`,
  /// `items-active-validator`, `items-unix-seconds` (dates also as unix timestamps), `items-unique-name` (a unique index on `name`), `tags`, `pairs`, `addresses`, `batches`, `employees`, `users`,
  /// `planes`, `planes-departments`, `commits`, `contacts` (snake_case keys), `contacts-age-rule`,
  /// `contacts-no-fallback` (explicit keys only), `projects` (parents with children),
  /// `posts` (key paths into arrays), `invoices` (value transforms), `tickets` (uuid
  /// identifiers, enum, decimal and object attributes), `squads` (identifier keys).
  public static func named(_ name: String) -> Schema? {
    switch name {
    case "items": return Schema(entities: [item()])
    case "items-price-rule":
      return Schema(entities: [item(validity: [ValidityRule(.atLeast(field: "price", minimum: 0))])]
      )
    case "items-price-rule-delete":
      return Schema(entities: [
        item(validity: [ValidityRule(.atLeast(field: "price", minimum: 0))], deleteIfInvalid: true)
      ])
    case "items-versioned":
      return Schema(entities: [item(shouldUpdate: UpdateRule(.whenIncreases(field: "version")))])
    case "items-active-validator":
      return Schema(entities: [
        item(validators: [Validator(.dropWhere(field: "active", equals: false))])
      ])
    case "items-unix-seconds": return Schema(entities: [item()], dateFormats: .unixSeconds)
    case "items-unique-name":
      var entity = item()
      entity.indexes = [Index("name").unique()]
      return Schema(entities: [entity])
    case "tags": return Schema(entities: [tag])
    case "pairs": return Schema(entities: [pair])
    case "addresses", "users": return Schema(entities: [user, address, order])
    case "batches": return Schema(entities: [batch, click])
    case "employees": return Schema(entities: [employee, department])
    case "planes": return Schema(entities: [plane, passenger, baggage])
    case "planes-departments": return Schema(entities: [plane, passenger, baggage, department])
    case "commits": return Schema(entities: [commit, gitUser])
    case "contacts": return Schema(entities: [contact(), team], keyConvention: .snakeCase)
    case "contacts-age-rule":
      return Schema(
        entities: [contact(validity: [ValidityRule(.atLeast(field: "age", minimum: 0))]), team],
        keyConvention: .snakeCase)
    case "contacts-no-fallback":
      return Schema(entities: [contact(), team], keyConvention: .snakeCase, keyFallback: false)
    case "projects": return Schema(entities: [project, task, note, person])
    case "squads": return Schema(entities: [squad, squadMember], keyConvention: .snakeCase)
    case "owned": return Schema(entities: [customer, postalAddress, geo, phone, card])
    case "posts": return Schema(entities: [post])
    case "invoices": return Schema(entities: [invoice])
    case "tickets": return Schema(entities: [ticket])
    default: return nil
    }
  }

  /// **Item**: `id` int; optional `name`, `nick`, `count`, `price`, `active`, `version`, `seen`
  /// (ISO date) and `title` (from `meta.title`).
  public static func item(
    validators: [Validator] = [], validity: [ValidityRule] = [], deleteIfInvalid: Bool = false,
    shouldUpdate: UpdateRule? = nil, verbose: Bool = false
  ) -> Entity {
    Entity(
      name: "Item", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int),
        Attribute(name: "name", type: .string, isOptional: true),
        Attribute(name: "nick", type: .string, isOptional: true),
        Attribute(name: "count", type: .int, isOptional: true),
        Attribute(name: "price", type: .double, isOptional: true),
        Attribute(name: "active", type: .bool, isOptional: true),
        Attribute(name: "version", type: .int, isOptional: true),
        Attribute(name: "seen", type: .isoDate, isOptional: true),
        Attribute(name: "title", type: .string, key: "meta.title", isOptional: true),
      ],
      isVerbose: verbose, validators: validators, validityRules: validity,
      deleteIfInvalid: deleteIfInvalid, shouldUpdate: shouldUpdate)
  }

  /// **Post**: `id` int; optional `firstTag` (from `tags.0`), `cover` (from `images.0.url`),
  /// `coverAlt` (from `images.0.meta.alt`) and `second` (from `images.1.url`): key paths into
  /// arrays.
  public static let post = Entity(
    name: "Post", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int),
      Attribute(name: "firstTag", type: .string, key: "tags.0", isOptional: true),
      Attribute(name: "cover", type: .string, key: "images.0.url", isOptional: true),
      Attribute(name: "coverAlt", type: .string, key: "images.0.meta.alt", isOptional: true),
      Attribute(name: "second", type: .string, key: "images.1.url", isOptional: true),
    ])

  /// **Invoice**: `id` int; optional attributes read through value transforms: `total` (double,
  /// from `total_cents`, `cents`), `paid` (bool, `yesNo`), `flagged` (bool, `yesNo` with `Y`/`N`),
  /// `issuedAt` (ISO date, from `issued`, `datePattern` `dd/MM/yyyy HH:mm` at +01:00), `tags`
  /// (array of strings, `list` with `;`) and `codes` (array of ints, `list`).
  public static let invoice = Entity(
    name: "Invoice", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int),
      Attribute(name: "total", type: .double, key: "total_cents", isOptional: true).transform(.cents),
      Attribute(name: "paid", type: .bool, isOptional: true).transform(.yesNo),
      Attribute(name: "flagged", type: .bool, isOptional: true).transform(.yesNo(yes: "Y", no: "N")),
      Attribute(name: "issuedAt", type: .isoDate, key: "issued", isOptional: true)
        .transform(.datePattern("dd/MM/yyyy HH:mm", timeZone: "+01:00")),
      Attribute(name: "tags", type: .array(.string), isOptional: true).transform(.list(separator: ";")),
      Attribute(name: "codes", type: .array(.int), isOptional: true).transform(.list()),
    ])

  /// **Ticket**: `id` uuid; optional `state` enum (`open`, `closed`), `amount` decimal and `meta`
  /// object.
  public static let ticket = Entity(
    name: "Ticket", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .uuid),
      Attribute(name: "state", type: .enumeration(["open", "closed"]), isOptional: true),
      Attribute(name: "amount", type: .decimal, isOptional: true),
      Attribute(name: "meta", type: .object, isOptional: true),
    ])

  public static let tag = Entity(
    name: "Tag", identifiers: ["id"],
    attributes: [Attribute(name: "id", type: .int), Attribute(name: "label", type: .string)])

  static let pair = Entity(
    name: "Pair", identifiers: ["a", "b"],
    attributes: [Attribute(name: "a", type: .string), Attribute(name: "b", type: .string)])

  public static let batch = Entity(
    name: "Batch", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int),
      Attribute(name: "name", type: .string, key: "batch.name", isOptional: true),
    ],
    relationships: [
      Relationship(
        name: "clicks", target: "Click", isToMany: true, inverse: "batch", deleteRule: .cascade,
        key: "clicked")
    ])

  public static let click = Entity(
    name: "Click", identifiers: ["clickID"],
    attributes: [
      Attribute(name: "clickID", type: .int, key: "id"),
      Attribute(name: "timeStamp", type: .isoDate, key: "time", isOptional: true),
    ],
    relationships: [
      Relationship(name: "batch", target: "Batch", isToMany: false, inverse: "clicks")
    ])

  static let employee = Entity(
    name: "Employee", identifiers: ["employeeID"],
    attributes: [
      Attribute(name: "employeeID", type: .int, key: "id"),
      Attribute(name: "fullName", type: .string, key: "user.name", isOptional: true),
    ],
    relationships: [
      Relationship(
        name: "department", target: "Department", isToMany: false,
        childOptions: ChildSyncOptions(updateExisting: false))
    ])

  static let department = Entity(
    name: "Department", identifiers: ["departmentID"],
    attributes: [
      Attribute(name: "departmentID", type: .int, key: "id"),
      Attribute(name: "name", type: .string, isOptional: true),
    ])

  static let user = Entity(
    name: "User", identifiers: ["uuid"],
    attributes: [
      Attribute(name: "uuid", type: .string),
      Attribute(name: "firstName", type: .string, key: "first_name", isOptional: true),
      Attribute(name: "numberOfOrders", type: .int, key: "number_of_orders", isOptional: true),
    ],
    relationships: [
      Relationship(name: "address", target: "Address", isToMany: false),
      Relationship(name: "orders", target: "Order", isToMany: true, deleteRule: .cascade),
    ])

  static let address = Entity(
    name: "Address", identifiers: ["uuid"],
    attributes: [
      Attribute(name: "uuid", type: .string),
      Attribute(name: "city", type: .string, isOptional: true),
    ])

  static let order = Entity(
    name: "Order", identifiers: ["uuid"], attributes: [Attribute(name: "uuid", type: .string)],
    relationships: [
      Relationship(name: "address", target: "Address", isToMany: false, key: "address_id")
    ])

  /// **Customer** (`id` int, optional `name`) owns its `address` (to-one) and `phones`
  /// (ordered to-many), and links a `card` (to-one, cascade, a referenced entity).
  static let customer = Entity(
    name: "Customer", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int), Attribute(name: "name", type: .string, isOptional: true),
    ],
    relationships: [
      Relationship(name: "address", target: "PostalAddress", isToMany: false),
      Relationship(name: "phones", target: "Phone", isToMany: true, isOrdered: true),
      Relationship(name: "card", target: "Card", isToMany: false, deleteRule: .cascade),
    ])

  /// **PostalAddress**: owned (no identifier); optional `street`, `zip`; owns its `geo`.
  static let postalAddress = Entity(
    name: "PostalAddress", identifiers: [],
    attributes: [
      Attribute(name: "street", type: .string, isOptional: true),
      Attribute(name: "zip", type: .string, isOptional: true),
    ],
    relationships: [Relationship(name: "geo", target: "Geo", isToMany: false)])

  /// **Geo**: owned; optional `lat`, `lng`.
  static let geo = Entity(
    name: "Geo", identifiers: [],
    attributes: [
      Attribute(name: "lat", type: .double, isOptional: true),
      Attribute(name: "lng", type: .double, isOptional: true),
    ])

  /// **Phone**: owned; `number`, optional `kind`.
  static let phone = Entity(
    name: "Phone", identifiers: [],
    attributes: [
      Attribute(name: "number", type: .string),
      Attribute(name: "kind", type: .string, isOptional: true),
    ])

  /// **Card**: identified by its `number`.
  static let card = Entity(
    name: "Card", identifiers: ["number"], attributes: [Attribute(name: "number", type: .string)])

  static let plane = Entity(
    name: "Plane", identifiers: ["origin", "destination"],
    attributes: [
      Attribute(name: "origin", type: .string), Attribute(name: "destination", type: .string),
    ],
    relationships: [
      Relationship(name: "passengers", target: "Passenger", isToMany: true, deleteRule: .cascade)
    ],
    validityRules: [
      ValidityRule(.requiredNonEmpty(field: "origin")),
      ValidityRule(.requiredNonEmpty(field: "destination")),
      ValidityRule(.distinct("origin", "destination")),
    ])

  static let passenger = Entity(
    name: "Passenger", identifiers: ["name", "age"],
    attributes: [Attribute(name: "name", type: .string), Attribute(name: "age", type: .int)],
    relationships: [
      Relationship(name: "baggages", target: "Baggage", isToMany: true, deleteRule: .cascade)
    ],
    validityRules: [
      ValidityRule(.requiredNonEmpty(field: "name")),
      ValidityRule(.greaterThan(field: "age", bound: 0)),
    ])

  static let baggage = Entity(
    name: "Baggage", identifiers: ["tag"],
    attributes: [
      Attribute(name: "tag", type: .string),
      Attribute(name: "weight", type: .double, isOptional: true),
    ])

  static let commit = Entity(
    name: "Commit", identifiers: ["sha"],
    attributes: [
      Attribute(name: "sha", type: .string),
      Attribute(name: "message", type: .string, key: "commit.message", isOptional: true),
    ],
    relationships: [
      Relationship(name: "committer", target: "GitUser", isToMany: false, inverse: "commits")
    ])

  static let gitUser = Entity(
    name: "GitUser", identifiers: ["username"],
    attributes: [
      Attribute(name: "username", type: .string, key: "login"),
      Attribute(name: "email", type: .string, isOptional: true),
      Attribute(name: "followers", type: .int, isOptional: true),
    ],
    relationships: [
      Relationship(name: "commits", target: "Commit", isToMany: true, inverse: "committer")
    ])

  /// **Contact** (under snake_case): `id` int; optional `firstName`, `mobilePhone`, `title`
  /// (key `job_title`), `age` int; to-one `team` (unknown references rejected).
  static func contact(validity: [ValidityRule] = []) -> Entity {
    Entity(
      name: "Contact", identifiers: ["id"],
      attributes: [
        Attribute(name: "id", type: .int),
        Attribute(name: "firstName", type: .string, isOptional: true),
        Attribute(name: "mobilePhone", type: .string, isOptional: true),
        Attribute(name: "title", type: .string, key: "job_title", isOptional: true),
        Attribute(name: "age", type: .int, isOptional: true),
      ],
      relationships: [
        Relationship(name: "team", target: "Team", isToMany: false, referencePolicy: .reject)
      ],
      validityRules: validity)
  }

  /// **Squad** (snake_case payloads): `members`, a cascading to-many of `Member` — payloads
  /// give it as nested objects, as identifiers (`members: [8, 2]`) or under `member_ids`.
  static let squad = Entity(
    name: "Squad", identifiers: ["id"],
    attributes: [Attribute(name: "id", type: .int)],
    relationships: [
      Relationship(name: "members", target: "Member", isToMany: true, deleteRule: .cascade)
    ])

  static let squadMember = Entity(
    name: "Member", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)])

  static let team = Entity(
    name: "Team", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int), Attribute(name: "name", type: .string, isOptional: true),
    ])

  /// **Project**: `tasks` (inverse `Task.project`), `notes` (ordered, no inverse), `lead`
  /// (to-one Person), `members` (many-to-many with `Person.projects`).
  static let project = Entity(
    name: "Project", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int), Attribute(name: "name", type: .string, isOptional: true),
    ],
    relationships: [
      Relationship(name: "tasks", target: "Task", isToMany: true, inverse: "project"),
      Relationship(name: "notes", target: "Note", isToMany: true, isOrdered: true),
      Relationship(name: "lead", target: "Person", isToMany: false),
      Relationship(name: "members", target: "Person", isToMany: true, inverse: "projects"),
    ])

  static let task = Entity(
    name: "Task", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int), Attribute(name: "title", type: .string, isOptional: true),
    ],
    relationships: [
      Relationship(name: "project", target: "Project", isToMany: false, inverse: "tasks")
    ])

  static let note = Entity(
    name: "Note", identifiers: ["id"],
    attributes: [
      Attribute(name: "id", type: .int), Attribute(name: "text", type: .string, isOptional: true),
    ])

  static let person = Entity(
    name: "Person", identifiers: ["id"], attributes: [Attribute(name: "id", type: .int)],
    relationships: [
      Relationship(name: "projects", target: "Project", isToMany: true, inverse: "members")
    ])
}
