import Dispatch
import Foundation
import Synchronization

/// Parses a payload's chunks in order, on a thread of its own a few chunks ahead of the reader
/// when there are several, so parsing the payload overlaps planning it. The reader takes chunks
/// with ``next()``; when it is done (or gives up early), the parser stops.
///
/// The parsing thread's loop: hand a chunk's items over, parse the next chunk's items from the
/// payload (reading the file further if need be).
final class ChunkParser: Sendable {
  enum Chunk: Sendable {
    case items(ParsedItems)
    case failed
    case end
  }

  /// The payload's chunks after the first, parsed on the parsing thread; `nil` when the first
  /// was the only one (then there is no thread). Only the parsing thread takes the lock.
  private let rest: Mutex<PayloadChunks?>
  /// Whether there is a parsing thread.
  private let background: Bool
  /// The only chunk's items when there is no parsing thread, until they are taken.
  private let single: Mutex<ParsedItems?>
  /// How many items the parsing has read, for progress.
  let count: ItemCount
  /// Chunks parsed and not yet taken, and whether the reader has stopped.
  private let state = Mutex<(ready: [Chunk], stopped: Bool)>(([], false))
  /// Counts chunks ready to take, and free places ahead (at most `ahead` chunks wait).
  private let ready = DispatchSemaphore(value: 0)
  private let free: DispatchSemaphore
  /// Chunks the reader has finished with, freed by the parsing thread between chunks and,
  /// once every chunk is parsed, as they come (signalled by `collect`) until the reader stops.
  private let garbage = Mutex<[ParsedItems]>([])
  private let collect = DispatchSemaphore(value: 0)
  static let ahead = 4

  /// A source of `first` (the first chunk's items, `nil` for an empty array) and, parsed on a
  /// thread of its own, of the chunks `rest` reads after it.
  init(first: ParsedItems?, rest: PayloadChunks?, count: ItemCount) {
    self.count = count
    // Created at 0 and raised to `ahead`, not created at `ahead`: libdispatch traps when a
    // semaphore is freed below the value it was created with, which is where this one ends
    // when the reader stops early (the parsing thread then took a place it never gave back).
    free = DispatchSemaphore(value: 0)
    for _ in 0..<ChunkParser.ahead { free.signal() }
    background = first != nil && rest != nil
    self.rest = Mutex(rest)
    if background, let first {
      single = Mutex(nil)
      let thread = Thread { [self] in produce(first: first) }
      thread.start()
    } else {
      single = Mutex(first)
    }
  }

  /// Takes items the reader is done with, to free them on the parsing thread (when there is one).
  func discard(_ items: ParsedItems) {
    guard background, !items.isEmpty else { return }
    garbage.withLock { $0.append(items) }
    collect.signal()
  }

  /// Stops parsing ahead: the reader is done (or gave up). Call once the reader stops taking
  /// chunks, or the parsing thread waits for room forever.
  func stop() {
    state.withLock { $0.stopped = true }
    free.signal()
    collect.signal()
  }

  /// Parses chunk after chunk, waiting while ``ahead`` are ready, until the end, a failure or
  /// the reader stops: hand a chunk over, parse the next one.
  private func produce(first: ParsedItems) {
    var chunk = Chunk.items(first)
    while true {
      free.wait()
      if state.withLock({ $0.stopped }) { return }
      freeGarbage()
      hand(chunk)
      let next = rest.withLock { $0?.next() ?? .malformed }
      guard case .items(let items) = next else {
        // The payload is read: let the reading window (8 MB at most) and the file go now, not
        // when the sync ends (massif, 100k day 1: the window was 7% of the heap's peak).
        rest.withLock { $0 = nil }
        let isEnd: Bool
        if case .end = next { isEnd = true } else { isEnd = false }
        if isEnd { count.finish() }
        free.wait()
        hand(isEnd ? .end : .failed)
        break
      }
      count.add(items.count)
      chunk = .items(items)
    }
    // Parsing usually finishes well ahead of the planner: keep freeing what it is done with.
    while true {
      collect.wait()
      freeGarbage()
      if state.withLock({ $0.stopped }) { return }
    }
  }

  private func hand(_ chunk: Chunk) {
    state.withLock { $0.ready.append(chunk) }
    ready.signal()
  }

  /// Frees the chunks the reader has finished with, here rather than on the reader's thread.
  private func freeGarbage() {
    let finished = garbage.withLock { garbage in
      defer { garbage = [] }
      return garbage
    }
    _ = finished
  }

  /// The next chunk's items, `.failed` when it did not parse, or `.end` after the last. Call
  /// no more once it has returned `.end` or `.failed`.
  func next() -> Chunk {
    guard background else {
      guard let items = single.withLock({ $0.take() }) else { return .end }
      return .items(items)
    }
    ready.wait()
    let chunk = state.withLock { $0.ready.removeFirst() }
    free.signal()
    return chunk
  }
}

/// How many items a streamed payload holds: estimated when the first chunk is read, counted as
/// the reading goes, exact once it has reached the array's end.
final class ItemCount: Sendable {
  /// The estimate made from the first chunk.
  let estimate: Int
  private let read: Atomic<Int>
  private let complete = Atomic(false)

  init(estimate: Int, read: Int) {
    self.estimate = estimate
    self.read = Atomic(read)
  }

  func add(_ items: Int) { read.add(items, ordering: .relaxed) }
  func finish() { complete.store(true, ordering: .releasing) }

  /// The total to report when `completed` items are planned: the exact count once the whole
  /// array is read, else the estimate, never below what is known to exist.
  func total(completed: Int) -> Int {
    let isComplete = complete.load(ordering: .acquiring)
    let read = read.load(ordering: .relaxed)
    return isComplete ? max(read, completed) : max(estimate, read, completed)
  }
}
