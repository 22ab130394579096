import Gtk

/// Where the items of a scrolled list or grid are relative to what the user sees, for ordering
/// their artwork requests. The rows on screen are those whose cells (`place(_:at:)`) the view has
/// laid out inside the scrolled window; before any is laid out (and for a bare adjustment) every
/// row is taken to be the same height (`upper / rows`). Rows are ranked against the visible ones
/// by count. The owner says how many items there are and how many sit on one row (1 for a list).
@MainActor
public final class ArtworkViewport {
    public typealias Geometry = @MainActor () -> (itemCount: Int, columns: Int)

    private let adjustment: Adjustment
    /// The scrolled window whose visible area the cells are measured against.
    private let scroller: Widget?
    private let geometry: Geometry
    /// The cells the view has bound now, by their root widget, with their item's index.
    private var placed: [ObjectIdentifier: (cell: Widget, index: Int)] = [:]
    /// The laid-out visible rows, measured once per main-loop dispatch (the loader asks for every
    /// queued image's priority in one go).
    private var measured: ClosedRange<Int>??
    private weak var loader: ArtworkLoader?
    private var lastValue: Double
    private var scrollsDown = true
    /// The rows that have been on screen since the content was last replaced.
    private var seen: ClosedRange<Int>?
    /// Reset and not moved since: the next position starts `seen` afresh.
    private var isFresh = false

    public convenience init(scroller: ScrolledWindow, loader: ArtworkLoader, geometry: @escaping Geometry) {
        self.init(adjustment: scroller.verticalAdjustment, scroller: scroller, loader: loader, geometry: geometry)
    }

    public init(adjustment: Adjustment, scroller: Widget? = nil, loader: ArtworkLoader, geometry: @escaping Geometry) {
        self.adjustment = adjustment
        self.scroller = scroller
        self.loader = loader
        self.geometry = geometry
        lastValue = adjustment.value
        seen = estimatedVisibleRows()
        adjustment.onValueChanged { [weak self] in self?.moved() }
        adjustment.onChanged { [weak self] in self?.moved() }
    }

    /// New content: forget which rows were scrolled past.
    public func reset() {
        // The view moves to the new content's top next (a jump, not a scroll past anything).
        seen = nil
        measured = nil
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

    /// The view bound `cell` to the item at `index` (or, with nil, unbound it).
    public func place(_ cell: Widget, at index: Int?) {
        placed[ObjectIdentifier(cell)] = index.map { (cell, $0) }
        measured = nil
    }

    /// The cell bound to the item at `index`, if the view has made one.
    public func cell(at index: Int) -> Widget? {
        placed.values.first { $0.index == index }?.cell
    }

    /// The index of the item whose row (the cell's list item, around it) holds `widget`: where a
    /// click landed.
    public func index(ofRowHolding widget: Widget) -> Int? {
        placed.values.first { widget.isInside($0.cell.parent ?? $0.cell) }?.index
    }

    /// The indexes of the items the view has bound a cell to (GTK builds cells for a few hundred
    /// rows around the visible ones, and for the selected and focused ones).
    public var placedIndexes: Set<Int> { Set(placed.values.map(\.index)) }

    /// The rows intersecting the viewport, or nil before the view has a size.
    func visibleRows() -> ClosedRange<Int>? {
        laidOutVisibleRows() ?? estimatedVisibleRows()
    }

    /// The rows of the cells that have at least one pixel inside the scrolled window, from where
    /// the view last laid them out; nil when none is laid out there.
    private func laidOutVisibleRows() -> ClosedRange<Int>? {
        if let measured { return measured }
        let rows = measureVisibleRows()
        measured = rows
        MainContext.after(.zero) { [weak self] in self?.measured = nil }
        return rows
    }

    private func measureVisibleRows() -> ClosedRange<Int>? {
        guard let scroller, scroller.allocatedHeight > 0 else { return nil }
        let height = Double(scroller.allocatedHeight), columns = max(1, geometry().columns)
        var first = Int.max, last = Int.min
        for (cell, index) in placed.values {
            guard cell.isMapped, let bounds = cell.bounds(in: scroller), bounds.height > 0,
                bounds.y + bounds.height > 0, bounds.y < height
            else { continue }
            first = min(first, index / columns)
            last = max(last, index / columns)
        }
        return first <= last ? first...last : nil
    }

    /// The rows intersecting the viewport if every row has the same height.
    private func estimatedVisibleRows() -> ClosedRange<Int>? {
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
        measured = nil
        let value = adjustment.value
        if value != lastValue { scrollsDown = value > lastValue }
        lastValue = value
        // The view signals while it lays out, before its rows have their new places: rows count
        // as scrolled past by the scroll position.
        if let rows = estimatedVisibleRows() {
            if isFresh { seen = nil }
            isFresh = false
            seen = seen.map { min($0.lowerBound, rows.lowerBound)...max($0.upperBound, rows.upperBound) } ?? rows
        }
        loader?.prioritiesChanged()
    }
}
