import Foundation
import XCTest
@testable import StoreSearchCore

final class LaunchOptionsTests: XCTestCase {
    func testOptionsParse() throws {
        var expected = LaunchOptions()
        expected.searchTerm = "tarkan"
        expected.category = .music
        expected.offline = true
        XCTAssertEqual(try LaunchOptions.parse(["--search", "tarkan", "--category=Music", "--offline"]), .run(expected))
        XCTAssertEqual(try LaunchOptions.parse(["--help"]), .showHelp)
        XCTAssertEqual(try LaunchOptions.parse(["--version"]), .showVersion)
    }

    func testAPIBaseFromOptionOrEnvironment() throws {
        guard case .run(let fromEnv) = try LaunchOptions.parse([], environment: ["STORESEARCH_API_BASE": "http://127.0.0.1:9"]) else { return XCTFail() }
        XCTAssertEqual(fromEnv.apiBase.absoluteString, "http://127.0.0.1:9")
        guard case .run(let fromOption) = try LaunchOptions.parse(["--api-base", "http://localhost:1"], environment: ["STORESEARCH_API_BASE": "http://127.0.0.1:9"]) else { return XCTFail() }
        XCTAssertEqual(fromOption.apiBase.absoluteString, "http://localhost:1")
    }

    func testBadCommandLinesSayWhy() {
        XCTAssertThrowsError(try LaunchOptions.parse(["--frobnicate"])) { XCTAssertEqual($0 as? LaunchOptionsError, .unknownOption("--frobnicate")) }
        XCTAssertThrowsError(try LaunchOptions.parse(["--search"])) { XCTAssertEqual($0 as? LaunchOptionsError, .missingValue("--search")) }
        XCTAssertThrowsError(try LaunchOptions.parse(["--category", "vinyl"])) { XCTAssertEqual($0 as? LaunchOptionsError, .unknownCategory("vinyl")) }
        XCTAssertThrowsError(try LaunchOptions.parse(["--api-base", "ftp://x"])) { XCTAssertEqual($0 as? LaunchOptionsError, .invalidURL("ftp://x")) }
    }
}
