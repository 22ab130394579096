// `make bench`: release-build benchmarks for the figures the issues ask for. Each figure is
// printed next to a baseline measured in the same run, since these machines are noisy.
import Foundation
import Gtk

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
if CommandLine.arguments.contains(WindowStartBenchmark.childFlag) {
    MainActor.assumeIsolated { WindowStartBenchmark.child() }
}
try CoreBenchmark.run(repository: repository)
print("")
try MainActor.assumeIsolated { try ArtworkBenchmark.run(repository: repository) }
print("")
try WindowStartBenchmark.run(repository: repository)
