import FolioJSON
import FolioTestSupport
import Testing

@testable import Folio

/// `state.json`'s bytes: canonical whatever the dictionaries' order, and the same whether the
/// order of the paths is sorted afresh or reused from the last save.
@Suite struct LocalStateTests {
  static func path(_ n: Int) -> String {
    "Employee/" + ShardLayout.name(hash: UInt64(n) &* 0x9E37_79B9_7F4A_7C15) + ".json"
  }

  @Test func theFilesAreWrittenInCanonicalKeyOrder() throws {
    let state = LocalState(
      generation: 4, files: ["b/x.json": "c2", "a/y.json": "c1", "Z/é.json": "c3", "Z/e.json": "c4"],
      checks: "f", recheck: ["b/x.json": "c0", "a/y.json": "c9"])
    guard case .object(let root) = try JSONParser.parse(state.bytes) else {
      Issue.record("state.json is not an object")
      return
    }
    guard case .object(let files)? = root["files"], case .object(let recheck)? = root["recheck"] else {
      Issue.record("no files or recheck object")
      return
    }
    #expect(files.keys == ["Z/e.json", "Z/é.json", "a/y.json", "b/x.json"])
    #expect(recheck.keys == ["a/y.json", "b/x.json"])
    #expect(root["generation"] == .int(4))
    #expect(root["checks"] == .string("f"))
  }

  /// A save reuses the order it sorted last; adding, removing or swapping a path (the same count)
  /// must sort again. Each step's bytes equal those of a state built afresh.
  @Test func reusedOrderGivesTheBytesOfAFreshSort() {
    var random = SeededGenerator(seed: 7)
    var state = LocalState(generation: 1, checks: "f")
    for n in 0..<300 { state.files[Self.path(n)] = "fnv1a64w:\(n)" }
    var next = 300
    for step in 0..<60 {
      switch step % 4 {
      case 0: state.files[Self.path(Int.random(in: 0..<next, using: &random))] = "changed \(step)"
      case 1:
        state.files[Self.path(next)] = "added \(step)"
        next += 1
      case 2:
        if let gone = state.files.keys.randomElement(using: &random) { state.files[gone] = nil }
      default:
        // The same count, another path: only a membership check can tell.
        if let gone = state.files.keys.randomElement(using: &random) { state.files[gone] = nil }
        state.files[Self.path(next)] = "swapped \(step)"
        next += 1
      }
      state.generation += 1
      let fresh = LocalState(
        generation: state.generation, files: state.files, checks: state.checks, recheck: state.recheck,
        digest: state.digest)
      #expect(state.encoded() == fresh.bytes, "step \(step)")
      #expect(state == fresh)
      #expect(Set([state, fresh]).count == 1)
    }
  }
}
