import Foundation

/// The `Retry-After` header of a 429 or 503 answer: a number of seconds or an HTTP date.
public enum RetryAfter {
    /// Waits beyond this are not believed (a hostile or broken server could say "a year").
    public static let longest: TimeInterval = 24 * 3600

    /// When to try again, or nil when the header says nothing usable.
    public static func date(from header: String?, now: Date) -> Date? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.utf8.count < 100 else {
            return nil
        }
        if let seconds = Int(text) {
            guard seconds >= 0 else { return nil }
            return now + min(TimeInterval(seconds), longest)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return min(max(date, now), now + longest)
    }
}
