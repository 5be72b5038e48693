import FolioTestSupport
import Foundation

extension GitRepository {
  /// A new repository in a temporary directory with `folio merge-driver` (the executable built
  /// beside the tests) defined as the `folio` merge driver, as `folio init` tells users to do.
  static func withMergeDriver() throws -> GitRepository {
    let repository = try GitRepository()
    let folio = try FolioBinaryTests.executable().path
    try repository.git("config", "merge.folio.name", "Folio record-level merge")
    try repository.git("config", "merge.folio.driver", "'\(folio)' merge-driver %O %A %B %P")
    return repository
  }
}
