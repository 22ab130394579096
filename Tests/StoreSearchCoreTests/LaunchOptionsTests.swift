import Foundation
import XCTest
@testable import StoreSearchCore

final class LaunchOptionsTests: XCTestCase {
    func testOptionsParse() throws {
        var expected = LaunchOptions()
        expected.searchTerm = "tarkan"
        expected.category = .music
        expected.offline = true
        XCTAssertEqual(
            try LaunchOptions.parse(["--search", "tarkan", "--category=Music", "--offline"]), .run(expected))
        XCTAssertEqual(try LaunchOptions.parse(["--help"]), .showHelp)
        XCTAssertEqual(try LaunchOptions.parse(["--version"]), .showVersion)
    }

    func testRefreshPricesTakesTheStoreOptions() throws {
        var expected = LaunchOptions()
        expected.apiBase = URL(string: "http://127.0.0.1:8080")!
        expected.country = "DE"
        XCTAssertEqual(
            try LaunchOptions.parse(["--refresh-prices", "--api-base", "http://127.0.0.1:8080", "--country", "de"]),
            .refreshPrices(expected))
        XCTAssertTrue(LaunchOptions.usage.contains("--refresh-prices"))
    }

    func testAPIBaseFromOptionOrEnvironment() throws {
        guard
            case .run(let fromEnv) = try LaunchOptions.parse(
                [], environment: ["STORESEARCH_API_BASE": "http://127.0.0.1:9"])
        else { return XCTFail() }
        XCTAssertEqual(fromEnv.apiBase.absoluteString, "http://127.0.0.1:9")
        guard
            case .run(let fromOption) = try LaunchOptions.parse(
                ["--api-base", "http://localhost:1"], environment: ["STORESEARCH_API_BASE": "http://127.0.0.1:9"])
        else { return XCTFail() }
        XCTAssertEqual(fromOption.apiBase.absoluteString, "http://localhost:1")
    }

    func testBadCommandLinesSayWhy() {
        XCTAssertThrowsError(try LaunchOptions.parse(["--frobnicate"])) {
            XCTAssertEqual($0 as? LaunchOptionsError, .unknownOption("--frobnicate"))
        }
        XCTAssertThrowsError(try LaunchOptions.parse(["--search"])) {
            XCTAssertEqual($0 as? LaunchOptionsError, .missingValue("--search"))
        }
        XCTAssertThrowsError(try LaunchOptions.parse(["--category", "vinyl"])) {
            XCTAssertEqual($0 as? LaunchOptionsError, .unknownCategory("vinyl"))
        }
        XCTAssertThrowsError(try LaunchOptions.parse(["--api-base", "ftp://x"])) {
            XCTAssertEqual($0 as? LaunchOptionsError, .invalidURL("ftp://x"))
        }
        XCTAssertThrowsError(try LaunchOptions.parse(["--country", "Germany"])) {
            XCTAssertEqual($0 as? LaunchOptionsError, .unknownCountry("Germany"))
        }
        XCTAssertThrowsError(try LaunchOptions.parse(["--country", "XX"])) {
            XCTAssertEqual($0 as? LaunchOptionsError, .unknownCountry("XX"))
        }
    }

    func testCountryOverridesTheRegion() throws {
        guard case .run(let options) = try LaunchOptions.parse(["--country", "de"]) else { return XCTFail() }
        XCTAssertEqual(options.country, "DE")
        guard case .run(let inline) = try LaunchOptions.parse(["--country=JP"]) else { return XCTFail() }
        XCTAssertEqual(inline.country, "JP")
        guard case .run(let none) = try LaunchOptions.parse([]) else { return XCTFail() }
        XCTAssertNil(none.country)
        XCTAssertTrue(LaunchOptions.usage.contains("--country CODE"))
    }
}
