import Foundation
import XCTest
@testable import StoreSearchCore

final class CatalogIndexTests: XCTestCase {
    /// Records are served as their own bytes from the file: strings holding braces, quotes and
    /// escapes, nested objects and arrays, and other top-level keys do not confuse the scan.
    func testRecordsAreServedAsTheirOwnBytes() throws {
        let first = #"{"kind":"song","trackName":"Brace { and \"quote\" ]","artistName":"A\\","nested":{"a":[1,{"b":"}"}]}}"#
        let second = #"{"kind":"ebook","trackName":"Second","genres":["Fiction","{x}"]}"#
        let catalog = #"{"before":[{"kind":"song","trackName":"Not a result"}],"results":[ "# + first + ",\n  " + second +
            #"],"after":{"x":[{"y":1}]}}"#
        let data = Data(catalog.utf8)
        XCTAssertEqual(CatalogIndex.resultRanges(in: data).map { String(decoding: data[$0], as: UTF8.self) }, [first, second])

        let index = try CatalogIndex(catalog: data)
        XCTAssertEqual(index.count, 2)
        let body = index.responseBody(term: "brace", entity: nil, limit: 10)
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains(first), "served byte for byte")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
        XCTAssertEqual(object["resultCount"] as? Int, 1)
        XCTAssertEqual(index.responseBody(term: "fiction", entity: "ebook", limit: 10).count > 0, true)
        let fiction = try XCTUnwrap(JSONSerialization.jsonObject(with: index.responseBody(term: "fiction", entity: "ebook", limit: 10))
            as? [String: Any])
        XCTAssertEqual(fiction["resultCount"] as? Int, 1)
    }
}
