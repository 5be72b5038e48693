import FolioTestSupport
import Foundation
import Testing

/// The built `folio` on a real pseudo-terminal (Python's `pty` module opens it and sets its
/// width): the progress display redraws in place within the terminal's width, counts items with
/// a rate, and clears its line when done and when the process is interrupted (issue 16, item 10).
@Suite(.serialized) struct FolioBinaryProgressTests {
  /// (The script is not named `pty.py`: that would shadow the module it imports.)
  ///
  /// Runs `folio ARGS…` with standard error on a pseudo-terminal `columns` wide and standard
  /// output in `report.txt`; with `interrupt`, sends SIGINT once the terminal shows that text.
  /// Writes what the terminal received to `terminal.bin` and exits with folio's status (the
  /// negated signal number when a signal ended it).
  static let onATerminal = #"""
    import os, pty, fcntl, termios, struct, subprocess, sys, signal
    columns, interrupt, arguments = int(sys.argv[1]), sys.argv[2].encode(), sys.argv[3:]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 24, columns, 0, 0))
    # The child inherits the signal mask: 'blocked' starts it with SIGINT and SIGTERM blocked.
    mask = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK if os.environ.get('MASK') == 'blocked' else signal.SIG_UNBLOCK, mask)
    with open('report.txt', 'wb') as report:
        child = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=report, stderr=slave)
    os.close(slave)
    seen, sent = b'', False
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if interrupt and not sent and interrupt in seen:
            child.send_signal(signal.SIGINT)
            sent = True
    status = child.wait()
    open('terminal.bin', 'wb').write(seen)
    sys.exit(status if status >= 0 else 128 - status)
    """#

  /// A payload of `count` employees, each with a nested user.
  static func payload(_ count: Int, from first: Int = 1) -> String {
    "["
      + (first..<(first + count)).map {
        #"{"id": \#($0), "user": {"name": "E\#($0)"}, "salary": 1.0}"#
      }.joined(separator: ",\n") + "]"
  }

  static func runOnATerminal(
    _ arguments: String, columns: Int, interruptAt: String = "", interruptsBlocked: Bool = false,
    in company: CompanyDirectory
  ) throws -> (status: Int32, terminal: String, report: String) {
    try onATerminal.write(toFile: company.path + "/onterm.py", atomically: true, encoding: .utf8)
    let mask = interruptsBlocked ? "blocked" : "unblocked"
    let result = try FolioBinaryTests.shell(
      #"MASK=\#(mask) python3 onterm.py \#(columns) '\#(interruptAt)' "$FOLIO" \#(arguments)"#, in: company.path)
    let terminal = try String(contentsOfFile: company.path + "/terminal.bin", encoding: .utf8)
    let report = try String(contentsOfFile: company.path + "/report.txt", encoding: .utf8)
    return (result.status, terminal, report)
  }

  @Test func aLongSyncRedrawsOneLineWithinA50ColumnTerminalThenClearsIt() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try Self.payload(60_000).write(toFile: company.path + "/many.json", atomically: true, encoding: .utf8)
    let run = try Self.runOnATerminal(
      "sync --store company.folio --schema Fixtures/company/schema.json --entity Employee many.json",
      columns: 50, in: company)
    #expect(run.status == 0, "\(run.terminal)")
    #expect(run.report.hasPrefix("Synced many.json into Employee of company.folio"))
    #expect(run.report.contains("60000 inserted"))
    // Nothing but redraws: no newline (a wrapped or stale line), every draw within 49 columns.
    #expect(!run.terminal.contains("\n"))
    let draws = run.terminal.split(separator: "\r").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
    #expect(draws.contains { $0.hasPrefix("planning Employee ") && $0.hasSuffix(" 100% 60,000/60,000 items") })
    #expect(draws.contains { $0.hasPrefix("writing company.folio ") && $0.contains(" files") })
    for draw in draws { #expect(draw.count <= 49, "\(draw)") }
    #expect(run.terminal.hasSuffix("\r\u{1B}[K"))
  }

  /// Whether the parent started `folio` with SIGINT and SIGTERM blocked (a mask is inherited
  /// across `exec`; test runners' threads often block them): Ctrl-C must work either way.
  @Test(arguments: [false, true])
  func ctrlCClearsTheLineAndLeavesTheStoreAsItWas(interruptsBlocked: Bool) throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    let day1 = try FolioBinaryTests.shell(
      "\(FolioBinaryTests.syncEmployee) Fixtures/company/day-1.json", in: company.path)
    #expect(day1.status == 0, "\(day1.errors)")
    let countQuery = #""$FOLIO" query --store company.folio --entity Employee --count"#
    let before = try FolioBinaryTests.shell(countQuery, in: company.path)
    #expect(before.output == "20\n")
    try Self.payload(200_000, from: 1_000).write(
      toFile: company.path + "/many.json", atomically: true, encoding: .utf8)
    let run = try Self.runOnATerminal(
      "sync --store company.folio --entity Employee many.json", columns: 80,
      interruptAt: " left", interruptsBlocked: interruptsBlocked, in: company)
    #expect(run.status == 128 + SIGINT, "\(run.terminal)")
    #expect(run.report.isEmpty)
    // The file is read by the sync as it plans, a block at a time: no reading phase before.
    #expect(!run.terminal.contains("\rreading many.json "))
    #expect(run.terminal.contains("\rplanning Employee "))
    #expect(run.terminal.contains(" items/s "))  // the rate, then the time left: the signal's cue
    #expect(run.terminal.hasSuffix("\r\u{1B}[K"))
    let after = try FolioBinaryTests.shell(countQuery, in: company.path)
    #expect(after.output == before.output)
    let check = try FolioBinaryTests.shell(#""$FOLIO" check --store company.folio"#, in: company.path)
    #expect(check.status == 0, "\(check.output)\(check.errors)")
  }

  @Test func aPipeGetsNoProgressAtAll() throws {
    let company = try CompanyDirectory()
    defer { company.remove() }
    try Self.payload(20_000).write(toFile: company.path + "/many.json", atomically: true, encoding: .utf8)
    let result = try FolioBinaryTests.shell(
      "\(FolioBinaryTests.syncEmployee) many.json", in: company.path)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
  }
}
