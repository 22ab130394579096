import Foundation
import Gtk
@testable import StoreSearchApp

/// `gdbus call` on the app's MPRIS player, as GNOME Shell's media controls call it: its output,
/// or the error gdbus prints. The main loop turns meanwhile, so the window answers.
@MainActor
enum MPRISCall {
    static func call(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments =
            ["call", "--session", "--dest", MPRISPlayer.busName, "--object-path", MPRISPlayer.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return "gdbus did not run" }
        MainContext.spin(until: { !process.isRunning }, timeout: .seconds(10))
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
