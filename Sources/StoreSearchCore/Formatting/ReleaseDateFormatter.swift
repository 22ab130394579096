import Foundation

/// Release dates in medium style. The store gives dates as UTC instants of a calendar day, so
/// they are shown (and edited) in UTC to keep the day the store meant.
public struct ReleaseDateFormatter: Sendable {
    public let locale: Locale

    public init(locale: Locale = .current) { self.locale = locale }

    public func string(for date: Date?) -> String? {
        guard let date else { return nil }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
