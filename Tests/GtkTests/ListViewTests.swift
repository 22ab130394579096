import CGtk
import XCTest
@testable import Gtk
import GtkTesting

/// A row controller that counts how many are alive.
private final class RowController {
    nonisolated(unsafe) static var alive = 0
    init() { Self.alive += 1 }
    deinit { Self.alive -= 1 }
}

final class ListViewTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(MainActor.assumeIsolated { GtkTestEnvironment.initialize() }, "GTK could not open a display")
    }

    /// Rows are set up and bound with the model's Swift values, and every row controller made in
    /// setup is released by teardown when the list goes away.
    func testRowsBindSwiftValuesAndTeardownReleasesThem() {
        MainActor.assumeIsolated {
            RowController.alive = 0
            var bound: [String] = []
            var setups = 0, teardowns = 0
            do {
                let model = ListModel<String>()
                let list = ListView(
                    model: model,
                    setup: { item in
                        setups += 1
                        item.row = RowController()
                        item.setChild(Label())
                    },
                    bind: { _, value in
                        bound.append(value)
                    }, unbind: { _ in },
                    teardown: { item in
                        teardowns += 1
                        item.row = nil
                    })
                model.replaceAll(with: ["Şımarık", "Kuzu Kuzu", "Dudu"])
                let window = Window()
                window.setChild(list)
                window.present()
                XCTAssertTrue(MainContext.spin(until: { bound.count >= 3 }), "rows were bound: \(bound)")
                XCTAssertEqual(Set(bound), ["Şımarık", "Kuzu Kuzu", "Dudu"])
                XCTAssertEqual(RowController.alive, setups)
                window.destroy()
            }
            XCTAssertTrue(MainContext.spin(until: { teardowns == setups }), "\(teardowns) of \(setups) torn down")
            XCTAssertEqual(RowController.alive, 0, "no row controller outlives its row")
        }
    }
}
