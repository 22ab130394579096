import CGtk
import XCTest
@testable import Gtk

/// Counts its deinits, to prove a signal's closure box was released.
private final class DeinitCounter {
    nonisolated(unsafe) static var count = 0
    deinit { Self.count += 1 }
}

final class SignalTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(MainActor.assumeIsolated { GtkTestEnvironment.initialize() }, "GTK could not open a display")
    }

    func testClickedClosureFiresAndIsReleasedWithTheButton() {
        MainActor.assumeIsolated {
            DeinitCounter.count = 0
            var clicks = 0
            do {
                let button = Button(label: "Press")
                let counter = DeinitCounter()
                button.onClicked {
                    _ = counter; clicks += 1
                }
                button.click()
                button.click()
                XCTAssertEqual(clicks, 2)
                XCTAssertEqual(DeinitCounter.count, 0, "the handler is alive while the button is")
            }
            XCTAssertEqual(DeinitCounter.count, 1, "the closure box is released once the button is gone")
        }
    }

    func testHandlersAreDisconnectedWhenTheWrapperDiesButTheWidgetLives() {
        MainActor.assumeIsolated {
            DeinitCounter.count = 0
            let box = Box(.vertical)
            var clicks = 0
            var pointer: UnsafeMutablePointer<GtkWidget>?
            do {
                let button = Button(label: "Press")
                let counter = DeinitCounter()
                button.onClicked {
                    _ = counter; clicks += 1
                }
                box.append(button)
                pointer = button.widget
            }
            XCTAssertEqual(DeinitCounter.count, 1, "the wrapper's handler went with the wrapper")
            gtk_widget_activate(pointer)
            XCTAssertEqual(clicks, 0)
        }
    }

    func testNotifyFiresOnPropertyChange() {
        MainActor.assumeIsolated {
            let dropDown = DropDown(items: ["All", "Music", "Software"])
            var changes = 0
            dropDown.onSelectionChanged { changes += 1 }
            dropDown.selectedIndex = 2
            XCTAssertEqual(changes, 1)
            XCTAssertEqual(dropDown.selectedIndex, 2)
            XCTAssertEqual(dropDown.items, ["All", "Music", "Software"])
        }
    }

    func testEntryActivateAndText() {
        MainActor.assumeIsolated {
            let entry = Editable(retaining: gtk_entry_new())
            var activations = 0
            entry.onActivate { activations += 1 }
            entry.text = "tarkan"
            entry.activate()
            XCTAssertEqual(entry.text, "tarkan")
            XCTAssertEqual(activations, 1)
        }
    }
}
