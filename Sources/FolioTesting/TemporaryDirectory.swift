import Foundation

/// A fresh directory under the system's temporary folder, for one test; ``remove()`` deletes it.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// defer { directory.remove() }
/// ```
public struct TemporaryDirectory: Sendable {
  /// The directory's URL.
  public let url: URL

  /// Creates a new, empty directory named `prefix-<UUID>`.
  ///
  /// - Throws: the file system's error when it cannot be created.
  public init(prefix: String = "folio-test") throws {
    let base = FileManager.default.temporaryDirectory
    url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The directory's path.
  public var path: String { url.path }

  /// Removes the directory and everything in it; a directory already gone is fine.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
