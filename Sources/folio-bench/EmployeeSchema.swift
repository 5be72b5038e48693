import Folio
import FolioTestSupport
import Foundation

/// The Folio schema of the employee payload (PERFORMANCE.md): `tags` is an attribute of type
/// `.array(.string)`, not a to-many relationship.
enum EmployeeSchema {
  /// `Employee` with identifier `id`; `name` ← `user.name`, `hiredAt` ← `hired_at`,
  /// `departmentID` ← `department_id`.
  static func make() throws -> Schema { try SchemaFixtures.performanceEmployee }
}

/// Process-level facts the workloads report: peak resident memory and bytes written.
enum ProcessStats {
  /// `VmHWM` from /proc/self/status in KiB (the peak resident set), or 0 when unavailable.
  static var peakResidentKiB: Int { field("/proc/self/status", "VmHWM:") }
  /// `wchar` from /proc/self/io: bytes this process passed to write calls so far.
  static var bytesWritten: Int { field("/proc/self/io", "wchar:") }

  private static func field(_ path: String, _ name: String) -> Int {
    // /proc files report size 0, so read until end of file rather than by size.
    guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else { return 0 }
    let text = String(decoding: data, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
      return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
    }
    return 0
  }

  /// Prints the machine-readable peak line the `memory` workload reads from child processes.
  static func printPeak() {
    print("peak-rss-kib: \(peakResidentKiB)")
  }
}

/// Temporary store directories for workloads, removed when done.
struct ScratchDirectory {
  /// The directory's path.
  let path: String

  /// Creates a fresh directory under `--tmp` or the system's temporary directory.
  init(_ name: String, arguments: BenchArguments) throws {
    let base = arguments.values["tmp"] ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    path = "\(base)/folio-bench-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Removes the directory and everything in it.
  func remove() { try? FileManager.default.removeItem(atPath: path) }

  /// The total size of regular files below the directory, in bytes.
  static func size(of path: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
    var total = 0
    while let item = walker.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + item)
      if attributes?[.type] as? FileAttributeType == .typeRegular {
        total += (attributes?[.size] as? Int) ?? 0
      }
    }
    return total
  }
}
