import Foundation

/// A file of expected output under a ``FixtureRoot``, compared with what a test produced.
///
/// With the environment variable `FOLIO_RECORD_GOLDEN=1`, ``verify(_:recording:)`` rewrites the
/// file with the actual text instead of comparing (review the diff in git, then commit it).
///
/// ```swift
/// try GoldenFile("cli/plan-day-2.txt", in: fixtures).verify(output)
/// ```
public struct GoldenFile: Sendable {
  /// The path under ``root``, such as `cli/plan-day-2.txt`.
  public let path: String
  /// The folder `path` is relative to.
  public let root: FixtureRoot

  /// The golden file at `path` under `root`; it need not exist yet (record mode creates it).
  public init(_ path: String, in root: FixtureRoot) {
    self.path = path
    self.root = root
  }

  /// Whether tests rewrite golden files instead of comparing (`FOLIO_RECORD_GOLDEN=1`).
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment["FOLIO_RECORD_GOLDEN"] == "1"
  }

  /// The file's URL.
  public var url: URL { root.url(path) }

  /// How messages name the file: under the root's display name, `Fixtures/cli/plan-day-2.txt`.
  public var displayPath: String { root.displayPath(path) }

  /// The file's current text, or `nil` when it does not exist.
  public func read() -> String? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Compares `actual` with the file, or rewrites the file in record mode.
  ///
  /// - Parameters:
  ///   - actual: The text the test produced.
  ///   - recording: Whether to rewrite instead of compare; ``isRecording`` by default.
  /// - Throws: ``GoldenMismatch`` naming the file and the first differing line (and how to
  ///   re-record) when the texts differ or the file is missing. In record mode the file is left
  ///   holding `actual` (folders are created); otherwise nothing is written.
  public func verify(_ actual: String, recording: Bool = GoldenFile.isRecording) throws {
    if recording {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      if read() != actual { try Data(actual.utf8).write(to: url) }
      return
    }
    guard let expected = read() else {
      throw GoldenMismatch(
        path: displayPath, line: 0, expected: nil, actual: actual,
        hint: "The golden file does not exist yet.")
    }
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var line = 0
    while line < min(expectedLines.count, actualLines.count),
      expectedLines[line] == actualLines[line]
    {
      line += 1
    }
    throw GoldenMismatch(
      path: displayPath, line: line + 1,
      expected: line < expectedLines.count ? String(expectedLines[line]) : "(end of file)",
      actual: line < actualLines.count ? String(actualLines[line]) : "(end of output)",
      hint: "")
  }
}

/// The output of a test differs from its golden file, or the golden file is missing.
public struct GoldenMismatch: Error, Sendable, CustomStringConvertible {
  /// The golden file, as messages name it (`Fixtures/cli/plan-day-2.txt`).
  public var path: String
  /// The first line that differs (1-based; 0 when the file is missing).
  public var line: Int
  /// That line in the file.
  public var expected: String?
  /// That line in the output (or the whole output when the file is missing).
  public var actual: String
  /// Extra explanation.
  public var hint: String

  /// Where and how the texts differ, and how to re-record.
  public var description: String {
    var text = path
    if line > 0 { text += ":\(line)" }
    text += ": output differs from the golden file. \(hint)\n"
    if let expected {
      text += "  expected: \(expected)\n  actual:   \(actual)\n"
    } else {
      text += "  actual output:\n\(actual)\n"
    }
    return text + "Run with FOLIO_RECORD_GOLDEN=1 to re-record, then review the diff."
  }
}
