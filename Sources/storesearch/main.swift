import Foundation
import StoreSearchApp
import StoreSearchCore

// Before any other thread runs: it changes the environment GStreamer reads.
PreviewDecoders.preferLightAACDecoder()

// The C library's locale first: gettext, formats and the store region all follow it.
let userLocale = UserLocale.current
let resources = ResourceLocator.locate()
if let resources {
    Localization.bind(localeDirectory: resources.localeDirectory)
}

switch Result(catching: { () throws(LaunchOptionsError) in
    try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
}) {
case .failure(let error):
    let usage = error.showsUsage ? "\n\(LaunchOptions.usage)\n" : ""
    FileHandle.standardError.write(Data("storesearch: \(error.message)\n\(usage)".utf8))
    exit(2)
case .success(.showHelp):
    print(LaunchOptions.usage)
case .success(.export(let path)):
    exit(ExportCommand.run(to: path))
case .success(.refreshPrices(let options)):
    exit(MainActor.assumeIsolated { RefreshPricesCommand.run(options, locale: userLocale) })
case .success(.showVersion):
    print("storesearch \(StoreSearchApp.version)")
case .success(.run(let options)):
    exit(
        MainActor.assumeIsolated {
            StoreSearchApp.run(options, arguments: CommandLine.arguments, locale: userLocale, resources: resources)
        })
}
