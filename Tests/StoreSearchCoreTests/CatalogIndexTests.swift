import Foundation
import XCTest
@testable import StoreSearchCore

final class CatalogIndexTests: XCTestCase {
    /// Records are served as their own bytes from the file: strings holding braces, quotes and
    /// escapes, nested objects and arrays, and other top-level keys do not confuse the scan.
    func testRecordsAreServedAsTheirOwnBytes() throws {
        let first =
            #"{"kind":"song","trackName":"Brace { and \"quote\" ]","artistName":"A\\","nested":{"a":[1,{"b":"}"}]}}"#
        let second = #"{"kind":"ebook","trackName":"Second","genres":["Fiction","{x}"]}"#
        let catalog =
            #"{"before":[{"kind":"song","trackName":"Not a result"}],"results":[ "# + first + ",\n  " + second
            + #"],"after":{"x":[{"y":1}]}}"#
        let data = Data(catalog.utf8)
        XCTAssertEqual(
            CatalogIndex.resultRanges(in: data).map { String(decoding: data[$0], as: UTF8.self) }, [first, second])

        let index = try CatalogIndex(catalog: data)
        XCTAssertEqual(index.count, 2)
        let body = index.responseBody(term: "brace", entity: nil, limit: 10)
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains(first), "served byte for byte")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
        XCTAssertEqual(object["resultCount"] as? Int, 1)
        XCTAssertEqual(index.responseBody(term: "fiction", entity: "ebook", limit: 10).count > 0, true)
        let fiction = try XCTUnwrap(
            JSONSerialization.jsonObject(with: index.responseBody(term: "fiction", entity: "ebook", limit: 10))
                as? [String: Any])
        XCTAssertEqual(fiction["resultCount"] as? Int, 1)
    }

    /// Terms typed without Turkish letters (or in capitals) find names written with them, as the
    /// store does: ı and İ count as i, ş as s.
    func testTurkishDotlessIMatchesI() throws {
        let catalog =
            #"{"results":[{"kind":"song","trackName":"Şımarık","artistName":"Tarkan Yılmaz"},{"kind":"song","trackName":"İstanbul"}]}"#
        let index = try CatalogIndex(catalog: Data(catalog.utf8))
        for term in ["simarik", "yilmaz", "YILMAZ", "yılmaz", "istanbul", "İSTANBUL"] {
            let object = try XCTUnwrap(
                JSONSerialization.jsonObject(with: index.responseBody(term: term, entity: nil, limit: 10))
                    as? [String: Any])
            XCTAssertEqual(object["resultCount"] as? Int, 1, term)
        }
    }

    /// `/lookup?id=` finds a record by its trackId, or, with none (an album, an audiobook), by its
    /// collectionId, as the decoder names results; unknown ids are left out.
    func testLookupFindsRecordsByTheIdTheirResultsHave() throws {
        let catalog =
            #"{"results":[{"wrapperType":"track","kind":"song","trackId":11,"collectionId":1,"trackName":"Song"},"#
            + #"{"wrapperType":"audiobook","collectionId":22,"collectionName":"Book"},"#
            + #"{"wrapperType":"collection","collectionId":33,"collectionName":"Album"}]}"#
        let index = try CatalogIndex(catalog: Data(catalog.utf8))
        func names(_ ids: [String]) throws -> [String] {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: index.lookupBody(ids: ids)) as? [String: Any])
            let results = try XCTUnwrap(object["results"] as? [[String: Any]])
            XCTAssertEqual(object["resultCount"] as? Int, results.count)
            return results.map { ($0["trackName"] ?? $0["collectionName"]) as? String ?? "?" }
        }
        XCTAssertEqual(try names(["11"]), ["Song"])
        XCTAssertEqual(try names(["22", "33", "404"]), ["Book", "Album"])
        XCTAssertEqual(try names(["1"]), [], "a track is found by its own id, not its album's")
        XCTAssertEqual(try names([]), [])
    }
}
