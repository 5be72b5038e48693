import Folio
import Foundation

extension BenchWorkload {
  /// Writes the generated payloads, to compare them with `gen_payload.py` or feed other tools.
  static let payload = BenchWorkload(
    name: "payload",
    summary: "write day1_N.json and day2_N.json for each --sizes N into --out DIR",
    run: { arguments in
      guard let directory = arguments.values["out"] else {
        throw BenchArguments.UsageError(description: "payload needs --out DIR")
      }
      for size in try arguments.sizes(default: [10_000]) {
        let day2 = EmployeePayload.day2(count: size)
        try Data(EmployeePayload.day1(count: size)).write(
          to: URL(fileURLWithPath: "\(directory)/day1_\(size).json"))
        try Data(day2.bytes).write(to: URL(fileURLWithPath: "\(directory)/day2_\(size).json"))
        print(
          "N=\(size) day2: removed=\(day2.removed) changed=\(day2.changed) new=\(day2.added) total=\(day2.records.count)"
        )
      }
    })
}
