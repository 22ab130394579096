import CGtk
import XCTest
@testable import Gtk

final class SpinnerTests: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(MainActor.assumeIsolated { GtkTestEnvironment.initialize() }, "GTK could not open a display")
    }

    /// A spinner in a page of a stack that is not shown stays still (a spinning one kept its
    /// window's frame clock, and the process, awake), and spins while its page is shown.
    func testSpinsOnlyWhileItsPageIsShown() {
        MainActor.assumeIsolated {
            let window = Window()
            let stack = gtk_stack_new()!
            let spinner = Spinner(retaining: gtk_spinner_new())
            gtk_stack_add_named(OpaquePointer(stack), gtk_label_new("Items"), "items")
            gtk_stack_add_named(OpaquePointer(stack), spinner.widget, "loading")
            gtk_window_set_child(window.window, stack)
            spinner.spinWhileMapped()
            window.present()
            XCTAssertTrue(MainContext.spin(until: { window.isMapped }), "the window is shown")
            XCTAssertFalse(spinner.isSpinning, "on the page not shown, it stays still")
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "loading")
            XCTAssertTrue(MainContext.spin(until: { spinner.isSpinning }), "its page shown, it spins")
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "items")
            XCTAssertTrue(MainContext.spin(until: { !spinner.isSpinning }), "its page hidden again, it stops")
            window.destroy()
        }
    }
}
