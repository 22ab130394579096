/// Why typed text is not a price; `message` is shown next to the field.
public enum PriceParseError: Error, Equatable, Sendable {
    case empty
    case notANumber(example: String)
    case negative
    case tooLarge

    public var message: String {
        switch self {
        case .empty: localized("Enter a price, or 0 for free.")
        case .notANumber(let example): String(format: localized("Not a price. Enter a number such as %@."), example)
        case .negative: localized("A price cannot be negative.")
        case .tooLarge: localized("That price is too large.")
        }
    }
}
