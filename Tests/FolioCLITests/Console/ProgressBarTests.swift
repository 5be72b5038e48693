import Dispatch
import Testing

@testable import FolioCLI

@Suite struct ProgressBarTests {
  static func console(_ errors: CapturedOutput, terminal: Bool, width: Int? = 80) -> Console {
    var console = Console(
      standardOutput: CapturedOutput(), standardError: errors, currentDirectory: "/",
      isErrorTerminal: terminal)
    console.terminalWidth = { width }
    return console
  }

  static let planning = ProgressBar.Figures(
    label: "planning Employee", completed: 45_312, total: 100_000, unit: .items, rate: 52_100)

  @Test func aWideLineShowsTheBarThePercentageTheCountsTheRateAndTheTimeLeft() {
    let line = ProgressBar.line(Self.planning, width: 120)
    let bar = String(repeating: "█", count: 13) + String(repeating: "░", count: 17)
    #expect(line == "planning Employee \(bar) 45% 45,312/100,000 items 52.1k items/s 2s left")
  }

  @Test(arguments: [200, 120, 80, 60, 50, 40, 30, 20, 10, 2, 1])
  func aLineNeverReachesTheTerminalsLastColumn(width: Int) {
    for figures in [
      Self.planning,
      ProgressBar.Figures(
        label: "reading a-long-payload-file-name.json", completed: 4_000_000, total: 10_000_000,
        unit: .bytes, rate: 8_100_000),
      ProgressBar.Figures(label: "writing company.folio", completed: 3, total: 120, unit: .files, rate: nil),
      ProgressBar.Figures(label: "reading -", completed: 1_000, total: 0, unit: .bytes, rate: 10),
    ] {
      let line = ProgressBar.line(figures, width: width)
      #expect(line.count <= max(width - 1, 1), "\(line)")
      #expect(!line.contains("\n") && !line.contains("\r"))
    }
  }

  @Test func aNarrowingTerminalDropsThePaceThenTheBar() {
    let at50 = ProgressBar.line(Self.planning, width: 50)
    #expect(at50.hasPrefix("planning Employee █"))
    #expect(at50.hasSuffix(" 45% 45,312/100,000 items"))
    #expect(!at50.contains("/s"))
    let at40 = ProgressBar.line(Self.planning, width: 40)
    #expect(at40 == "planning Employee 45% 45,312/100,000 it")
  }

  @Test func countsRatesAndTimesAreReadable() {
    #expect(ProgressBar.count(1_234_567, .items) == "1,234,567")
    #expect(ProgressBar.count(999, .files) == "999")
    #expect(ProgressBar.count(4_200_000, .bytes) == "4.2")
    #expect(ProgressBar.rateText(8_100_000, .bytes) == "8.1 MB/s")
    #expect(ProgressBar.rateText(900, .items) == "900 items/s")
    #expect(ProgressBar.durationText(6.2) == "7s")
    #expect(ProgressBar.durationText(125) == "2m05s")
  }

  @Test func drawsInPlaceAndClearsItsLineWhenFinished() {
    let errors = CapturedOutput()
    let bar = ProgressBar(console: Self.console(errors, terminal: true, width: 50))
    bar.update("planning Employee", completed: 0, total: 20_000, unit: .items)
    bar.update("planning Employee", completed: 20_000, total: 20_000, unit: .items)
    bar.update("writing company.folio", completed: 2, total: 2, unit: .files)
    #expect(bar.isDrawing)
    bar.finish()
    let draws = errors.text.split(separator: "\r", omittingEmptySubsequences: true)
    #expect(draws.count == 4)
    #expect(draws[0].hasPrefix("planning Employee ░") && draws[0].hasSuffix(" 0% 0/20,000 items\u{1B}[K"))
    #expect(draws[1].hasSuffix(" 100% 20,000/20,000 items\u{1B}[K"))
    #expect(draws[2].hasPrefix("writing company.folio █"))
    #expect(draws[3] == "\u{1B}[K")
    #expect(!bar.isDrawing)
  }

  @Test func redrawsOfOneStepAreLimitedToAboutTenASecond() {
    let errors = CapturedOutput()
    let bar = ProgressBar(console: Self.console(errors, terminal: true))
    for n in stride(from: 0, to: 20_000, by: 100) {
      bar.update("planning Employee", completed: n, total: 20_000, unit: .items)
    }
    bar.finish()
    // The first draw and the clearing; a slow machine may add a draw or two in between.
    #expect(errors.text.split(separator: "\r").count < 10)
  }

  @Test(arguments: [(true, false), (false, true), (false, false)])
  func staysSilentUnlessTheWorkIsLongAndStandardErrorIsATerminal(terminal: Bool, isLong: Bool) {
    let errors = CapturedOutput()
    let bar = ProgressBar(console: Self.console(errors, terminal: terminal))
    let total = isLong ? ProgressBar.minimumItems : ProgressBar.minimumItems - 1
    bar.update("planning Employee", completed: total / 2, total: total, unit: .items)
    bar.update("writing company.folio", completed: 1, total: 1, unit: .files)
    bar.finish()
    #expect(errors.text.isEmpty)
    #expect(!bar.isDrawing)
  }

  @Test func aLargeFileIsShownWhileItIsRead() {
    let errors = CapturedOutput()
    let bar = ProgressBar(console: Self.console(errors, terminal: true))
    bar.update("reading small.json", completed: 1, total: ProgressBar.minimumBytes - 1, unit: .bytes)
    #expect(!bar.isDrawing)
    bar.update("reading big.json", completed: 1 << 20, total: ProgressBar.minimumBytes, unit: .bytes)
    #expect(bar.isDrawing)
    #expect(errors.text.hasPrefix("\rreading big.json "))
    bar.finish()
  }

  @Test func updatesFromManyThreadsAtOnceDrawWholeLines() {
    let errors = CapturedOutput()
    let bar = ProgressBar(console: Self.console(errors, terminal: true))
    bar.update("planning Employee", completed: 0, total: 50_000, unit: .items)
    DispatchQueue.concurrentPerform(iterations: 2_000) { n in
      bar.update("writing company.folio", completed: n, total: 2_000, unit: .files)
    }
    bar.finish()
    for draw in errors.text.split(separator: "\r") {
      #expect(draw.hasSuffix("\u{1B}[K"))
    }
  }
}
