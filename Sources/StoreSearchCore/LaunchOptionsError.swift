/// A command line that cannot be used; `message` is printed before the usage.
public enum LaunchOptionsError: Error, Equatable, Sendable {
    case unknownOption(String)
    case missingValue(String)
    case unknownCategory(String)
    case invalidURL(String)

    public var message: String {
        switch self {
        case .unknownOption(let option): "Unknown option \(option)"
        case .missingValue(let option): "\(option) needs a value"
        case .unknownCategory(let name): "Unknown category \"\(name)\""
        case .invalidURL(let text): "Not an http or https URL: \(text)"
        }
    }
}
