import Foundation

/// A fresh directory under the system's temporary folder, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
  /// The directory's URL.
  public let url: URL

  /// Creates a new, empty directory with a unique name.
  public init(prefix: String = "folio-test") throws {
    let base = FileManager.default.temporaryDirectory
    url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The directory's path.
  public var path: String { url.path }

  /// Removes the directory and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
