// folio-bench: release-build benchmarks. `swift run -c release folio-bench <workload> [options]`.
// Each workload is one file registering a `BenchWorkload`; this file only dispatches.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, name != "--help", name != "-h" else {
  print(BenchWorkload.usage)
  exit(arguments.isEmpty ? 64 : 0)
}
guard let workload = BenchWorkload.all.first(where: { $0.name == name }) else {
  FileHandle.standardError.write(
    Data("folio-bench: unknown workload '\(name)'\n\n\(BenchWorkload.usage)\n".utf8))
  exit(64)
}
do {
  try workload.run(BenchArguments(Array(arguments.dropFirst())))
} catch {
  FileHandle.standardError.write(Data("folio-bench \(name): \(error)\n".utf8))
  exit(1)
}
