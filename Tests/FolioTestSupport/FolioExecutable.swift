import Foundation

/// The `folio` executable built beside the tests, for tests that run it as a real process.
public enum FolioExecutable {
  /// Its location.
  ///
  /// - Throws: ``FixtureError`` when it is not built (`swift build --build-tests` builds it).
  public static func url() throws -> URL {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("folio"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("folio"),
      FixtureFolder.packageRoot.appendingPathComponent(".build/debug/folio"),
    ]
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw FixtureError("The folio executable is not built; run swift build --build-tests.")
    }
    return found
  }

  /// Runs `folio arguments` and returns its exit status and its standard output followed by
  /// its standard error.
  public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try ChildProcess.run(try url().path, arguments)
    return (result.status, result.combined)
  }
}
