import CGtk
import Foundation

/// A month calendar for picking a day.
@MainActor
public final class Calendar: Widget {
    /// The selected day, as midnight UTC of that calendar day.
    public var date: Date {
        get {
            let dateTime = gtk_calendar_get_date(cast())!
            defer { g_date_time_unref(dateTime) }
            var components = DateComponents()
            components.year = Int(g_date_time_get_year(dateTime))
            components.month = Int(g_date_time_get_month(dateTime))
            components.day = Int(g_date_time_get_day_of_month(dateTime))
            var gregorian = Foundation.Calendar(identifier: .gregorian)
            gregorian.timeZone = TimeZone(identifier: "UTC")!
            return gregorian.date(from: components) ?? Date()
        }
        set {
            var gregorian = Foundation.Calendar(identifier: .gregorian)
            gregorian.timeZone = TimeZone(identifier: "UTC")!
            let parts = gregorian.dateComponents([.year, .month, .day], from: newValue)
            let dateTime = g_date_time_new_utc(gint(parts.year!), gint(parts.month!), gint(parts.day!), 12, 0, 0)
            gtk_calendar_select_day(cast(), dateTime)
            g_date_time_unref(dateTime)
        }
    }

    public func onDaySelected(_ handler: @escaping @MainActor () -> Void) {
        connect("day-selected", thunk: SignalThunks.plain, handler: handler)
    }
}
