import Folio
import Foundation
import Testing

@Suite struct InspectCommandTests {
  @Test func inspectCountsRecordsShardsAndBytes() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Department", "departments.json")
    company.sync("Employee", "day-1.json")
    let run = company.run(["inspect", "--store", "company.folio", "--json"])
    #expect(run.status == 0)
    let info = try JSONParser.parse(run.output)
    #expect(info["generation"] == 2)
    #expect(info["entities"]?[1]?["name"] == "Employee")
    #expect(info["entities"]?[1]?["records"] == 20)
    #expect(info["entities"]?[1]?["shards"] == 1)
    let bytes =
      try FileManager.default.attributesOfItem(
        atPath: company.path + "/company.folio/Employee/0000000000000000.json")[.size] as? NSNumber
    #expect(info["entities"]?[1]?["bytes"] == .int(Int64(bytes?.intValue ?? -1)))
    let text = company.run(["inspect", "--store", "company.folio"])
    #expect(text.output.contains("\n  Employee         20       1"))
  }
}
