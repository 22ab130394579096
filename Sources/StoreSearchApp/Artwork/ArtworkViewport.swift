import Gtk

/// Where the items of a scrolled list or grid are relative to what the user sees, for ordering
/// their artwork requests. Works from the scroll adjustment alone: every row of items is taken
/// to be the same height (`upper / rows`), which holds for result lists and cover grids. The
/// owner says how many items there are and how many sit on one row (1 for a list).
@MainActor
public final class ArtworkViewport {
    public typealias Geometry = @MainActor () -> (itemCount: Int, columns: Int)

    private let adjustment: Adjustment
    private let geometry: Geometry
    private weak var loader: ArtworkLoader?
    private var lastValue: Double
    private var scrollsDown = true
    /// The rows that have been on screen since the content was last replaced.
    private var seen: ClosedRange<Int>?
    /// Reset and not moved since: the next position starts `seen` afresh.
    private var isFresh = false

    public init(adjustment: Adjustment, loader: ArtworkLoader, geometry: @escaping Geometry) {
        self.adjustment = adjustment
        self.loader = loader
        self.geometry = geometry
        lastValue = adjustment.value
        seen = visibleRows()
        adjustment.onValueChanged { [weak self] in self?.moved() }
        adjustment.onChanged { [weak self] in self?.moved() }
    }

    /// New content: forget which rows were scrolled past.
    public func reset() {
        // The view moves to the new content's top next (a jump, not a scroll past anything).
        seen = nil
        isFresh = true
        scrollsDown = true
        lastValue = adjustment.value
        loader?.prioritiesChanged()
    }

    /// The priority of the item at `index` now.
    public func priority(ofItemAt index: Int) -> ArtworkPriority {
        guard let rows = visibleRows() else { return ArtworkPriority(.near, distance: index) }  // not laid out yet
        let row = index / max(1, geometry().columns)
        let screen = rows.count
        if rows.contains(row) { return ArtworkPriority(.visible, distance: row - rows.lowerBound) }
        let below = row - rows.upperBound, above = rows.lowerBound - row  // rows past the edge, ≥ 1 when outside
        if scrollsDown ? (row > rows.upperBound && below <= screen) : (row < rows.lowerBound && above <= screen) {
            return ArtworkPriority(.ahead, distance: scrollsDown ? below : above)
        }
        let distance = row > rows.upperBound ? below : above
        if distance <= screen { return ArtworkPriority(.near, distance: distance) }  // one screenful behind
        if let seen, seen.contains(row) { return ArtworkPriority(.passed, distance: distance) }
        return ArtworkPriority(.deferred, distance: distance)
    }

    /// The rows intersecting the viewport, or nil before the view has a size.
    func visibleRows() -> ClosedRange<Int>? {
        let (count, columns) = geometry()
        let rowCount = (count + max(1, columns) - 1) / max(1, columns)
        let upper = adjustment.upper - adjustment.lower, page = adjustment.pageSize
        guard rowCount > 0, upper > 0, page > 0 else { return nil }
        let height = upper / Double(rowCount)
        let top = adjustment.value - adjustment.lower
        let first = min(rowCount - 1, max(0, Int(top / height)))
        let last = min(rowCount - 1, max(first, Int(((top + page) / height).rounded(.up)) - 1))
        return first...last
    }

    private func moved() {
        let value = adjustment.value
        if value != lastValue { scrollsDown = value > lastValue }
        lastValue = value
        if let rows = visibleRows() {
            if isFresh { seen = nil }
            isFresh = false
            seen = seen.map { min($0.lowerBound, rows.lowerBound)...max($0.upperBound, rows.upperBound) } ?? rows
        }
        loader?.prioritiesChanged()
    }
}
