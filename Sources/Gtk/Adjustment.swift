import CGtk

/// A GtkAdjustment: the scroll position (`value`) and extent of a scrollable view.
@MainActor
public final class Adjustment: Object {
    /// A free-standing adjustment (tests, or views that share one).
    public convenience init(value: Double = 0, lower: Double = 0, upper: Double, pageSize: Double) {
        self.init(
            retaining: UnsafeMutableRawPointer(
                gtk_adjustment_new(value, lower, upper, pageSize / 10, pageSize, pageSize)))
    }

    private var adjustment: UnsafeMutablePointer<GtkAdjustment> { cast() }

    public var value: Double {
        get { gtk_adjustment_get_value(adjustment) }
        set { gtk_adjustment_set_value(adjustment, newValue) }
    }

    public var lower: Double { gtk_adjustment_get_lower(adjustment) }

    public var upper: Double {
        get { gtk_adjustment_get_upper(adjustment) }
        set { gtk_adjustment_set_upper(adjustment, newValue) }
    }

    public var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }

    /// The user or the view moved the position.
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) {
        connect("value-changed", thunk: SignalThunks.plain, handler: handler)
    }

    /// Bounds or page size changed (content grew, the view was resized).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        connect("changed", thunk: SignalThunks.plain, handler: handler)
    }
}
