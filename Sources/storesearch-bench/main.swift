// `make bench`: release-build benchmarks for the figures the issues ask for. Each figure is
// printed next to a baseline measured in the same run, since these machines are noisy.
// `storesearch-bench artwork|launch|hanging|memory|myitems|twowriters|prices|preview|core|items|window|explore|background`
// runs one part
// (`profile-load` loads an item file over and over, for a profiler).
import Foundation
import Gtk
import StoreSearchApp

PreviewDecoders.preferLightAACDecoder()  // as the app does first thing

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
if CommandLine.arguments.contains(WindowStartBenchmark.childFlag) {
    MainActor.assumeIsolated { WindowStartBenchmark.child() }
}
if CommandLine.arguments.contains(ExploreBenchmark.childFlag) {
    MainActor.assumeIsolated { ExploreBenchmark.child() }
}
if CommandLine.arguments.contains(BackgroundServiceBenchmark.childFlag) {
    MainActor.assumeIsolated { BackgroundServiceBenchmark.child() }
}
let parts =
    CommandLine.arguments.count > 1
    ? Set(CommandLine.arguments.dropFirst())
    : [
        "core", "items", "artwork", "hanging", "launch", "memory", "myitems", "twowriters", "largestart", "prices",
        "preview", "window", "explore", "background",
    ]
if parts.contains("core") {
    try CoreBenchmark.run(repository: repository)
    print("")
}
if parts.contains("items") {
    try ItemFileBenchmark.run()
    print("")
}
if parts.contains("profile-load") { try ItemFileBenchmark.profileLoad(times: 30) }
if parts.contains("profile-save") { try ItemFileBenchmark.profileSave(times: 60) }
try MainActor.assumeIsolated {
    MainLoopBridge.install()
    if parts.contains("artwork") { try ArtworkBenchmark.run(repository: repository); print("") }
    if parts.contains("hanging") { try HangingHostBenchmark.run(repository: repository); print("") }
    if parts.contains("launch") { LaunchBenchmark.run(); print("") }
    if parts.contains("memory") { try MemoryBenchmark.run(repository: repository); print("") }
    if parts.contains("myitems") { try MyItemsBenchmark.run(); print("") }
    if parts.contains("twowriters") { try TwoWritersBenchmark.run(); print("") }
    if parts.contains("largestart") { try LargeFileStartBenchmark.run(); print("") }
    if parts.contains("prices") { try PriceWatchBenchmark.run(); print("") }
    if parts.contains("preview") { try PreviewBenchmark.run(repository: repository) }
    if parts.contains("background") { print(""); try BackgroundServiceBenchmark.run() }
}
if parts.contains("window") {
    print("")
    try WindowStartBenchmark.run(repository: repository)
}
if parts.contains("explore") {
    print("")
    try ExploreBenchmark.run(repository: repository)
}
