import Foundation
import StoreSearchApp
import StoreSearchCore

switch Result(catching: { () throws(LaunchOptionsError) in
    try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
}) {
case .failure(let error):
    FileHandle.standardError.write(Data("storesearch: \(error.message)\n\n\(LaunchOptions.usage)\n".utf8))
    exit(2)
case .success(.showHelp):
    print(LaunchOptions.usage)
case .success(.showVersion):
    print("storesearch \(StoreSearchApp.version)")
case .success(.run(let options)):
    exit(MainActor.assumeIsolated { StoreSearchApp.run(options, arguments: CommandLine.arguments) })
}
