/// Why typed text is not a price; `message` is shown next to the field.
public enum PriceParseError: Error, Equatable, Sendable {
    case empty
    case notANumber(example: String)
    case negative
    case tooLarge

    public var message: String {
        switch self {
        case .empty: "Enter a price, or 0 for free."
        case .notANumber(let example): "Not a price. Enter a number such as \(example)."
        case .negative: "A price cannot be negative."
        case .tooLarge: "That price is too large."
        }
    }
}
