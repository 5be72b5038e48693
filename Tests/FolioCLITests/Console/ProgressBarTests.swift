import Testing

@testable import FolioCLI

@Suite struct ProgressBarTests {
  static func console(_ errors: CapturedOutput, terminal: Bool) -> Console {
    Console(
      standardOutput: CapturedOutput(), standardError: errors, currentDirectory: "/",
      isErrorTerminal: terminal)
  }

  @Test func drawsInPlaceOnlyWhenItsCellsChangeThenClearsItsLine() {
    let errors = CapturedOutput()
    var bar = ProgressBar(console: Self.console(errors, terminal: true), isLong: true)
    bar.update(0.5, "planning")
    bar.update(0.51, "planning")  // same number of cells: no redraw
    bar.finish()
    let half = String(repeating: "█", count: 15) + String(repeating: "░", count: 15)
    #expect(errors.text == "\r\(half) 50% planning\u{1B}[K\r\u{1B}[K")
  }

  @Test(arguments: [(true, false), (false, true), (false, false)])
  func staysSilentUnlessTheWorkIsLongAndStandardErrorIsATerminal(terminal: Bool, isLong: Bool) {
    let errors = CapturedOutput()
    var bar = ProgressBar(console: Self.console(errors, terminal: terminal), isLong: isLong)
    bar.update(0.5, "planning")
    bar.finish()
    #expect(errors.text.isEmpty)
  }

  @Test func shortPayloadsGetNoBar() {
    let console = Self.console(CapturedOutput(), terminal: true)
    #expect(!ProgressBar(console: console, items: ProgressBar.minimumItems - 1).isDrawing)
    #expect(ProgressBar(console: console, items: ProgressBar.minimumItems).isDrawing)
  }
}
