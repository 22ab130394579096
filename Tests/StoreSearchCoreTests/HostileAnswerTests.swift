import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #14: what a hostile or broken store answer does to decoding.
final class HostileAnswerTests: XCTestCase {
    private var twoHundred: Data { Fixture.data("two-hundred.json") }

    /// `body` with the first occurrence of `target` replaced by `replacement` bytes.
    private func replacing(_ target: String, with replacement: [UInt8], in body: Data) throws -> Data {
        let range = try XCTUnwrap(body.range(of: Data(target.utf8)), "no \(target) in the body")
        var changed = body
        changed.replaceSubrange(range, with: replacement)
        return changed
    }

    // Problem 10: one bad byte fails the whole search.
    func testAnInvalidUTF8ByteInOneOfTwoHundredRecordsKeepsTheOthers() throws {
        let body = try replacing(
            "Track 007", with: Array("Track ".utf8) + [0xFF, 0xC3] + Array("07".utf8), in: twoHundred)
        XCTAssertThrowsError(try JSONSerialization.jsonObject(with: body), "Foundation alone refuses the whole body")
        let results = try SearchResponseDecoder.decode(body)
        XCTAssertEqual(results.count, 200)
        XCTAssertTrue(results.contains { $0.name == "Track \u{FFFD}\u{FFFD}07" }, "the bad bytes read as U+FFFD")
    }

    func testANumberTooLargeForADoubleIsDroppedNotTheSearch() throws {
        let body = try replacing("\"trackPrice\": 1.29", with: Array("\"trackPrice\": 1e99999".utf8), in: twoHundred)
        let results = try SearchResponseDecoder.decode(body)
        XCTAssertEqual(results.count, 200)
        let track = results.first { $0.name == "Track 000" }
        XCTAssertNil(track?.price, "that record's track price reads as missing")
        XCTAssertEqual(
            track?.offers?.collectionPrice, Decimal(string: "10.32"), "so it is shown as sold with its album (#19)")

        let id = try replacing("\"trackId\": 300003", with: Array("\"trackId\": -1E+400000".utf8), in: twoHundred)
        XCTAssertEqual(try SearchResponseDecoder.decode(id).count, 200, "identity falls back to the collection")
    }

    func testUnpairedSurrogatesAndRawControlCharactersAreMended() throws {
        let body = """
            {"resultCount":3,"results":[
            {"kind":"song","trackId":1,"trackName":"Lone \\ud800 high"},
            {"kind":"song","trackId":2,"trackName":"Lone \\udc00 low","artistName":"Tab\there"},
            {"kind":"song","trackId":3,"trackName":"Pair \\ud83c\\udfb5"}]}
            """
        let results = try SearchResponseDecoder.decode(Data(body.utf8))
        XCTAssertEqual(Set(results.map(\.name)), ["Lone \u{FFFD} high", "Lone \u{FFFD} low", "Pair 🎵"])
    }

    func testAtMostTheRequestedNumberOfResultsIsKept() throws {
        let record = #"{"kind":"song","trackId":%d,"trackName":"Song %05d","artistName":"A"}"#
        let records = (0..<10_000).map { String(format: record, $0, $0) }.joined(separator: ",")
        let body = Data("{\"resultCount\":10000,\"results\":[\(records)]}".utf8)
        let results = try SearchResponseDecoder.decode(body, limit: 200)
        XCTAssertEqual(results.count, 200)
        XCTAssertEqual(results.first?.name, "Song 00000", "the store's first records are the ones kept")
        XCTAssertEqual(results.last?.name, "Song 00199")
    }

    // Problem 4: quadratic HTML-to-text.
    func testHTMLTextOfTwoHundredThousandUnclosedBracketsIsLinear() {
        let html = String(repeating: "<", count: 200_000)
        let start = ContinuousClock.now
        let text = HTMLText.plainText(html, limit: .max)
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(text.count, 200_000, "every '<' without a '>' is text")
        // The quadratic version took minutes; linear takes well under a second even in a debug
        // build on a loaded machine. The release-build figure is in `make bench`.
        XCTAssertLessThan(elapsed, .seconds(20))
        XCTAssertEqual(HTMLText.plainText("a <p>b</p> < c"), "a\nb\n< c")
    }

    func testADescriptionOfTwoHundredThousandBracketsDecodesBounded() throws {
        let description = String(repeating: "<", count: 200_000)
        let body = #"{"results":[{"kind":"ebook","trackId":1,"trackName":"Book","description":"\#(description)"}]}"#
        let book = try XCTUnwrap(SearchResponseDecoder.decode(Data(body.utf8)).first)
        XCTAssertLessThanOrEqual(book.summary?.unicodeScalars.count ?? 0, TextBounds.summary + 1)
        XCTAssertEqual(book.summary?.last, "…", "a cut description says so")
    }

    // Problem 5: long text.
    func testAHundredKilobyteNameAndArtistAreCutAndKeptWholeInTheSummary() throws {
        let name = String(repeating: "N", count: 100_000), artist = String(repeating: "é", count: 100_000)
        let body =
            #"{"results":[{"kind":"song","trackId":1,"trackName":"\#(name)","artistName":"\#(artist)","primaryGenreName":"\#(name)","description":"About it."}]}"#
        let song = try XCTUnwrap(SearchResponseDecoder.decode(Data(body.utf8)).first)
        XCTAssertEqual(song.name.unicodeScalars.count, TextBounds.name)
        XCTAssertEqual(song.name.last, "…")
        XCTAssertEqual(song.artist?.unicodeScalars.count, TextBounds.artist)
        XCTAssertEqual(song.genre?.unicodeScalars.count, TextBounds.genre)
        let summary = try XCTUnwrap(song.summary)
        XCTAssertTrue(summary.hasPrefix("Name: NNNN"), "the name is readable in full in the detail pane")
        XCTAssertLessThanOrEqual(summary.unicodeScalars.count, TextBounds.summary + 1)
        XCTAssertEqual(TextBounds.cut("short", to: 300), "short")
        XCTAssertEqual(
            TextBounds.cut(String(repeating: "\u{301}", count: 1000), to: 10).unicodeScalars.count, 10,
            "combining marks are counted one by one")
    }

