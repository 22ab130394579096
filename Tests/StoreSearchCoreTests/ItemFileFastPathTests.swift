import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Issue #32: the item file StoreSearch writes is read by a fast reader of its own layout
/// (`ItemFileScanner`); anything else goes to the full reader, from the start. Each test loads the
/// same bytes both ways and compares everything a load gives: the store, the notice, and what
/// the load says of the file. Each also says whether the fast reader took the file, so that a
/// change that sends every file to the full reader fails here.
final class ItemFileFastPathTests: ItemFileTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Loads `bytes` the fast way and the full way (moving nothing), checks they agree, and
    /// returns the fast way's load.
    @discardableResult
    private func loadBothWays(_ bytes: Data, fast expected: Bool, file line: UInt = #line) throws -> ItemStoreFile
        .Loaded?
    {
        try bytes.write(to: file.url)
        let scanned = try file.scan(AtomicFile(url: file.url))
        XCTAssertEqual(
            scanned != nil, expected,
            expected ? "the fast reader takes it" : "the fast reader leaves it to the full one", line: line)
        var full = ItemStoreFile(url: file.url, locale: file.locale)
        full.readsFast = false
        let fastLoad = Result { try file.load(now: now, repairing: false) }
        let fullLoad = Result { try full.load(now: now, repairing: false) }
        switch (fastLoad, fullLoad) {
        case (.success(let fast), .success(let whole)):
            XCTAssertEqual(fast.store, whole.store, "the same store", line: line)
            XCTAssertEqual(fast.store.records.keys.sorted(), whole.store.records.keys.sorted(), line: line)
            XCTAssertEqual(fast.notice, whole.notice, line: line)
            XCTAssertEqual(fast.isDamaged, whole.isDamaged, line: line)
            XCTAssertEqual(fast.hasUnreadValues, whole.hasUnreadValues, line: line)
            if let scanned {
                XCTAssertEqual(scanned, whole.store, "what the fast reader read is the store", line: line)
            }
            return fast
        case (.failure(let fast), .failure(let whole)):
            XCTAssertEqual("\(fast)", "\(whole)", line: line)
            return nil
        default:
            XCTFail("one way loads, the other fails: \(fastLoad), \(fullLoad)", line: line)
            return nil
        }
    }

    /// A record of each kind of value the writer writes: text in several scripts, entities and a
    /// carriage return, long ids and repeated long artists, prices, offers, links, dates, a history.
    private func richStore(count: Int = 40) -> ItemStore {
        var store = ItemStore()
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        for index in 0..<count {
            var result = SearchResult(
                id: index % 2 == 0 ? "track:\(index)" : "collection:1234567890\(index)",
                name: "Café “\(index)” 東京 🎵 <&> '\"'",
                artist: "A Long Repeated Artist Name \(index % 3)",
                kind: [.song, .album, .other("weird kind"), .ebook][index % 4],
                genre: "Singer/Songwriter", price: Decimal(string: "1.\(index)"), currency: "EUR",
                releaseDate: start + Double(index) * 86_400,
                storeURL: URL(string: "https://music.apple.com/de/album/x/\(index)?i=\(index)&l=en"),
                previewURL: URL(string: "https://audio-ssl.itunes.apple.com/p/\(index).m4a"),
                collectionName: "Collection \(index % 5) of a long name",
                storeRegion: "DE",
                artworkURL: URL(string: "https://is1-ssl.mzstatic.com/image/thumb/\(index)/100x100bb.jpg"),
                largeArtworkURL: URL(string: "http://example.com/a%20b/\(index).jpg"),
                summary: "Line one\r\nline two\twith a tab\n\(String(repeating: "ü", count: index))",
                artistID: "\(900 + index)", collectionID: "\(7000 + index)")
            if index % 5 == 0 {
                result.offers = StoreOffers(restriction: .albumOnly, collectionPrice: Decimal(string: "9.99"))
            }
            store.markVisited(result, at: start)
            if index % 3 == 0 {
                store.setEdits(
                    ItemEdits(
                        name: "Edited & <renamed>", artist: "Me", price: Decimal(string: "0.99"),
                        releaseDate: start, notes: "Note \(index)\n\r ∑"), for: result, at: start)
            }
            if index % 4 == 0 {
                store.keep(result, at: start)
                var cheaper = result
                cheaper.price = Decimal(string: "0.49")
                _ = store.refreshPrices(from: [cheaper], at: start + 3_600)
            }
            if index % 7 == 0 { store.hide(result, at: start) }
        }
        return store
    }

    func testItsOwnFilesAreReadTheFastWayAsTheyWereSaved() throws {
        let store = richStore()
        XCTAssertTrue(store.records.values.contains { !$0.priceHistory.isEmpty }, "the store has price histories")
        try file.save(store)
        let loaded = try loadBothWays(Data(contentsOf: file.url), fast: true)
        XCTAssertEqual(loaded?.store, store)
        XCTAssertNil(loaded?.notice)
    }

    func testAnEmptyStoreAndAFileWithNoItems() throws {
        try file.save(ItemStore())
        XCTAssertEqual(try loadBothWays(Data(contentsOf: file.url), fast: true)?.store, ItemStore())
    }

    /// Another tool's layouts: plistlib's, Foundation's Codable (format 1), older formats.
    func testOtherToolsFilesGiveTheSameStoreEitherWay() throws {
        for name in ["items-format-1.plist", "items-format-2.plist", "items-format-3.plist", "items-plistlib.plist"] {
            let fixture = Fixture.data(name)
            let takesIt = try {
                try fixture.write(to: file.url); return try file.scan(AtomicFile(url: file.url)) != nil
            }()
            try loadBothWays(fixture, fast: takesIt)
        }
        // Format 1 keeps prices as Decimal dictionaries and kinds as `{song: {}}`: not the writer's.
        try loadBothWays(Fixture.data("items-format-1.plist"), fast: false)
    }

    /// Python's plistlib writes the layout StoreSearch writes (issue #46): a file it rewrote is
    /// read the fast way, the same as the full reader reads it.
    func testAFileRewrittenByPlistlibIsReadTheFastWay() throws {
        try file.save(richStore())
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c",
            "import plistlib,sys; d = plistlib.load(open(sys.argv[1],'rb')); plistlib.dump(d, open(sys.argv[1],'wb'))",
            file.url.path,
        ]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let loaded = try loadBothWays(Data(contentsOf: file.url), fast: true)
        XCTAssertEqual(loaded?.store.records.count, richStore().records.count)
    }

    /// Prices as another tool's numbers (plistlib writes a float as `<real>`) are read the fast
    /// way too, as the full reader reads them; one it keeps unread goes to the full reader.
    func testPricesWrittenAsNumbersAreReadTheFastWay() throws {
        let price = "<key>price</key>\n\t\t\t\t<string>0.99</string>"
        for (number, fast) in [
            ("<real>0.99</real>", true), ("<real> 1e1 </real>", true), ("<integer>2</integer>", true),
            ("<integer>0x1F</integer>", true), ("<real>inf</real>", false), ("<real>0x1p3</real>", false),
            ("<integer>123456789012345678901234567890</integer>", false),
        ] {
            try loadBothWays(try ownFile(replacing: price, with: "<key>price</key>\n\t\t\t\t\(number)"), fast: fast)
        }
    }

    /// A file of the writer's layout with one thing in it that the writer never writes.
    private func ownFile(_ store: ItemStore? = nil, replacing target: String, with replacement: String) throws -> Data {
        let text = String(decoding: file.encode(store ?? richStore(count: 8)), as: UTF8.self)
        XCTAssertTrue(text.contains(target), target)
        return Data(text.replacingOccurrences(of: target, with: replacement).utf8)
    }

    func testEntitiesAndCharacterReferencesAreReadTheFastWay() throws {
        let data = try ownFile(
            replacing: "<string>Note 0\n", with: "<string>&quot;&apos;&#233;&#x1F600;&#10;&#9;&amp;Note 0\n")
        let loaded = try loadBothWays(data, fast: true)
        XCTAssertEqual(loaded?.store.records["track:0"]?.edits.notes?.hasPrefix("\"'é😀\n\t&Note 0"), true)
    }

    func testWhatTheWriterNeverWritesGoesToTheFullReader() throws {
        let cases: [(String, String)] = [
            ("<string>Note 0\n", "<string><![CDATA[<not a tag> & ]]>Note 0\n"),  // CDATA
            ("<key>id</key>", "<!-- a comment --><key>id</key>"),
            ("<key>notes</key>", "<key>notes</key><!-- between key and value -->"),
            ("<string>Note 0\n", "<string>&eacute;Note 0\n"),  // an entity XML does not know: damaged
            ("<string>Note 0\n", "<string>&#1;Note 0\n"),  // a character XML cannot hold
            ("<string>Note 0\n", "<string>Note > 0\n"),
            ("<key>visitedAt</key>", "<key>priceWatch</key><true/><key>visitedAt</key>"),  // another tool's key
            ("<string>DE</string>", "<string lang=\"de\">DE</string>"),  // an attribute
            (
                "<key>artistId</key>\n\t\t\t\t<string>900</string>",
                "<key>artistId</key>\n\t\t\t\t<integer>900</integer>"
            ),
            // kept unread
            ("<key>price</key>\n\t\t\t\t<string>0.99</string>", "<key>price</key>\n\t\t\t\t<string>0,99x</string>"),
            ("Z</date>", ".000Z</date>"),  // another form of date
            ("Z</date>", "+00:00</date>"),
            (
                "<dict>\n\t<key>formatVersion</key>",
                "<dict>\n\t<key>other</key>\n\t<string>x</string>\n\t<key>formatVersion</key>"
            ),
            // another tool's top-level key
            ("</array>\n</dict>", "</array>\n\t<key>tool</key>\n\t<string>x</string>\n</dict>"),
            ("\t</array>\n</dict>\n</plist>\n", "\t</array>\n</dict>\n</plist>\n<!-- after -->\n"),
            ("<integer>4</integer>", "<integer>99</integer>"),  // a newer format: refused
            ("<integer>4</integer>", "<integer> 4 </integer>"),
            ("Note 0", "Note \u{7F}0"),
        ]
        for (target, replacement) in cases {
            try loadBothWays(try ownFile(replacing: target, with: replacement), fast: false)
        }
    }

    func testOddWhitespaceAndLineEnds() throws {
        let text = String(decoding: file.encode(richStore(count: 8)), as: UTF8.self)
        try loadBothWays(Data(text.replacingOccurrences(of: "\t", with: "  ").utf8), fast: true)
        try loadBothWays(Data(text.replacingOccurrences(of: "\n\t", with: "\n \t\n").utf8), fast: true)
        try loadBothWays(Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), fast: false)
        try loadBothWays(Data(text.replacingOccurrences(of: ">\n", with: ">").utf8), fast: true)
        let leading = Data((" \n" + text).utf8)
        try loadBothWays(leading, fast: Self.takesIt([UInt8](leading), file))
    }

    /// A note of megabytes spans several of the blocks the file is read in.
    func testHugeTextAcrossBlocks() throws {
        var store = richStore(count: 4)
        let note = String(repeating: "Ünïcode & <text> 東京 ", count: 120_000)
        store.setEdits(ItemEdits(notes: note), for: SearchResult(id: "track:huge", name: "Huge", kind: .song))
        try file.save(store)
        XCTAssertGreaterThan(try Data(contentsOf: file.url).count, 3 << 20)
        let loaded = try loadBothWays(Data(contentsOf: file.url), fast: true)
        XCTAssertEqual(loaded?.store.records["track:huge"]?.edits.notes, note)
    }

    func testInvalidUTF8IsLeftToTheFullReader() throws {
        var bytes = [UInt8](file.encode(richStore(count: 8)))
        let at = bytes.firstRange(of: Array("Note 3".utf8))!.lowerBound
        bytes[at + 1] = 0xC3  // a lead byte followed by ASCII
        try loadBothWays(Data(bytes), fast: false)
    }

    /// Damage in the middle: the full reader salvages what it can, the same either way.
    func testDamageInTheMiddle() throws {
        let whole = file.encode(richStore(count: 30))
        try loadBothWays(whole.prefix(whole.count * 3 / 5), fast: false)
        var bytes = [UInt8](whole)
        bytes.replaceSubrange((bytes.count / 2)..<(bytes.count / 2 + 40), with: Array("</dict></dict>garbage<<".utf8))
        let damaged = try loadBothWays(Data(bytes), fast: false)
        XCTAssertEqual(damaged?.isDamaged, true)
    }

    /// A file the fast reader gives up on far into it (after reading most records) still loads
    /// whole: every record, each as the full reader reads it.
    func testAFileTheFastReaderRejectsHalfWayLoadsWhole() throws {
        var store = ItemStore()
        for index in 0..<6_000 {
            store.markVisited(
                SearchResult(
                    id: "track:\(index)", name: "Song \(index) with a name long enough", kind: .song, currency: "USD"),
                at: Date(timeIntervalSince1970: 1_600_000_000))
        }
        var text = String(decoding: file.encode(store), as: UTF8.self)
        let late = text.range(of: "<string>track:5000</string>")!
        text.replaceSubrange(late, with: "<string>track:5000</string><!-- by hand -->")
        XCTAssertGreaterThan(
            text.utf8.distance(from: text.utf8.startIndex, to: late.lowerBound), 1 << 20, "past the first block")
        let loaded = try loadBothWays(Data(text.utf8), fast: false)
        XCTAssertEqual(loaded?.store.records.count, 6_000)
        XCTAssertEqual(loaded?.store, store)
    }

    /// Random damage to a file of its own, byte by byte and with pieces of XML put in anywhere:
    /// whatever each way makes of it, the other makes too. `make fuzz` runs many more rounds.
    func testMutatedFilesLoadTheSameEitherWay() throws {
        let original = [UInt8](file.encode(richStore(count: 12)))
        let pieces = [
            "<!--x-->", "&amp;", "&#13;", "&#xD800;", "<![CDATA[a<b]]>", "</dict>", "<dict>", "<dict/>", "\r", "\r\n",
            "<string/>",
            "<key>id</key>", "<key>id</key><string></string>", "<key>snapshot</key><dict/>", "<array/>", "<true/>",
            "\u{FFFE}", "é",
            "<key>edits</key><dict><key>notes</key><string>again</string></dict>", "<?pi x?>", "<", ">", "&", "\u{0}",
            "  ",
        ]
        var generator = SeededGenerator(seed: 32)
        let rounds = Int(ProcessInfo.processInfo.environment["STORESEARCH_FUZZ_ITEM_FILES"] ?? "") ?? 200
        var tookIt = 0
        for round in 0..<rounds {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                if round % 2 == 0 {
                    bytes[at] = UInt8.random(in: 0...255, using: &generator)
                } else {
                    bytes.insert(contentsOf: Array(pieces.randomElement(using: &generator)!.utf8), at: at)
                }
            }
            let takesIt = try Self.takesIt(bytes, file)
            tookIt += takesIt ? 1 : 0
            try loadBothWays(Data(bytes), fast: takesIt)
        }
        XCTAssertGreaterThan(tookIt, 0, "some changes (in text) leave a file the fast reader reads")
    }

    /// Characters that are odd but valid in XML, raw and as references.
    func testUnusualCharacters() throws {
        for odd in [
            "\u{FFFE}", "\u{FFFF}", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{10FFFF}", "&#xFFFE;", "&#x85;", "&#x10FFFF;",
            "&#0;", "&#xD800;", "&#x110000;",
        ] {
            let data = try ownFile(replacing: "<string>Note 0\n", with: "<string>\(odd)Note 0\n")
            try loadBothWays(data, fast: Self.takesIt([UInt8](data), file))
        }
    }

    private static func takesIt(_ bytes: [UInt8], _ file: ItemStoreFile) throws -> Bool {
        try Data(bytes).write(to: file.url)
        return try file.scan(AtomicFile(url: file.url)) != nil
    }

    /// A link the fast reader keeps as written is one `WebLink` keeps as written.
    func testPlainWebLinksAreTheirOwnText() {
        let links = [
            "https://music.apple.com/us/album/x/1?i=2&l=en", "http://example.com/a%20b/c.jpg",
            "https://a.b/p/(x)!*'$,;=:@~_-.+",
            "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/ab/cd/100x100bb.jpg", "https://x.org/a/./b",
            "https://x.org/a/../b",
            "https://X.org/a", "https://x.org:8080/a", "https://x.org", "https://x.org/a b", "https://x.org/%zz",
            "https://x.org/a#f",
            "https://x.org/ü", "https://[::1]/a", "file:///etc/passwd", "javascript:alert(1)", "https:///a",
            "https://x.org/a?b=%2f",
        ]
        for link in links where ItemFileScanner.isPlainWebLink(link) {
            XCTAssertEqual(WebLink.text(link), link, link)
        }
        XCTAssertTrue(ItemFileScanner.isPlainWebLink(links[0]))
        XCTAssertFalse(ItemFileScanner.isPlainWebLink("javascript:alert(1)"))
    }
}
