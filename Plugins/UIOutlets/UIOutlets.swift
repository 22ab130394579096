import Foundation
import PackagePlugin

/// Runs ui-outlets over every Resources/*.ui, so the target gets one typed outlets struct per
/// .ui file (see Sources/ui-outlets). A new .ui file is taken in without editing anything.
@main
struct UIOutlets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        let files = try FileManager.default.contentsOfDirectory(at: resources, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "ui" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let tool = try context.tool(named: "ui-outlets")
        return files.map { file in
            let output = context.pluginWorkDirectoryURL.appending(
                path: file.deletingPathExtension().lastPathComponent + "-outlets.swift")
            return .buildCommand(
                displayName: "Outlets of \(file.lastPathComponent)", executable: tool.url,
                arguments: [file.path, output.path], inputFiles: [file], outputFiles: [output])
        }
    }
}
