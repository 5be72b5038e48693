/// Where each of a fixed list of names sits among an object's members, remembered from the
/// previous object so that objects of one shape are matched without comparing keys.
///
/// A slot may have several candidate names (`mobilePhone`, `mobile_phone`, `MobilePhone`): its
/// position is that of the first candidate present, and slots where more than one is present are
/// listed in ``ambiguous`` (found with the positions, so checking costs nothing per item).
///
/// Payload items of one entity nearly always have the same keys in the same order, and the
/// parser hands out one shared string per distinct key; stored records are kept in canonical key
/// order. So the positions found for one object are usually right for the next: checking that
/// costs one two-word comparison per member, where looking every name up costs a scan with
/// string comparisons each (callgrind, 100k-record sync: 40% of the planner's per-item work).
struct MemberPositions {
  /// The candidate names to find, per slot, in priority order.
  let candidates: [[String]]
  /// The keys of the object last resolved. Held (not only their bits) so that no key's storage
  /// can be freed and reused by a different key while it is remembered here.
  private var shape: [String] = []
  /// Per slot: the member's position in that object, or -1 when absent.
  private(set) var positions: [Int]
  /// The slots for which more than one candidate is present, with every present candidate's
  /// position in priority order. Usually empty.
  private(set) var ambiguous: [(slot: Int, positions: [Int])] = []

  /// A string's two machine words: equal words mean the same stored string (the converse does
  /// not hold, so a mismatch only means "look again").
  struct StringBits: Equatable {
    let a: UInt64
    let b: UInt64

    @inline(__always) init(_ string: String) {
      (a, b) = unsafeBitCast(string, to: (UInt64, UInt64).self)
    }
  }

  /// Slots of one name each.
  init(names: [String]) {
    self.init(candidates: names.map { [$0] })
  }

  /// Slots of candidate names each (an empty list is never found).
  init(candidates: [[String]]) {
    self.candidates = candidates
    positions = Array(repeating: -1, count: candidates.count)
  }

  /// Finds the slots' positions among `keys` (an object's, in member order), reusing the
  /// previous answer when the keys are the very strings seen last time — at once when they are
  /// the same array (objects of one parse share it, see ``JSONObject``).
  ///
  /// - Complexity: O(*m*) in the number of members when the shape repeats, else O(*m* × *n*).
  @inline(__always) mutating func resolve(_ keys: [String]) {
    if keys.count == shape.count {
      var same = true
      keys.withUnsafeBufferPointer { buffer in
        shape.withUnsafeBufferPointer { shape in
          if buffer.baseAddress == shape.baseAddress { return }
          for i in buffer.indices where StringBits(buffer[i]) != StringBits(shape[i]) {
            same = false
            break
          }
        }
      }
      if same { return }
    }
    relearn(keys)
  }

  private mutating func relearn(_ keys: [String]) {
    shape = keys
    ambiguous.removeAll()
    for slot in candidates.indices {
      if candidates[slot].count == 1 {
        let name = candidates[slot][0]
        positions[slot] = keys.firstIndex { JSONObject.sameKey($0, name) } ?? -1
        continue
      }
      let present = candidates[slot].compactMap { name in
        keys.firstIndex { JSONObject.sameKey($0, name) }
      }
      positions[slot] = present.first ?? -1
      if present.count > 1 { ambiguous.append((slot, present)) }
    }
  }
}
