import Foundation
import StoreSearchCore
import XCTest

/// Issue #43: the autostart entry that starts the price watch at login.
final class AutostartEntryTests: XCTestCase {
    func testTheEntryStartsTheProgramAsAServiceWithNoWindowAndValidates() throws {
        let text = AutostartEntry.text(executable: "/usr/bin/storesearch", comment: "Checks prices")
        XCTAssertTrue(text.contains("\nExec=/usr/bin/storesearch --gapplication-service\n"), text)
        XCTAssertTrue(text.contains("\nNoDisplay=true\n"), text)
        XCTAssertTrue(text.contains("\nX-GNOME-Autostart-Delay=60\n"), text)
        XCTAssertEqual(try validationErrors(text), "")
    }

    /// A path with spaces, quotes, `$` and `%` is quoted as the Desktop Entry Specification says.
    func testAnAwkwardPathIsQuoted() throws {
        let text = AutostartEntry.text(executable: "/home/a b/$x \"y\"/100%/store\\search", comment: "a\nb")
        XCTAssertTrue(
            text.contains(#"Exec="/home/a b/\\$x \\"y\\"/100%%/store\\\\search" --gapplication-service"#), text)
        XCTAssertTrue(text.contains("Comment=a\\nb\n"), text)
        XCTAssertEqual(try validationErrors(text), "")
    }

    func testTheFolderFollowsXDGConfigHome() {
        XCTAssertEqual(
            AutostartEntry.url(environment: ["XDG_CONFIG_HOME": "/tmp/c", "HOME": "/home/u"]).path,
            "/tmp/c/autostart/io.github.storesearch.StoreSearch.desktop")
        XCTAssertEqual(
            AutostartEntry.directory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]).path,
            "/home/u/.config/autostart")
    }

    /// What `desktop-file-validate` says of `text` (nothing when it is valid).
    private func validationErrors(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-autostart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: AutostartEntry.fileName)
        try Data(text.utf8).write(to: file)
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/desktop-file-validate")
        process.arguments = [file.path]
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? output : "status \(process.terminationStatus): \(output)"
    }
}
