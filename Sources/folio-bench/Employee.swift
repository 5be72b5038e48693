/// The payload's record shape for `JSONDecoder`, as the peers decode it (explicit coding keys,
/// the date kept as a string).
struct Employee: Codable, Sendable {
  struct User: Codable, Sendable { var name: String }
  var id: Int
  var user: User
  var email: String
  var active: Bool
  var hiredAt: String
  var salary: Double
  var departmentId: Int
  var tags: [String]

  enum CodingKeys: String, CodingKey {
    case id, user, email, active, salary, tags
    case hiredAt = "hired_at"
    case departmentId = "department_id"
  }
}