    func testACancelledDecodeStops() async throws {
        let body = twoHundred
        let task = Task.detached { () -> Result<Int, SearchResponseError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(SearchResponseError) { return .success(try SearchResponseDecoder.decode(body).count) } catch {
                return .failure(error)
            }
        }
        let outcome = await task.value
        XCTAssertEqual(outcome, .failure(.cancelled))
    }

    // Problem 3: only web links.
    func testOnlyWebLinksAreKept() throws {
        let body = """
            {"results":[
            {"kind":"song","trackId":1,"trackName":"File","trackViewUrl":"file:///etc/passwd","artworkUrl100":"file:///etc/passwd"},
            {"kind":"song","trackId":2,"trackName":"Script","trackViewUrl":"javascript:alert(1)","previewUrl":"smb://host/share"},
            {"kind":"song","trackId":3,"trackName":"Shell","collectionViewUrl":"ssh://host","artworkUrl100":"HTTPS://is1.example/100x100bb.jpg"},
            {"kind":"song","trackId":4,"trackName":"Web","trackViewUrl":"https://music.apple.com/x"}]}
            """
        let results = Dictionary(
            uniqueKeysWithValues: try SearchResponseDecoder.decode(Data(body.utf8)).map { ($0.name, $0) })
        XCTAssertNil(results["File"]?.storeURL)
        XCTAssertNil(results["File"]?.artworkURL, "artwork must be fetched from the web too")
        XCTAssertEqual(results["File"]?.refusedStoreLink, .notAWebLink(scheme: "file"))
        XCTAssertEqual(
            results["File"]?.storeLinkNote,
            "The store gave a “file:” link, not a web link, so StoreSearch does not open it.")
        XCTAssertEqual(results["Script"]?.refusedStoreLink, .notAWebLink(scheme: "javascript"))
        XCTAssertNil(results["Script"]?.previewURL)
        XCTAssertEqual(results["Shell"]?.refusedStoreLink, .notAWebLink(scheme: "ssh"))
        XCTAssertNotNil(results["Shell"]?.artworkURL, "an upper-case HTTPS scheme is still the web")
        XCTAssertEqual(results["Web"]?.storeURL?.absoluteString, "https://music.apple.com/x")
        XCTAssertNil(results["Web"]?.storeLinkNote)

        for refused in [
            "file:///etc/passwd", "javascript:alert(1)", "ssh://h", "smb://h/s", "http:no-host", "mailto:a@b",
            "/relative",
        ] {
            XCTAssertNil(WebLink.web(URL(string: refused)), refused)
        }
        XCTAssertEqual(
            SearchResult(id: "x", name: "x", kind: .song).storeLinkNote, "The store gave no link for this item.")
    }

    // Problem 10: Retry-After.
    func testRetryAfterIsReadAsSecondsOrADate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(RetryAfter.date(from: "120", now: now), now + 120)
        XCTAssertEqual(
            RetryAfter.date(from: "Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_000)),
            Date(timeIntervalSince1970: 1_445_412_480))
        XCTAssertEqual(
            RetryAfter.date(from: "99999999999", now: now), now + RetryAfter.longest, "a year is not believed")
        XCTAssertNil(RetryAfter.date(from: "soon", now: now))
        XCTAssertNil(RetryAfter.date(from: "-5", now: now))
        let failure = SearchFailure.retryLater(status: 429, after: now + 90, waitSeconds: 90)
        XCTAssertEqual(failure.title, "Too Many Searches")
        XCTAssertEqual(
            failure.message, "The iTunes Store asked to wait before searching again. Try again in 2 minutes.")
        XCTAssertFalse(failure.isUnreachable)
        XCTAssertEqual(SearchFailure.cutOff.title, "The Store’s Answer Was Cut Off")
        XCTAssertFalse(SearchFailure.cutOff.isUnreachable, "the store was reached: no offline offer")
    }

    func testSearchCacheKeepsTheThirtyTwoMostRecentlyUsedQueriesForTenMinutes() {
        var cache = SearchCache()
        let now = Date()
        let urls = (0..<40).map { URL(string: "https://store.example/search?term=\($0)")! }
        let result = [SearchResult(id: "track:1", name: "One", kind: .song)]
        for url in urls.prefix(32) { cache.insert(result, for: url, now: now) }
        XCTAssertNotNil(cache.results(for: urls[0], now: now), "a hit makes the oldest the most recent")
        cache.insert(result, for: urls[32], now: now)
        XCTAssertEqual(cache.count, 32)
        XCTAssertNotNil(cache.results(for: urls[0], now: now))
        XCTAssertNil(cache.results(for: urls[1], now: now), "the least recently used one went")
        XCTAssertNil(cache.results(for: urls[0], now: now + 10 * 60), "ten minutes later it is stale")
        XCTAssertNotNil(cache.results(for: urls[2], now: now + 9 * 60))

        let other = [SearchResult(id: "track:2", name: "Two", kind: .song)]
        cache.insert(other, for: urls[39], now: now)
        cache.forget(answersHolding: ["track:1"])
        XCTAssertEqual(cache.count, 1, "a price check of track:1 drops every answer holding it")
        XCTAssertNotNil(cache.results(for: urls[39], now: now))
    }
}
