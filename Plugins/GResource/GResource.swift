import Foundation
import PackagePlugin

/// Compiles every Resources/*.ui and *.css into the app's GResource at build time, so `swift build`
/// works from a clone: scripts/gresource.sh (the one place that lists the files and names the
/// resource's prefix) writes it as a Swift file that the CompiledResources target registers.
/// A new .ui or .css file is taken in without editing anything.
@main
struct GResource: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let script = package.appending(path: "scripts/gresource.sh")
        let files = try FileManager.default.contentsOfDirectory(
            at: package.appending(path: "Resources"), includingPropertiesForKeys: nil
        )
        .filter { ["ui", "css"].contains($0.pathExtension) }
        let output = context.pluginWorkDirectoryURL.appending(path: "CompiledResourceData.swift")
        return [
            .buildCommand(
                displayName: "GResource of \(files.count) .ui and .css files",
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: [script.path, "--swift", output.path],
                inputFiles: files + [script], outputFiles: [output])
        ]
    }
}
