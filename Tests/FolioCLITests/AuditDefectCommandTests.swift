import Folio
import FolioTestSupport
import Foundation
import Testing

@testable import FolioCLI

/// Issue 14's defects as the audit met them from the command line.
@Suite struct AuditDefectCommandTests {
  @Test func aSyncIntoAStoreThatLostItsSchemaIsRefusedAndChangesNothing() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    try FileManager.default.removeItem(atPath: company.path + "/company.folio/schema.json")
    let before = company.storeFiles()
    let run = company.run(
      ["sync", "--store", "company.folio", "--entity", "Department", "--no-delete", "Fixtures/company/departments.json"])
    #expect(run.status == 1)
    #expect(run.errors.contains("is not a Folio store: there is no schema.json (it holds .gitattributes, .gitignore, Department, Employee)"))
    #expect(company.storeFiles() == before)
  }

  @Test func aSaveThatFailsBeforeItsCommitPointLeavesNoJournalAndNoChange() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let created = try FolioBinaryTests.run(
      ["sync", "--store", "company.folio", "--schema", "Fixtures/company/schema.json", "--entity", "Employee", "Fixtures/company/day-1.json"],
      in: company.path)
    #expect(created.status == 0)
    let items = (1...300).map { #"{"id": \#($0), "user": {"name": "Employee \#($0)"}, "salary": 1000.5, "department_id": 1}"# }
    try company.write("many.json", "[" + items.joined(separator: ",\n") + "]")
    let before = company.storeFiles()
    // Files larger than 16 KiB cannot be written (EFBIG): the new Employee file is about 60 KiB.
    let run = try FolioBinaryTests.shell(
      #"trap '' XFSZ; ulimit -f 16; "$FOLIO" sync --store company.folio --entity Employee many.json"#, in: company.path)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    #expect(run.errors.contains("error: could not write"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: company.path + "/company.folio/.folio/journal"))
    #expect(company.storeFiles() == before)
  }

  @Test func aFailedInitLeavesNothingBehind() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    // Files larger than 1 KiB cannot be written (EFBIG): schema.json is larger.
    let run = try FolioBinaryTests.shell(
      #"trap '' XFSZ; ulimit -f 1; "$FOLIO" init --store s.folio --schema Fixtures/company/schema.json"#, in: company.path)
    #expect(run.status == 1, "\(run.output)\(run.errors)")
    let left = try FileManager.default.contentsOfDirectory(atPath: company.path).filter { $0.contains("s.folio") }
    #expect(left == [])
    // Nothing half made: the same command then succeeds.
    let again = try FolioBinaryTests.run(["init", "--store", "s.folio", "--schema", "Fixtures/company/schema.json"], in: company.path)
    #expect(again.status == 0, "\(again.errors)")
  }

  @Test(arguments: ["lock", "commit.lock", "schema.json", "manifest.json"])
  func anEntityNamedLikeAStoreFileIsRefusedBeforeAnythingIsWritten(_ name: String) throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try company.write("odd.json", #"{"folioSchema": 1, "entities": [{"name": "\#(name)", "identifiers": ["id"], "attributes": [{"name": "id", "type": "int"}]}]}"#)
    let run = try FolioBinaryTests.run(["init", "--store", "s.folio", "--schema", "odd.json"], in: company.path)
    #expect(run.status == 1)
    // Schema validation refuses names with a dot; the store refuses `lock` itself.
    #expect(run.errors.contains("'\(name)'") && run.errors.contains("folder name"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: company.path + "/s.folio"))
  }

  /// A real failure after the commit point: `folio` runs with a preloaded library whose
  /// `link(2)` fails with EIO for any new name inside the Employee folder, so the commit's files
  /// cannot be moved into place once the commit record is written (before it, Folio only writes
  /// inside `.folio`). `folio sync` exits with 3, and readers see the committed change.
  ///
  /// An earlier form of this test made the folder immutable with `chattr +i`, which needs
  /// CAP_LINUX_IMMUTABLE: the CI's container does not grant it, so the test failed there.
  /// The interposer is built with the toolchain's own `clang`, which every Swift install has.
  @Test func aSyncFailingAfterItsCommitPointExitsWithThree() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    company.sync("Employee", "day-1.json")
    let library = try Self.linkFailingLibrary(in: company.path)
    // The built executable as a process of its own: the library is preloaded into it alone.
    let run = try FolioBinaryTests.shell(
      #"LD_PRELOAD='\#(library)' FOLIO_TEST_FAIL_LINK_INTO=company.folio/Employee/ "$FOLIO" sync --store company.folio --entity Employee Fixtures/company/day-2.json"#,
      in: company.path)
    #expect(run.status == ExitStatus.committedNotFinished, "\(run.errors)")
    #expect(run.errors.hasSuffix("finishes it [committedNotFinished]\n"), "\(run.errors)")
    let check = company.run(["check", "--store", "company.folio"])
    #expect(check.status == 0, "\(check.output)\(check.errors)")
    let query = company.run(["query", "--store", "company.folio", "--entity", "Employee", "--where", "id == 3", "--json"])
    #expect(query.output.contains("Alan M. Turing"), "\(query.output)")
    // The next writer finishes the commit: afterwards no journal is left.
    let writer = company.run(["sync", "--store", "company.folio", "--entity", "Employee", "Fixtures/company/day-2.json"])
    #expect(writer.status == 0, "\(writer.errors)")
    #expect(!FileManager.default.fileExists(atPath: company.path + "/company.folio/.folio/journal/commit.json"))
  }

  /// Builds a shared library whose `link(2)` fails with EIO when the new name contains
  /// `$FOLIO_TEST_FAIL_LINK_INTO`, and otherwise calls the real one. Returns its path.
  static func linkFailingLibrary(in directory: String) throws -> String {
    let source = directory + "/fail-link.c"
    let library = directory + "/fail-link.so"
    try Data(
      """
      #define _GNU_SOURCE
      #include <dlfcn.h>
      #include <errno.h>
      #include <stdlib.h>
      #include <string.h>
      int link(const char *from, const char *to) {
        const char *inside = getenv("FOLIO_TEST_FAIL_LINK_INTO");
        if (inside != NULL && strstr(to, inside) != NULL) { errno = EIO; return -1; }
        int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "link");
        return real(from, to);
      }
      """.utf8
    ).write(to: URL(fileURLWithPath: source))
    let built = try FolioBinaryTests.shell("clang -shared -fPIC -o fail-link.so fail-link.c -ldl", in: directory)
    try #require(built.status == 0, "clang could not build the interposer: \(built.errors)")
    return library
  }

  @Test func aChangeCommittedButNotFinishedHasAnExitStatusOfItsOwn() {
    #expect(FolioCommand.status(for: StoreError(code: .committedNotFinished, message: "")) == 3)
    // A sync carries the store's code over, so `folio sync` exits 3 too, not 1 (issue 31).
    #expect(FolioCommand.status(for: SyncError(code: .committedNotFinished, message: "")) == 3)
    #expect(FolioCommand.status(for: SyncError(code: .storeRefused, message: "")) == 1)
    #expect(FolioCommand.status(for: StoreError(code: .ioFailure, message: "")) == ExitStatus.failure)
  }
}
