import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #20: store page links name their item and region; anything else is refused.
final class StoreLinkTests: XCTestCase {
    func testItemIDsAndRegionsComeFromTheLink() {
        let cases: [(String, String, String?)] = [
            ("https://music.apple.com/us/album/the-album/1440857781?i=1440857788", "1440857788", "US"),
            ("https://apps.apple.com/de/app/some-app/id284882215", "284882215", "DE"),
            ("https://books.apple.com/jp/book/a-book/id1234567", "1234567", "JP"),
            ("https://podcasts.apple.com/us/podcast/a-show/id1000001?i=1000600000000", "1000600000000", "US"),
            ("http://itunes.apple.com/album/id42", "42", nil),
            ("https://music.apple.com/gb/album/name/998877", "998877", "GB"),
        ]
        for (text, id, region) in cases {
            XCTAssertEqual(try? StoreLink.parse(text).get(), StoreLink(id: id, region: region), text)
        }
    }

    /// Issue #41: a result the Shell's overview picks may have been answered by a process that
    /// quit since; its id alone finds it in the store.
    func testAnItemIDNamesItsItemInTheStore() {
        XCTAssertEqual(StoreLink(itemID: "track:1440857788"), StoreLink(id: "1440857788", region: nil))
        XCTAssertEqual(StoreLink(itemID: "collection:1440857781"), StoreLink(id: "1440857781", region: nil))
        XCTAssertEqual(StoreLink(itemID: "artist:42"), StoreLink(id: "42", region: nil))
        XCTAssertEqual(
            StoreLink(itemID: "url:https://books.apple.com/jp/book/a-book/id1234567"),
            StoreLink(id: "1234567", region: "JP"))
        for id in ["track:", "track:12a", "42", "url:https://example.com/us/album/id1", "url:file:///etc/passwd", ""] {
            XCTAssertNil(StoreLink(itemID: id), id)
        }
    }

    func testOtherLinksAreRefused() {
        for text in [
            "file:///etc/passwd", "https://example.com/us/album/id1", "ftp://music.apple.com/us/album/id1",
            "https://music.apple.com.evil.example/us/album/id1", "javascript:alert(1)", "https://",
        ] {
            XCTAssertEqual(StoreLink.parse(text), .failure(.notAStoreLink), text)
        }
        XCTAssertEqual(StoreLink.parse("https://music.apple.com/us/browse"), .failure(.noItem))
    }

    func testALinkIsTheOnlyArgumentThatIsNotAnOption() throws {
        guard case .run(let options) = try LaunchOptions.parse(["https://music.apple.com/us/album/x/1?i=2"]) else {
            return XCTFail()
        }
        XCTAssertEqual(options.storeLink, StoreLink(id: "2", region: "US"))
        XCTAssertThrowsError(try LaunchOptions.parse(["file:///etc/passwd"])) { error in
            XCTAssertEqual(
                (error as? LaunchOptionsError)?.message,
                "“file:///etc/passwd” is not a store link. " + StoreLink.Refusal.notAStoreLink.message)
        }
        XCTAssertThrowsError(try LaunchOptions.parse(["stray"]))
    }

    /// Issue #30: `javascript:` was called an "Unknown option", and any bad link came with the
    /// whole --help. Now one line says it is not a store link.
    func testABadLinkIsSaidInOneLineToBeNoStoreLink() throws {
        for text in ["javascript:alert(1)", "https://example.com/page", "ssh://host"] {
            XCTAssertThrowsError(try LaunchOptions.parse([text]), text) { error in
                guard let error = error as? LaunchOptionsError, case .notAStoreLink(text, _) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertTrue(error.message.hasPrefix("“\(text)” is not a store link. "), error.message)
                XCTAssertFalse(error.message.contains("\n"))
                XCTAssertFalse(error.showsUsage, "no --help after it")
            }
        }
        // Issue #45: a store link that names no item was called "not a store link".
        XCTAssertThrowsError(try LaunchOptions.parse(["https://music.apple.com/us/browse"])) { error in
            XCTAssertEqual(
                (error as? LaunchOptionsError)?.message,
                "“https://music.apple.com/us/browse” is a store link, but it names no item: link to a song, album, "
                    + "app or book.")
            XCTAssertEqual((error as? LaunchOptionsError)?.showsUsage, false)
        }
        XCTAssertThrowsError(try LaunchOptions.parse(["--frobnicate"])) {
            XCTAssertEqual(($0 as? LaunchOptionsError)?.showsUsage, true)
        }
        XCTAssertThrowsError(
            try LaunchOptions.parse(["https://a.example/\(String(repeating: "x", count: 500))\nsecond line"])
        ) { error in
            let message = (error as? LaunchOptionsError)?.message ?? ""
            XCTAssertFalse(message.contains("\n"))
            XCTAssertLessThan(message.count, 300, "a long link is shortened")
        }
    }
}
