extension ShardFile {
  /// The positions of `ids` in ascending order of the identifiers, which are unique.
  ///
  /// Each position is packed with its identifier's offset from the smallest one into a `UInt64`
  /// and the keys are sorted by the offset bits alone, eight bits per counting pass: for a
  /// shard's records, whose identifiers spread over the whole store, two or three passes instead
  /// of a comparison sort (callgrind: the comparison sort cost about 190 instructions per record).
  /// Identifiers spread over 2^40 or more, and tiny shards, use the comparison sort.
  ///
  /// - Complexity: O(*n*) for identifiers within 2^40 of each other, else O(*n* log *n*).
  static func integerOrder(_ ids: [Int64]) -> [Int] {
    guard let smallest = ids.min(), let largest = ids.max() else { return [] }
    let span = largest.subtractingReportingOverflow(smallest)
    guard ids.count >= 64, ids.count < 1 << 24, !span.overflow, span.partialValue < 1 << 40
    else {
      return ids.indices.sorted { ids[$0] < ids[$1] }
    }
    var keys = [UInt64](uninitializedCapacity: ids.count) { keys, initialized in
      for (position, id) in ids.enumerated() {
        keys[position] = UInt64(id &- smallest) << 24 | UInt64(position)
      }
      initialized = ids.count
    }
    let bits = UInt64.bitWidth - UInt64(span.partialValue).leadingZeroBitCount
    radixSort(&keys, shift: 24, bits: bits)
    return keys.map { Int($0 & 0xFF_FFFF) }
  }

  /// Sorts `keys` by their bits `shift ..< shift + bits`, eight bits per pass (least significant
  /// first; each pass keeps the order of keys equal in its bits).
  static func radixSort(_ keys: inout [UInt64], shift: Int, bits: Int) {
    guard bits > 0 else { return }
    let count = keys.count
    var scratch = [UInt64](repeating: 0, count: count)
    var counts = [Int](repeating: 0, count: 256)
    keys.withUnsafeMutableBufferPointer { keys in
      scratch.withUnsafeMutableBufferPointer { scratch in
        counts.withUnsafeMutableBufferPointer { counts in
          var source = keys
          var target = scratch
          var low = UInt64(shift)
          while low < UInt64(shift + bits) {
            counts.update(repeating: 0)
            for key in source { counts[Int(truncatingIfNeeded: key >> low & 0xFF)] += 1 }
            var total = 0
            for digit in 0..<256 {
              let n = counts[digit]
              counts[digit] = total
              total += n
            }
            for key in source {
              let digit = Int(truncatingIfNeeded: key >> low & 0xFF)
              target[counts[digit]] = key
              counts[digit] += 1
            }
            swap(&source, &target)
            low += 8
          }
          if source.baseAddress != keys.baseAddress {
            _ = keys.update(fromContentsOf: source)
          }
        }
      }
    }
  }
}
