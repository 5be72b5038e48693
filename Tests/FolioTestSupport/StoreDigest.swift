import Folio

/// A digest of a store's whole content (not its generation): FNV-1a 64 over each entity's name
/// and its records' canonical pretty bytes in identifier order.
///
/// The kill-test writer (`folio-testhost`) prints it for every commit, and the harness computes it
/// for the store it reopens after each kill; both must use this one definition.
public enum StoreDigest {
  /// The digest of `state`, as 16 hexadecimal digits.
  public static func of(_ state: StoreState) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: [UInt8]) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
    }
    for entity in state.schema.entities {
      mix(Array(entity.name.utf8))
      for id in state.ids(entity.name) {
        mix(JSONWriter.bytes(.object(state.record(entity.name, id) ?? [:]), style: .pretty))
      }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
