import XCTest
@testable import StoreSearchCore

/// Issue #31: the detail shows a bounded start of long text, and long words get break points.
final class TextBoundsTests: XCTestCase {
    func testTheStartOfALongTextIsCutAtASpaceNearTheBound() throws {
        XCTAssertNil(TextBounds.start(of: "Short."))
        let words = String(repeating: "word ", count: 400)
        let start = try XCTUnwrap(TextBounds.start(of: words))
        XCTAssertLessThanOrEqual(start.unicodeScalars.count, TextBounds.preview)
        XCTAssertTrue(start.hasSuffix("word…"), start.suffix(10).description)
        let word = try XCTUnwrap(TextBounds.start(of: String(repeating: "x", count: 20_000)))
        XCTAssertEqual(word.unicodeScalars.count, TextBounds.preview)
    }

    func testLongRunsGetZeroWidthSpacesAndNothingElseChanges() {
        XCTAssertEqual(TextBounds.breakable("A few words, each short."), "A few words, each short.")
        let run = TextBounds.breakable(String(repeating: "x", count: 100), run: 32)
        XCTAssertEqual(run.replacingOccurrences(of: "\u{200B}", with: ""), String(repeating: "x", count: 100))
        XCTAssertEqual(run.components(separatedBy: "\u{200B}").map(\.count), [32, 32, 32, 4])
        let marks = String(repeating: "e\u{301}", count: 40)  // é as a letter and a combining accent
        XCTAssertEqual(
            TextBounds.breakable(marks, run: 32).count, 40 + 2, "the breaks fall between characters, not inside them")
        let family = String(repeating: "👨\u{200D}👩\u{200D}👧", count: 20)
        XCTAssertEqual(TextBounds.breakable(family, run: 4).replacingOccurrences(of: "\u{200B}", with: "").count, 20)
        XCTAssertFalse(TextBounds.breakable(family, run: 4).contains("\u{200D}\u{200B}"), "never right after a joiner")
    }
}
