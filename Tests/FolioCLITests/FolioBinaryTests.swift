import FolioTestSupport
import Foundation
import Testing

/// Runs the built `folio` executable as a separate process: the real streams, exit statuses
/// and terminal detection, which in-process tests replace.
@Suite struct FolioBinaryTests {
  /// The `folio` executable built beside the tests.
  static func executable() throws -> URL { try FolioExecutable.url() }

  /// Runs `folio arguments` in `directory` with pipes for all three streams.
  static func run(_ arguments: [String], in directory: String, input: String = "") throws
    -> (status: Int32, output: String, errors: String)
  {
    let result = try ChildProcess.run(
      try executable().path, arguments, in: directory, environment: ["NO_COLOR": nil], input: Data(input.utf8))
    return (result.status, result.output, result.errors)
  }

  @Test func helpExitsWithZeroOnStandardOutput() throws {
    let result = try Self.run(["--help"], in: FileManager.default.temporaryDirectory.path)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: "))
    #expect(result.errors.isEmpty)
  }

  @Test func aUsageErrorExitsWithTwoOnStandardError() throws {
    let result = try Self.run(["sync", "--bogus"], in: FileManager.default.temporaryDirectory.path)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("error: Unknown option '--bogus'."))
  }

  @Test func aSyncFromStandardInputPrintsOnlyTheReportWhenPiped() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let payload = try String(
      contentsOfFile: company.path + "/Fixtures/company/day-1.json", encoding: .utf8)
    let result = try Self.run(
      [
        "sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity",
        "Employee", "-",
      ], in: company.path, input: payload)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)  // not a terminal: no progress bar, no colour
    #expect(
      result.output.hasPrefix(
        "Synced standard input into Employee of company.folio (generation 1)\n"))
  }

  @Test func aFailureExitsWithOneAndNamesTheFile() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let result = try Self.run(
      ["plan", "--store", "company.folio", "--entity", "Employee", "Fixtures/company/day-2.json"],
      in: company.path)
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("company.folio: error: There is no store at 'company.folio'."))
  }

  /// Runs a `bash` script in `directory` with `$FOLIO` set to the executable: for resource
  /// limits and pipelines around `folio`.
  static func shell(_ script: String, in directory: String) throws
    -> (status: Int32, output: String, errors: String)
  {
    let result = try ChildProcess.run("/bin/bash", ["-c", script], in: directory, environment: ["FOLIO": try executable().path])
    return (result.status, result.output, result.errors)
  }

  static let syncEmployee =
    #""$FOLIO" sync --store company.folio --schema Fixtures/company/schema.json --entity Employee"#

  @Test func aPayloadFileOverTheLimitIsRefusedByItsSizeWithoutReadingIt() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    // A sparse file one byte over the 1 GiB limit: no disk used.
    let big = company.path + "/big.json"
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: big))
    try handle.truncate(atOffset: (1 << 30) + 1)
    try handle.close()
    let started = ContinuousClock.now
    // 600 MB of address space: reading the file would need 1 GiB.
    let result = try Self.shell("ulimit -v 600000; exec \(Self.syncEmployee) big.json", in: company.path)
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(result.status == 1)
    #expect(
      result.errors.hasPrefix(
        "big.json:1:1: error: the document is longer than the limit of 1073741824 bytes; split it, or raise FOLIO_MAX_INPUT_BYTES [tooLarge]\n"
      ))
    #expect(!FileManager.default.fileExists(atPath: company.path + "/company.folio"))
  }

  @Test func standardInputIsReadOnlyUpToTheLimit() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    // 50 MB piped into a limit of 1,000 bytes: folio stops reading and exits, so the writer
    // meets a closed pipe instead of finishing (SIGPIPE, or EPIPE where SIGPIPE is ignored).
    let result = try Self.shell(
      """
      head -c 50000000 /dev/zero | FOLIO_MAX_INPUT_BYTES=1000 \(Self.syncEmployee) - 2>&1
      echo "statuses ${PIPESTATUS[0]} ${PIPESTATUS[1]}"
      """, in: company.path)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "<stdin>:1:1: error: the document is longer than the limit of 1000 bytes; split it, or raise FOLIO_MAX_INPUT_BYTES [tooLarge]"
    )
    let statuses = try #require(lines.last?.split(separator: " ").dropFirst().compactMap { Int($0) })
    #expect(statuses.count == 2 && statuses[0] != 0 && statuses[1] == 1, "\(lines)")
  }
}
