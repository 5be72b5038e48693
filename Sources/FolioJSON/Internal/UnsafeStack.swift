/// A growable stack in manually managed memory, from which the top elements are moved out into a
/// new `Array` without retaining or releasing them.
///
/// The parser keeps the elements of every open array and object on one such stack; closing a
/// container moves its elements into an array of exactly the right size. The owner must call
/// ``deallocate()`` exactly once.
struct UnsafeStack<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  @inline(__always) mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  @inline(never) private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Removes and returns the top element; the stack must not be empty.
  @inline(__always) mutating func removeLast() -> Element {
    count -= 1
    return (base + count).move()
  }

  /// Moves the elements from `start` to the top into a new array and pops them.
  ///
  /// - Complexity: O(*k*) in the number of elements moved.
  @inline(__always) mutating func popArray(from start: Int) -> [Element] {
    let n = count - start
    guard n > 0 else { return [] }
    let source = base + start
    count = start
    // Not `Array(unsafeUninitializedCapacity:)`: that path is not specialised and looks up the
    // array's generic metadata in the runtime on every call, which dominated small arrays.
    var array: [Element] = []
    array.reserveCapacity(n)
    for i in 0..<n { array.append((source + i).move()) }
    return array
  }

  /// Pops the elements from `start` to the top, which the caller has already moved out.
  @inline(__always) mutating func forgetMoved(from start: Int) {
    count = start
  }

  /// Destroys the remaining elements and frees the memory.
  mutating func deallocate() {
    base.deinitialize(count: count)
    base.deallocate()
    count = 0
  }
}
