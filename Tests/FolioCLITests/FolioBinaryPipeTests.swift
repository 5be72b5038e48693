import FolioTestSupport
import Foundation
import Testing

/// The built `folio` reads payload files that are pipes — `<(…)`, `/dev/fd/N`, a FIFO — as
/// streams, and takes a payload that is a single object, as the library does (issue 15, item 9).
@Suite struct FolioBinaryPipeTests {
  static let syncEmployee = FolioBinaryTests.syncEmployee

  @Test func aProcessSubstitutionIsReadAsAStream() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let result = try FolioBinaryTests.shell(
      "\(Self.syncEmployee) <(cat Fixtures/company/day-1.json)", in: company.path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("Synced /dev/fd/"))
    #expect(result.output.hasSuffix("24 inserted · 0 updated · 0 deleted · 0 unchanged · 0 skipped · 0 rejected\n"))
  }

  @Test func aDescriptorNamedByPathIsReadAsAStream() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let result = try FolioBinaryTests.shell(
      "\(Self.syncEmployee) /dev/fd/3 3< <(cat Fixtures/company/day-1.json)", in: company.path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("Synced /dev/fd/3 into Employee"))
  }

  @Test func aFIFOIsReadAsAStream() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let result = try FolioBinaryTests.shell(
      """
      mkfifo day-1.fifo
      cat Fixtures/company/day-1.json > day-1.fifo &
      timeout 60 \(Self.syncEmployee) day-1.fifo
      status=$?
      wait
      exit $status
      """, in: company.path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("Synced day-1.fifo into Employee"))
    #expect(result.output.hasSuffix("24 inserted · 0 updated · 0 deleted · 0 unchanged · 0 skipped · 0 rejected\n"))
  }

  @Test func errorsInAFIFOPayloadAreLocatedWithoutReadingItTwice() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    // A second open of the FIFO would wait for a writer forever: `timeout` turns that into 124.
    let result = try FolioBinaryTests.shell(
      """
      mkfifo messy.fifo
      cat Fixtures/company/messy.json > messy.fifo &
      timeout 60 \(Self.syncEmployee) --all-or-nothing messy.fifo
      status=$?
      wait
      exit $status
      """, in: company.path)
    #expect(result.status == 1)
    let lines = result.errors.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix("messy.fifo: error: 2 items were rejected") == true)
    #expect(lines.dropFirst().first?.hasPrefix("messy.fifo:4:63: note: Employee 4 rejected") == true)
    #expect(lines.last?.hasPrefix("messy.fifo:6:81: note: Employee 23 rejected") == true)
    #expect(!FileManager.default.fileExists(atPath: company.path + "/company.folio/Employee"))
  }

  @Test func aPipeIsReadOnlyUpToTheLimit() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let result = try FolioBinaryTests.shell(
      "FOLIO_MAX_INPUT_BYTES=1000 \(Self.syncEmployee) <(head -c 50000000 /dev/zero)",
      in: company.path)
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "error: the document is longer than the limit of 1000 bytes; split it, or raise FOLIO_MAX_INPUT_BYTES [tooLarge]"
      ))
  }

  @Test func aSingleObjectIsOneItemAndDeletesNothing() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let result = try FolioBinaryTests.shell(
      """
      \(Self.syncEmployee) Fixtures/company/day-1.json > /dev/null || exit 9
      \(Self.syncEmployee) <(echo '{"id": 1, "user": {"name": "Ada King"}}')
      """, in: company.path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains(#"Employee 1"#))
    #expect(result.output.hasSuffix("0 inserted · 1 updated · 0 deleted · 0 unchanged · 0 skipped · 0 rejected\n"))
  }
}
