import Folio
import Foundation
import Testing

@Suite struct RecordCodingStrategiesTests {
  struct Person: Codable, Equatable {
    var fullName: String
    var userID: Int
    var nickName: String?
    enum CodingKeys: String, CodingKey {
      case fullName = "full_name"
      case userID = "user_id"
      case nickName = "nick_name"
    }
  }

  @Test func snakeCaseKeysFindCamelCaseFieldsAcronymsIncluded() throws {
    let decoder = RecordDecoder(keyStrategy: .convertFromSnakeCase)
    let person = try decoder.decode(Person.self, from: ["fullName": "Ada", "userID": 7])
    #expect(person == Person(fullName: "Ada", userID: 7, nickName: nil))
    let record = try RecordEncoder(keyStrategy: .convertFromSnakeCase).encode(person)
    #expect(record == ["fullName": "Ada", "userId": 7])
  }

  @Test func aSnakeCaseKeyWithoutTheStrategySaysHowToFixIt() throws {
    var caught: RecordCodingError?
    do { _ = try RecordDecoder().decode(Person.self, from: ["fullName": "Ada", "userID": 7]) } catch let error as RecordCodingError {
      caught = error
    }
    let error = try #require(caught)
    #expect(error.code == .missingKey)
    #expect(
      error.description
        == "field 'full_name': the record has no value for this non-optional field; the record has it as 'fullName': decode with keyStrategy .convertFromSnakeCase [missingKey]"
    )
  }

  @Test func customKeysMapBothWays() throws {
    let strategy = RecordKeyStrategy.custom { key in key == "full_name" ? "name" : key.replacingOccurrences(of: "_", with: "") }
    let person = try RecordDecoder(keyStrategy: strategy).decode(Person.self, from: ["name": "Ada", "userid": 7, "nickname": "A"])
    #expect(person == Person(fullName: "Ada", userID: 7, nickName: "A"))
    #expect(try RecordEncoder(keyStrategy: strategy).encode(person) == ["name": "Ada", "userid": 7, "nickname": "A"])
  }

  struct Ping: Codable, Equatable { var at: Date }

  @Test(arguments: [
    (RecordDateStrategy.iso8601, JSONValue.string("2014-07-06T07:59:00.250Z")),
    (.millisecondsSince1970, .int(1_404_633_540_250)),
    (.secondsSince1970, .double(1_404_633_540.25)),
  ])
  func datesRoundTripUnderEachStrategy(strategy: RecordDateStrategy, stored: JSONValue) throws {
    let ping = Ping(at: Date(timeIntervalSince1970: 1_404_633_540.25))
    #expect(try RecordEncoder(dateStrategy: strategy).encode(ping) == ["at": stored])
    #expect(try RecordDecoder(dateStrategy: strategy).decode(Ping.self, from: ["at": stored]) == ping)
  }

  @Test func customDatesAndTheirErrorsNameWhatWasExpected() throws {
    let days = RecordDateStrategy.custom(
      expected: "a day number",
      decode: { value in value.doubleValue.map { Date(timeIntervalSince1970: $0 * 86_400) } },
      encode: { date in .int(Int64(date.timeIntervalSince1970 / 86_400)) })
    let ping = try RecordDecoder(dateStrategy: days).decode(Ping.self, from: ["at": 2])
    #expect(ping.at == Date(timeIntervalSince1970: 172_800))
    #expect(try RecordEncoder(dateStrategy: days).encode(ping) == ["at": 2])
    var caught: RecordCodingError?
    do { _ = try RecordDecoder(dateStrategy: days).decode(Ping.self, from: ["at": "soon"]) } catch let error as RecordCodingError {
      caught = error
    }
    #expect(caught?.description == #"field 'at': expected a day number, found the string "soon" [typeMismatch]"#)
  }

  @Test func nestedContainersKeepLeavingNilsOut() throws {
    struct Inner: Codable { var a: Int?; var b: Int }
    struct Outer: Codable { var inner: Inner; var note: String? }
    #expect(try RecordEncoder().encode(Outer(inner: Inner(a: nil, b: 1), note: nil)) == ["inner": ["b": 1]])
  }
}
