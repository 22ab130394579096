import Gtk
import StoreSearchCore

/// Fills a list's model a batch of rows per frame. GtkListView builds the widgets of every row
/// it holds, up to 200, in a single layout, which stalled the main loop for ~75 ms with 200
/// results; a batch per frame keeps every frame short, and the first screenful shows at once.
/// Past 200 rows the list builds no more widgets, so the rest goes in a few thousand a frame.
@MainActor
final class ResultsFeeder {
    static let rowsPerFrame = 8
    /// GTK 4.8's GtkListView and GtkGridView keep at most this many rows' widgets; past them a
    /// row costs no widget, only its list item, so they go in many at a time.
    static let realizedRows = 200
    static let unrealizedRowsPerFrame = 2000

    private let model: ListModel<Item>
    /// Frames are counted on the window, which is mapped whichever view (list, grid, detail) shows.
    private let clock: Widget
    /// Where the list's and the grid's rows are, for artwork order: new rows start unseen.
    private let viewports: [ArtworkViewport]
    private var pending: ArraySlice<Item> = []
    private var generation = 0

    init(model: ListModel<Item>, clock: Widget, viewports: [ArtworkViewport] = []) {
        self.model = model
        self.clock = clock
        self.viewports = viewports
    }

    var isFeeding: Bool { !pending.isEmpty }
    /// Rows in the list plus rows still to come.
    var totalCount: Int { model.count + pending.count }

    /// Replaces the rows with `items`, the first batch now and the rest frame by frame;
    /// `then` runs once every row is in.
    func show(_ items: [Item], then finished: (@MainActor () -> Void)? = nil) {
        generation += 1
        viewports.forEach { $0.reset() }  // new rows: none of them was scrolled past yet
        model.replaceAll(with: Array(items.prefix(Self.rowsPerFrame)))
        pending = items.dropFirst(Self.rowsPerFrame)
        guard !pending.isEmpty else { return finished?() ?? () }
        let current = generation
        clock.onEachFrame { [weak self] in
            guard let self, self.generation == current else { return false }
            let batch = self.pending.prefix(
                self.model.count >= Self.realizedRows ? Self.unrealizedRowsPerFrame : Self.rowsPerFrame)
            self.pending = self.pending.dropFirst(batch.count)
            self.model.append(contentsOf: Array(batch))
            if self.pending.isEmpty { finished?() }
            return !self.pending.isEmpty
        }
    }

    /// Changes or drops a row not added yet (the user undid something while the list fills).
    /// Returns false when `id` is not waiting to be added.
    @discardableResult
    func replacePending(_ id: String, with item: Item?) -> Bool {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return false }
        if let item { pending[index] = item } else { pending.remove(at: index) }
        return true
    }

    /// Stops adding rows (a new search, or an error replaces the list).
    func cancel() {
        generation += 1
        pending = []
    }
}
