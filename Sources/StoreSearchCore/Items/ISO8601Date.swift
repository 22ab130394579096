import Foundation

/// Dates in the item file, `2024-01-02T03:04:05Z` as Foundation writes them. That exact form is
/// read with the C library's `timegm`, about ten times faster than `ISO8601FormatStyle`, which
/// reads every other form (fractions, offsets) another tool may write.
enum ISO8601Date {
    private static let style = Date.ISO8601FormatStyle()

    /// `2024-01-02T03:04:05Z` in whole UTC seconds, in the calendar the readers use (the C
    /// library's and Python's proleptic Gregorian): Foundation writes a date before 1582-10-15 in
    /// the Julian calendar, which every reader took ten days later, at each save.
    static func string(for date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        guard gmtime_r(&seconds, &fields) != nil, (0...9999).contains(fields.tm_year + 1900) else {
            return date.formatted(.iso8601)
        }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(fields.tm_year + 1900)
        return String(repeating: "0", count: 4 - year.count) + year
            + "-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday))T"
            + "\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))Z"
    }

    static func parse(_ text: String) -> Date? {
        if let date = text.utf8.withContiguousStorageIfAvailable(fast) ?? nil { return date }
        if let date = Array(text.utf8).withUnsafeBufferPointer(shortened) { return date }
        // To the second, as it is written back (a merge compares the dates read and written).
        return (try? style.parse(text)).map(\.toTheSecond)
    }

    /// The forms Python's plistlib reads (and Apple's reader): `YYYY-MM-DD`, then as many of `THH`,
    /// `:MM` and `:SS` as there are, then `Z`; what follows the `Z` is not read.
    static func shortened(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func number(_ count: Int, after separator: UInt8?) -> Int32? {
            var at = index
            if let separator {
                guard at < bytes.count, bytes[at] == separator else { return nil }
                at += 1
            }
            guard at + count <= bytes.count else { return nil }
            var value: Int32 = 0
            for digit in bytes[at..<(at + count)] {
                guard (0x30...0x39).contains(digit) else { return nil }
                value = value * 10 + Int32(digit - 0x30)
            }
            index = at + count
            return value
        }
        guard let year = number(4, after: nil), let month = number(2, after: 0x2D), let day = number(2, after: 0x2D)
        else { return nil }
        let hour = number(2, after: 0x54)  // T
        let minute = hour == nil ? nil : number(2, after: 0x3A)
        let second = minute == nil ? nil : number(2, after: 0x3A)
        guard index < bytes.count, bytes[index] == 0x5A, year >= 1, (1...12).contains(month), (1...31).contains(day),
            (hour ?? 0) < 24, (minute ?? 0) < 60, (second ?? 0) < 60
        else { return nil }
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = month - 1
        fields.tm_mday = day
        fields.tm_hour = hour ?? 0
        fields.tm_min = minute ?? 0
        fields.tm_sec = second ?? 0
        let seconds = timegm(&fields)
        guard fields.tm_mday == day, fields.tm_mon == month - 1 else { return nil }  // not 02-30
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Nil for any other form, or a date that is none (02-30), which FormatStyle then refuses too.
    static func fast(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // YYYY-MM-DDTHH:MM:SSZ
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A,
            bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for index in range {
                let digit = Int32(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month),
            (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = month - 1
        fields.tm_mday = day
        fields.tm_hour = hour
        fields.tm_min = minute
        fields.tm_sec = second
        // A day past the month's end (02-30) rolls over in timegm.
        let seconds = timegm(&fields)
        guard fields.tm_mday == day, fields.tm_mon == month - 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

extension Date {
    /// The date in whole seconds, as the item file holds it (`ISO8601Date.string`).
    public var toTheSecond: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }

    /// Now, to the second: a date the store takes is one the item file gives back equal, so a
    /// merge with another writer's copy of the file does not take it for a change.
    public static var nowToTheSecond: Date { Date().toTheSecond }
}
