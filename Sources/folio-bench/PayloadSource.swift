import Folio
import Foundation

/// Where workloads get the employee payloads: generated in process (byte-identical to
/// `gen_payload.py`) or read from `--payload-dir`.
enum PayloadSource {
  /// The bytes of `day1_N.json` (`day: 1`) or `day2_N.json` (`day: 2`).
  static func bytes(day: Int, count: Int, arguments: BenchArguments) throws -> [UInt8] {
    if let directory = arguments.payloadDirectory {
      let path = "\(directory)/day\(day)_\(count).json"
      guard let data = FileManager.default.contents(atPath: path) else {
        throw BenchArguments.UsageError(
          description: "cannot read \(path); generate it with gen_payload.py \(count) \(directory)")
      }
      return [UInt8](data)
    }
    return day == 1 ? EmployeePayload.day1(count: count) : EmployeePayload.day2(count: count).bytes
  }
}
