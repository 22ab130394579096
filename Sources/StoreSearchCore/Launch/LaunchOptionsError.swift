/// A command line that cannot be used; `message` is printed before the usage.
public enum LaunchOptionsError: Error, Equatable, Sendable {
    case unknownOption(String)
    case missingValue(String)
    case unknownCategory(String)
    case invalidURL(String)
    case unknownCountry(String)
    case notAStoreLink(String)

    public var message: String {
        switch self {
        case .unknownOption(let option): String(format: localized("Unknown option %@"), option)
        case .missingValue(let option): String(format: localized("%@ needs a value"), option)
        case .unknownCategory(let name): String(format: localized("Unknown category “%@”"), name)
        case .invalidURL(let text): String(format: localized("Not an http or https URL: %@"), text)
        case .notAStoreLink(let message): message
        case .unknownCountry(let text): String(format: localized("Unknown store region “%@” (use a two-letter code such as DE)"), text)
        }
    }
}
