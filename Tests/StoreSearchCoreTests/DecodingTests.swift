import Foundation
import XCTest
@testable import StoreSearchCore

final class DecodingTests: XCTestCase {
    private func decode(_ name: String) throws -> [SearchResult] {
        try SearchResponseDecoder.decode(Fixture.data(name))
    }

    func testSongWithLeadingBlankLines() throws {
        let results = try decode("song.json")
        XCTAssertEqual(results.count, 1)
        let song = results[0]
        XCTAssertEqual(song.id, "track:300001")
        XCTAssertEqual(song.name, "Şımarık")
        XCTAssertEqual(song.artist, "Tarkan")
        XCTAssertEqual(song.kind, .song)
        XCTAssertEqual(song.genre, "Pop")
        XCTAssertEqual(song.price, Decimal(string: "1.29"))
        XCTAssertEqual(song.currency, "USD")
        XCTAssertEqual(song.releaseDate, ISO8601DateFormatter().date(from: "2019-05-17T07:00:00Z"))
        XCTAssertEqual(song.storeURL?.host, "music.apple.com")
        XCTAssertTrue(song.artworkURL!.absoluteString.hasSuffix("100x100bb.jpg"))
        XCTAssertTrue(song.largeArtworkURL!.absoluteString.hasSuffix("600x600bb.jpg"))
        XCTAssertNotNil(song.previewURL)
    }

    func testSoftwareUsesPriceSellerAndLargeArtwork() throws {
        let apps = try decode("software.json")
        XCTAssertEqual(apps.map(\.name), ["Notepad Pro", "Pixel Studio"])
        XCTAssertEqual(apps[0].kind, .app)
        XCTAssertEqual(apps[0].price, 0)
        XCTAssertEqual(apps[1].price, Decimal(string: "4.99"))
        XCTAssertEqual(apps[0].artist, "Acme Software Inc.")
        XCTAssertTrue(apps[0].largeArtworkURL!.absoluteString.hasSuffix("512x512bb.jpg"))
        XCTAssertEqual(
            apps[0].summary, "Notepad Pro helps you get things done.\n\nFeatures\n• Fast & simple\n• Works offline")
    }

    func testEbookWithoutWrapperTypeUsesGenresArrayAndPlainDescription() throws {
        let book = try XCTUnwrap(decode("ebook.json").first)
        XCTAssertEqual(book.kind, .ebook)
        XCTAssertEqual(book.kind.displayName, "E-Book")
        XCTAssertEqual(book.genre, "Fiction & Literature")
        XCTAssertEqual(book.price, Decimal(string: "9.99"))
        XCTAssertEqual(book.summary, "The Long Summer is a novel about a long summer.\n“Unputdownable” — The Review")
    }

    func testAudiobookWithoutKindUsesCollectionFields() throws {
        let book = try XCTUnwrap(decode("audiobook.json").first)
        XCTAssertEqual(book.kind, .audiobook)
        XCTAssertEqual(book.id, "collection:900001")
        XCTAssertEqual(book.name, "Voyage to the Red Planet")
        XCTAssertEqual(book.price, Decimal(string: "14.99"))
        XCTAssertEqual(book.storeURL?.host, "books.apple.com")
        XCTAssertEqual(book.summary, "Narrated by Kim Stanley.\n\nA story told in twelve hours.")
    }

    func testEveryOtherKindGetsItsDisplayName() throws {
        XCTAssertEqual(try decode("podcast.json").first?.kind.displayName, "Podcast")
        XCTAssertEqual(try decode("movie.json").first?.kind.displayName, "Movie")
        XCTAssertEqual(try decode("music-video.json").first?.kind.displayName, "Music Video")
        XCTAssertEqual(try decode("tv-episode.json").first?.kind.displayName, "TV Episode")
        XCTAssertEqual(
            try decode("movie.json").first?.summary, "Inception Point follows a crew through a dream within a dream.")
    }

    func testMixedAllBodyKeepsEveryRecordDespiteMissingFieldsAndNulls() throws {
        let results = try decode("all-mixed.json")
        XCTAssertEqual(results.count, 56)
        XCTAssertEqual(Set(results.map(\.kind.displayName)).count, 8)
        let missingArtist = try XCTUnwrap(results.first { $0.name == "Audiobook 03" })
        XCTAssertNil(missingArtist.artist)
        XCTAssertEqual(Item(result: missingArtist).artistAndKind, "Unknown (Audiobook)")
        let undated = try XCTUnwrap(results.first { $0.name == "App 09" })
        XCTAssertNil(undated.releaseDate)
        XCTAssertEqual(
            results.first { $0.name == "Podcast 12" }?.price, 0, "null trackPrice falls back to collectionPrice")
        XCTAssertEqual(Set(results.map(\.id)).count, 56, "identities are unique")
    }

    func testReleaseDatesWithAndWithoutFractionalSecondsAndGarbage() throws {
        let body = """
            {"resultCount":3,"results":[
            {"trackId":1,"trackName":"A","releaseDate":"2019-05-17T07:00:00Z"},
            {"trackId":2,"trackName":"B","releaseDate":"2019-05-17T07:00:00.250Z"},
            {"trackId":3,"trackName":"C","releaseDate":"last spring"}]}
            """
        let dates = try SearchResponseDecoder.decode(Data(body.utf8)).map(\.releaseDate)
        let expected = Date(timeIntervalSince1970: 1_558_076_400)
        XCTAssertEqual(dates, [expected, expected + 0.25, nil])
    }

