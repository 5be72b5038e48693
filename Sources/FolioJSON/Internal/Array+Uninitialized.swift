extension Array {
  /// `Array(unsafeUninitializedCapacity:initializingWith:)`, except that a capacity of 0 gives
  /// `[]` without touching shared memory: every use in the package goes through here.
  ///
  /// The standard library's initialiser, given 0, writes the count (0) into the one storage
  /// every empty array in the process shares. ThreadSanitizer reports that write as a race with
  /// any other thread's empty array (`.ci/run` failed on it: an empty sync report built while a
  /// test opened a store). With 0, `body` still runs, on an empty buffer with no base address.
  @inlinable package init(
    uninitializedCapacity capacity: Int,
    initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
  ) rethrows {
    guard capacity > 0 else {
      var empty = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
      var initialized = 0
      try body(&empty, &initialized)
      self = []
      return
    }
    try self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
  }
}
