import FolioJSON
import Testing

/// `Array(uninitializedCapacity:initializingWith:)`, which every uninitialised array in the
/// package is made with: the standard initialiser's result, except that nothing is written
/// for a capacity of 0 (the race it avoids is seen only under ThreadSanitizer:
/// `SyncReportPartsTests.emptyReportsOnTwoThreadsAtOnce` in `.ci/run`).
@Suite struct ArrayUninitializedTests {
  @Test func aCapacityOfZeroGivesAnEmptyArrayAndStillRunsTheBody() {
    var ran = false
    var base: UnsafeMutablePointer<Int>?
    let array = [Int](uninitializedCapacity: 0) { buffer, initialized in
      ran = true
      base = buffer.baseAddress
      #expect(buffer.count == 0)
      initialized = 0
    }
    #expect(array.isEmpty)
    #expect(ran)
    #expect(base == nil)
  }

  @Test func aCapacityKeepsWhatTheBodyInitialized() {
    let array = [String](uninitializedCapacity: 5) { buffer, initialized in
      #expect(buffer.count >= 5)
      guard let base = buffer.baseAddress else { return }
      for i in 0..<3 { (base + i).initialize(to: "item \(i)") }
      initialized = 3
    }
    #expect(array == ["item 0", "item 1", "item 2"])
  }

  @Test func aThrowingBodyGivesItsError() {
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      _ = try [Int](uninitializedCapacity: 4) { _, initialized in
        initialized = 0
        throw Stop()
      }
    }
  }
}
