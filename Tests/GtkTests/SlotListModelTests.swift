import CGtk
import XCTest
@testable import Gtk
import GtkTesting

/// The items-changed signals a model emitted: (position, removed, added).
nonisolated(unsafe) private var emitted: [[UInt32]] = []
private let recordItemsChanged: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
    _, position, removed, added, _ in
    emitted.append([position, removed, added])
}

final class SlotListModelTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(MainActor.assumeIsolated { GtkTestEnvironment.initialize() }, "GTK could not open a display")
    }

    /// One items-changed per reload whatever its size: the changed range when the count stays,
    /// else from its start to the end; rows on screen are bound again with their position's new value.
    func testEachReloadIsOneItemsChangedAndRowsShowTheirPositionsValues() {
        MainActor.assumeIsolated {
            emitted = []
            var bound: [Int: String] = [:]
            let model = SlotListModel<String>()
            g_signal_connect_data(
                model.gobject, "items-changed", unsafeBitCast(recordItemsChanged, to: GCallback.self), nil, nil,
                GConnectFlags(rawValue: 0))
            let list = ListView(
                model: model, setup: { item in item.setChild(Label()) },
                bind: { item, value in bound[item.position] = value }, unbind: { item in bound[item.position] = nil },
                teardown: { _ in })
            let scroller = ScrolledWindow()
            scroller.setChild(list)
            let window = Window()
            window.setDefaultSize(width: 300, height: 300)
            window.setChild(scroller)
            window.present()
            defer { window.destroy() }

            model.reload(SlotRows(count: 100_000) { "Row \($0)" }, changed: 0..<100_000)
            XCTAssertEqual(emitted, [[0, 0, 100_000]])
            XCTAssertEqual(model.count, 100_000)
            XCTAssertEqual(model[99_999], "Row 99999")
            XCTAssertTrue(MainContext.spin(until: { bound[0] == "Row 0" }), "the first row is bound")
            XCTAssertLessThanOrEqual(bound.count, 300, "only rows near the screen are bound")

            // Narrowed from the third row on: one signal from there to the end.
            emitted = []
            // 45 rows, the first 40 shown.
            model.reload(SlotRows(count: 45) { $0 < 2 ? "Row \($0)" : "Kept \($0)" }, showing: 40, changed: 2..<40)
            XCTAssertEqual(emitted, [[2, 99_998, 38]])
            XCTAssertTrue(
                MainContext.spin(until: { bound[2] == "Kept 2" && bound[0] == "Row 0" }),
                "\(bound.sorted { $0.key < $1.key }.prefix(4))")
            XCTAssertEqual(model.elements, (0..<40).map { $0 < 2 ? "Row \($0)" : "Kept \($0)" })

            // The same count: only the changed rows.
            emitted = []
            model.update(at: 5, with: "Changed")
            XCTAssertEqual(emitted, [[5, 1, 1]])
            XCTAssertTrue(MainContext.spin(until: { bound[5] == "Changed" }))
            XCTAssertEqual(model[4], "Kept 4")
            model.resize(to: 50)
            XCTAssertEqual(emitted.last, [40, 0, 5], "grown at its end, to as many rows as there are")
            XCTAssertEqual(model.count, 45)
            model.splice(at: 0, removing: 1, inserting: ["New"])
            XCTAssertEqual(emitted.last, [0, 45, 45])
            XCTAssertEqual(model[0], "New")
            XCTAssertEqual(model[1], "Row 1")
            model.reload(SlotRows(count: 0) { _ in "" }, changed: 0..<0)
            XCTAssertEqual(emitted.last, [0, 45, 0])
            XCTAssertTrue(MainContext.spin(until: { bound.isEmpty }), "every row unbound")
        }
    }
}
