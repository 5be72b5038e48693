import Dispatch
import Foundation
import Synchronization

/// Parses a payload's chunks in order, on a thread of its own a few chunks ahead of the reader
/// when there are several, so splitting and parsing the payload overlap planning it. The reader
/// takes chunks with ``next()``; when it is done (or gives up early), the parser stops.
///
/// The parsing thread's loop: parse a chunk's text, hand the items over, cut the next chunk's
/// text from the payload (reading the file further if need be).
final class ChunkParser: Sendable {
  enum Chunk: Sendable {
    case items([JSONValue])
    case failed
    case end
  }

  /// The payload's chunks after the first, cut on the parsing thread; `nil` when the first was
  /// the only one (then there is no thread). Only the parsing thread takes the lock.
  private let rest: Mutex<PayloadChunks?>
  /// Whether there is a parsing thread.
  private let background: Bool
  /// The only chunk's text when there is no parsing thread, until it is taken.
  private let single: Mutex<[UInt8]?>
  private let options: JSONParser.Options
  /// How many items the splitting has found, for progress.
  let count: ItemCount
  /// Chunks parsed and not yet taken, and whether the reader has stopped.
  private let state = Mutex<(ready: [Chunk], stopped: Bool)>(([], false))
  /// Counts chunks ready to take, and free places ahead (at most `ahead` chunks wait).
  private let ready = DispatchSemaphore(value: 0)
  private let free: DispatchSemaphore
  /// Chunks the reader has finished with, freed by the parsing thread between chunks and,
  /// once every chunk is parsed, as they come (signalled by `collect`) until the reader stops.
  private let garbage = Mutex<[[JSONValue]]>([])
  private let collect = DispatchSemaphore(value: 0)
  static let ahead = 4

  /// A parser of `first` (the first chunk's text, `nil` for an empty array) and, on a thread of
  /// its own, of the chunks `rest` cuts after it.
  init(first: [UInt8]?, rest: PayloadChunks?, count: ItemCount, options: JSONParser.Options) {
    self.options = options
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
  func discard(_ items: [JSONValue]) {
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

  /// The items of one chunk's text; `.failed` when they do not parse. String values repeated
  /// across chunks are shared through `pool`, when there is one.
  private func parse(_ text: [UInt8], pool: JSONParser.StringPool? = nil) -> Chunk {
    guard case .array(let items)? = try? JSONParser.parse(text, options: options, pool: pool) else {
      return .failed
    }
    return .items(items)
  }

  /// Parses chunk after chunk, waiting while ``ahead`` are ready, until the end, a failure or
  /// the reader stops: parse a chunk's text, hand the chunk over, cut the next one's text.
  private func produce(first: [UInt8]) {
    var text = first
    let pool = JSONParser.StringPool()
    while true {
      free.wait()
      if state.withLock({ $0.stopped }) { return }
      freeGarbage()
      let chunk = parse(text, pool: pool)
      hand(chunk)
      guard case .items = chunk else { break }
      // The next chunk's text goes into the same buffer (fresh memory per chunk was page faults).
      let next = rest.withLock { $0?.next(into: &text) ?? .malformed }
      guard case .chunk(let items) = next else {
        // The split is over: let the reading window (8 MB at most) and the file go now, not
        // when the sync ends (massif, 100k day 1: the window was 7% of the heap's peak).
        rest.withLock { $0 = nil }
        let isEnd: Bool
        if case .end = next { isEnd = true } else { isEnd = false }
        if isEnd { count.finish() }
        free.wait()
        hand(isEnd ? .end : .failed)
        break
      }
      count.add(items)
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
      guard let text = single.withLock({ $0.take() }) else { return .end }
      return parse(text)
    }
    ready.wait()
    let chunk = state.withLock { $0.ready.removeFirst() }
    free.signal()
    return chunk
  }
}

/// How many items a streamed payload holds: estimated when the first chunk is cut, counted as
/// the splitting goes, exact once it has reached the array's end.
final class ItemCount: Sendable {
  /// The estimate made from the first chunk.
  let estimate: Int
  private let split: Atomic<Int>
  private let complete = Atomic(false)

  init(estimate: Int, split: Int) {
    self.estimate = estimate
    self.split = Atomic(split)
  }

  func add(_ items: Int) { split.add(items, ordering: .relaxed) }
  func finish() { complete.store(true, ordering: .releasing) }

  /// The total to report when `completed` items are planned: the exact count once the whole
  /// array is split, else the estimate, never below what is known to exist.
  func total(completed: Int) -> Int {
    let isComplete = complete.load(ordering: .acquiring)
    let split = split.load(ordering: .relaxed)
    return isComplete ? max(split, completed) : max(estimate, split, completed)
  }
}
