import Foundation
import Gtk
import StoreSearchCore

/// Shows a file selected in the desktop's file manager, through its D-Bus interface
/// (org.freedesktop.FileManager1.ShowItems: Nautilus, Nemo, Dolphin and others; D-Bus starts one
/// that is not running).
@MainActor
enum FileManagerWindow {
    /// Asks the file manager to show `file`; throws what went wrong (no file manager).
    static func show(_ file: URL) async throws(SessionBusError) {
        try await SessionBus.call(
            "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
            interface: "org.freedesktop.FileManager1", method: "ShowItems",
            arguments: [.strings([file.absoluteString]), .string("")])
    }
}