    /// Issue #19: the answer's order is the store's ranking and is kept (a name sort once put
    /// the app searched for by name at row 47 of 50); sorting by name is the user's choice.
    func testResultsKeepTheStoresOrderAndSortByLocalizedNameOnRequest() throws {
        let results = try decode("unicode.json")
        XCTAssertEqual(results.map(\.name), ["Ça plane pour moi", "Żółć 🎸", "apple", "Äpfel", "Zebra"])
        let items = results.map { Item(result: $0) }
        XCTAssertEqual(
            ResultOrder.name.sorted(items).map(\.name), ["Äpfel", "apple", "Ça plane pour moi", "Zebra", "Żółć 🎸"])
        XCTAssertEqual(ResultOrder.bestMatch.sorted(items).map(\.name), results.map(\.name))
    }

    func testTwoHundredRecords() throws {
        let results = try decode("two-hundred.json")
        XCTAssertEqual(results.count, 200)
        XCTAssertEqual(results.first?.name, "Track 000")
        XCTAssertEqual(results.last?.name, "Track 199")
    }

    func testJapaneseStoreBody() throws {
        let results = try decode("japan-jpy.json")
        XCTAssertEqual(results.count, 3)
        XCTAssertTrue(results.allSatisfy { $0.currency == "JPY" && $0.price == 250 })
        XCTAssertTrue(results.contains { $0.name == "夜に駆ける" && $0.artist == "YOASOBI" })
    }

    func testRecordWithWrongTypesIsSkippedAndOthersKept() throws {
        XCTAssertEqual(
            try decode("wrong-types.json").map(\.name), ["Good One", "Good Two"],
            "resultCount says 7 but only two records are usable")
    }

    func testFailureBodiesGiveTypedErrors() {
        func error(_ name: String) -> SearchResponseError? {
            do { _ = try SearchResponseDecoder.decode(Fixture.data(name)); return nil } catch { return error }
        }
        XCTAssertEqual(error("error-message.json"), .serviceMessage("Invalid value(s) for key(s): [mediaType]"))
        XCTAssertEqual(error("html-error.html"), .notJSON)
        XCTAssertEqual(error("empty.json"), .emptyBody)
        XCTAssertEqual(error("truncated.json"), .malformedJSON)
        XCTAssertEqual(try? SearchResponseDecoder.decode(Data("[1,2]".utf8)), nil)
        // Issue #31: binary garbage is not "a web page".
        func decodeError(_ body: Data) -> SearchResponseError? {
            do { _ = try SearchResponseDecoder.decode(body); return nil } catch { return error }
        }
        XCTAssertEqual(
            decodeError(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])), .notText, "a PNG")
        XCTAssertEqual(decodeError(Data([0x1F, 0x8B, 0x08, 0x00, 0xFF, 0xFE])), .notText, "gzip")
        XCTAssertEqual(
            decodeError(Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })), .notText, "random bytes")
        XCTAssertEqual(decodeError(Data("Service Unavailable – try later".utf8)), .notJSON, "text is a page")
        XCTAssertEqual(
            decodeError(Data(("<html>" + String(repeating: "é", count: 300)).utf8)), .notJSON,
            "a letter cut at 512 bytes")
        XCTAssertEqual(try? SearchResponseDecoder.decode(Data(#"{"resultCount":0,"results":[]}"#.utf8)), [])
    }

    func testIdentityFallsBackToStoreURL() throws {
        let body =
            #"{"results":[{"wrapperType":"collection","collectionName":"Box Set","collectionViewUrl":"https://music.apple.com/us/album/box-set"}]}"#
        let result = try XCTUnwrap(SearchResponseDecoder.decode(Data(body.utf8)).first)
        XCTAssertEqual(result.id, "url:https://music.apple.com/us/album/box-set")
        XCTAssertEqual(result.kind, .album)
    }

    func testFailureMessagesReadWell() {
        XCTAssertEqual(SearchFailure.throttled.message, "The iTunes Store is limiting searches. Try again in a minute.")
        XCTAssertEqual(SearchFailure(.notJSON), .unreadable(detail: "it was a web page, not search results"))
        XCTAssertEqual(SearchFailure(.notText), .unreadable(detail: "it was not an answer of the store but other data"))
    }

    /// A track says its own explicitness; only a track that says nothing takes its album's.
    func testATracksOwnExplicitnessComesBeforeItsAlbums() throws {
        func explicitness(_ fields: [String: Any]) -> StoreDetails.Explicitness? {
            let base: [String: Any] = ["wrapperType": "track", "kind": "song", "trackId": 1, "trackName": "Song"]
            return SearchResponseDecoder.result(from: base.merging(fields) { $1 })?.details?.explicitness
        }
        XCTAssertNil(explicitness(["trackExplicitness": "notExplicit", "collectionExplicitness": "explicit"]))
        XCTAssertEqual(explicitness(["trackExplicitness": "cleaned", "collectionExplicitness": "explicit"]), .clean)
        XCTAssertEqual(explicitness(["collectionExplicitness": "explicit"]), .explicit)
        XCTAssertNil(explicitness(["trackExplicitness": 1]))
    }
}
