import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Issue #46: another writer's item file is read as Python's plistlib reads it. Randomly changed
/// files (the forms another tool writes: kinds spelled its way, links with a stray `%`, integers
/// in hexadecimal or beyond 64 bits, reals and dates in every form plistlib reads, snapshots
/// without an id, name or kind, keys written twice, records twice; and some bytes changed at
/// random) are loaded by both of StoreSearch's readers, which must agree, and saved; plistlib
/// (one process per batch) reads each changed file and its save. A file plistlib reads is one
/// StoreSearch reads without calling it damaged, and its save holds what plistlib read, value by
/// value (a kind, a price or an id written another way compares as what it means). `make fuzz`
/// runs 20,000 files.
final class ItemFilePlistlibTests: ItemFileTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    func testChangedFilesReadAsPlistlibReadsThemAndBothReadersAgree() throws {
        let total = Int(ProcessInfo.processInfo.environment["STORESEARCH_FUZZ_ITEM_FILES"] ?? "") ?? 500
        var generator = SeededGenerator(seed: 46)
        var compared = 0, fastTook = 0, noticed = 0
        for batch in stride(from: 0, to: total, by: 1_000) {
            var cases: [PlistlibCase] = []
            for index in batch..<min(batch + 1_000, total) {
                let made = ChangedItemFile.make(using: &generator)
                let input = directory.appending(path: "in-\(index).plist")
                try Data(made.text.utf8).write(to: input)
                var entry = PlistlibCase(index: index, input: input.path, output: nil, made: made, loaded: nil)
                guard let loaded = try loadBothWays(input, fastTook: &fastTook) else {
                    cases.append(entry)
                    continue
                }
                entry.loaded = loaded
                if !loaded.isDamaged {
                    let output = directory.appending(path: "out-\(index).plist")
                    try ItemStoreFile(url: output, locale: file.locale).save(loaded.store)
                    entry.output = output.path
                }
                cases.append(entry)
            }
            for (entry, answer) in zip(cases, try Plistlib.compare(cases, in: directory)) {
                let description = "file \(entry.index) (\(entry.made.changes.joined(separator: "; ")))"
                guard answer.inputRead else { continue }  // plistlib refuses it: StoreSearch may read more
                guard !entry.made.breaksMeaning else { continue }  // read, but no item file (no id at all)
                guard let loaded = entry.loaded else {
                    XCTFail("plistlib reads \(description), StoreSearch does not")
                    continue
                }
                XCTAssertFalse(loaded.isDamaged, "plistlib reads \(description): not damaged")
                XCTAssertEqual(answer.difference, nil, description)
                if entry.made.expectsNotice {
                    XCTAssertTrue(loaded.hasUnreadValues, "a value kept unread is said: \(description)")
                    noticed += 1
                }
                compared += 1
            }
            for entry in cases {
                try? FileManager.default.removeItem(atPath: entry.input)
                if let output = entry.output { try? FileManager.default.removeItem(atPath: output) }
            }
        }
        XCTAssertGreaterThan(compared, total / 2, "most changed files are ones plistlib reads")
        XCTAssertGreaterThan(fastTook, 0, "some are read the fast way")
        XCTAssertGreaterThan(noticed, 0, "some keep a value unread")
    }

    /// The file loaded the fast way and the full way (moving nothing): both the same, or both failing.
    private func loadBothWays(_ url: URL, fastTook: inout Int) throws -> ItemStoreFile.Loaded? {
        let fast = ItemStoreFile(url: url, locale: file.locale)
        var full = fast
        full.readsFast = false
        if try fast.scan(AtomicFile(url: url)) != nil { fastTook += 1 }
        switch (
            Result { try fast.load(now: now, repairing: false) }, Result { try full.load(now: now, repairing: false) }
        ) {
        case (.success(let one), .success(let other)):
            XCTAssertEqual(one.store, other.store, url.lastPathComponent)
            XCTAssertEqual(one.notice, other.notice, url.lastPathComponent)
            XCTAssertEqual(one.isDamaged, other.isDamaged, url.lastPathComponent)
            return one
        case (.failure(let one), .failure(let other)):
            XCTAssertEqual("\(one)", "\(other)", url.lastPathComponent)
        case (let one, let other):
            XCTFail("\(url.lastPathComponent): one way loads, the other fails: \(one), \(other)")
        }
        return nil
    }

    /// The forms each reader reads, one by one, against plistlib's reading of them.
    func testTheFormsPlistlibReads() throws {
        XCTAssertEqual(PlistNumber.integer("0x1F"), .value(31))
        XCTAssertEqual(PlistNumber.integer("0X_ff "), .value(255))
        XCTAssertEqual(PlistNumber.integer(" +1_000 "), .value(1_000))
        XCTAssertEqual(PlistNumber.integer("123456789012345678901234567890"), .tooLarge)
        XCTAssertEqual(PlistNumber.integer("0xFFFFFFFFFFFFFFFFFF"), .tooLarge)
        for refused in ["1__0", "_1", "1_", "0x", "-0x1", " 0x1", "1e3", "", "+", "12abc"] {
            XCTAssertEqual(PlistNumber.integer(refused), PlistNumber.Integer.none, refused)
        }
        XCTAssertEqual(PlistNumber.real(" .5 "), 0.5)
        XCTAssertEqual(PlistNumber.real("5."), 5)
        XCTAssertEqual(PlistNumber.real("1_0.2_5e1_0"), 10.25e10)
        XCTAssertEqual(PlistNumber.real("-InFiNiTy"), -.infinity)
        XCTAssertEqual(PlistNumber.real("1e999"), .infinity)
        for refused in ["0x1p3", "1e", ".", "1.5.5", "e5", "nan(1)", "1_e5", "infinite"] {
            XCTAssertNil(PlistNumber.real(refused), refused)
        }
        func date(_ text: String) -> Date? { ISO8601Date.parse(text) }
        XCTAssertEqual(date("2024-01-02Z"), date("2024-01-02T00:00:00Z"))
        XCTAssertEqual(date("2024-01-02T03Z"), date("2024-01-02T03:00:00Z"))
        XCTAssertEqual(date("2024-01-02T03:04Z"), date("2024-01-02T03:04:00Z"))
        XCTAssertEqual(date("2024-01-02T03:04:05Z and more"), date("2024-01-02T03:04:05Z"))
        XCTAssertNil(date("2024-02-30Z"))
        XCTAssertNil(date("2024-01Z"), "plistlib needs the day")
        XCTAssertEqual(ResultKind(storedName: "Song"), .song)
        XCTAssertEqual(ResultKind(storedName: "feature-movie"), .movie)
        XCTAssertEqual(ResultKind(storedName: "Music Video"), .musicVideo)
        XCTAssertEqual(ResultKind(storedName: "collection"), .album)
        XCTAssertEqual(ResultKind(storedName: "other:Song"), .other("Song"), "StoreSearch's own `other:` stays")
        XCTAssertEqual(ResultKind(storedName: "coached-audio"), .other("coached-audio"))
    }

    /// A snapshot without a name is kept as written, said, and its item looked up again; one without
    /// an id takes its record's; a link with a stray `%` stays as written.
    func testASnapshotLackingANameIsKeptAsWrittenAndSaid() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>4</integer><key>items</key><array>
            <dict><key>id</key><string>track:1</string><key>snapshot</key><dict><key>artist</key><string>Tarkan</string>
            <key>kind</key><string>Song</string><key>price</key><real>0.99</real></dict></dict>
            <dict><key>id</key><string>track:2</string><key>snapshot</key><dict><key>name</key><string>Kuzu</string>
            <key>kind</key><string>Song</string><key>storeURL</key><string>https://x.org/100%</string></dict></dict>
            </array></dict></plist>
            """
        try Data(text.utf8).write(to: file.url)
        let loaded = try file.load()
        XCTAssertNil(loaded.store.records["track:1"]?.snapshot, "no name: looked up again")
        XCTAssertTrue(loaded.hasUnreadValues)
        XCTAssertTrue(loaded.notice?.contains("“track:1”: snapshot “no name”") ?? false, loaded.notice ?? "none")
        let second = try XCTUnwrap(loaded.store.records["track:2"]?.snapshot)
        XCTAssertEqual(second.id, "track:2")
        XCTAssertEqual(second.kind, .song)
        XCTAssertEqual(second.$storeURL, "https://x.org/100%")
        try file.save(loaded.store)
        let saved = try String(contentsOf: file.url, encoding: .utf8)
        for kept in ["<string>Tarkan</string>", "<string>https://x.org/100%</string>", "<key>price</key>"] {
            XCTAssertTrue(saved.contains(kept), kept)
        }
    }
}

/// One changed file, what StoreSearch made of it, and where its save is.
private struct PlistlibCase {
    let index: Int
    let input: String
    var output: String?
    let made: ChangedItemFile
    var loaded: ItemStoreFile.Loaded?
}

/// Runs plistlib once over a batch: reads each changed file and its save, and compares them
/// by what each value means to StoreSearch.
private enum Plistlib {
    struct Answer: Decodable {
        let inputRead: Bool
        let difference: String?
    }

    static func compare(_ cases: [PlistlibCase], in directory: URL) throws -> [Answer] {
        let manifest = directory.appending(path: "manifest.json")
        try JSONSerialization.data(withJSONObject: cases.map { [$0.input, $0.output ?? ""] }).write(to: manifest)
        defer { try? FileManager.default.removeItem(at: manifest) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, manifest.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "plistlib's comparison ran")
        return try JSONDecoder().decode([Answer].self, from: data)
    }

    /// What StoreSearch takes a value to mean: a kind's other spellings, a price as a number, a
    /// store id as text, a snapshot's id as its record's; empty `edits`, `snapshot` and histories
    /// are not written; the last record of an id counts.
    static let script = #"""
        import datetime, decimal, json, math, plistlib, sys
        NAMED = {"song", "app", "ebook", "audiobook", "podcast", "movie", "musicVideo", "tvEpisode", "album", "artist"}
        ALIASES = {"song": "song", "app": "app", "software": "app", "macsoftware": "app", "ebook": "ebook",
            "audiobook": "audiobook", "podcast": "podcast", "podcastepisode": "podcast", "movie": "movie",
            "featuremovie": "movie", "musicvideo": "musicVideo", "tvepisode": "tvEpisode", "album": "album",
            "collection": "album", "artist": "artist"}
        def kind(v):
            if not isinstance(v, str) or v in NAMED or v.startswith("other:"): return v
            folded = v.lower().replace("-", "").replace("_", "").replace(" ", "")
            return ALIASES.get(folded, "other:" + v)
        def price(v):
            if isinstance(v, bool): return v
            if isinstance(v, float) and not math.isfinite(v): return ["float", repr(v)]
            try:
                text = repr(v) if isinstance(v, float) else str(v)
                number = decimal.Decimal(text)
                return ["price", "0" if number == 0 else str(number.normalize())]
            except Exception:
                return v
        def plain(v):
            if isinstance(v, dict): return {k: plain(x) for k, x in v.items()}
            if isinstance(v, list): return [plain(x) for x in v]
            if isinstance(v, datetime.datetime): return ["date", v.isoformat()]
            if isinstance(v, bytes): return ["data", v.hex()]
            if isinstance(v, float): return ["float", repr(v)]
            return v
        def record(r):
            r = dict(r)
            snap = r.get("snapshot")
            if isinstance(snap, dict):
                snap = dict(snap)
                if "id" not in r and isinstance(snap.get("id"), str): r["id"] = snap["id"]
                if "id" not in snap and "name" in snap and "kind" in snap: snap["id"] = r.get("id")
                if "kind" in snap: snap["kind"] = kind(snap["kind"])
                for key in ("price", "collectionPrice"):
                    if key in snap: snap[key] = price(snap[key])
                for key in ("artistId", "collectionId"):
                    if isinstance(snap.get(key), int) and not isinstance(snap.get(key), bool) and snap[key] > 0:
                        snap[key] = str(snap[key])
                r["snapshot"] = snap
            edits = r.get("edits")
            if isinstance(edits, dict) and "price" in edits: r["edits"] = dict(edits, price=price(edits["price"]))
            history = r.get("priceHistory")
            if isinstance(history, list):
                r["priceHistory"] = [dict(p, price=price(p["price"])) if isinstance(p, dict) and "price" in p else p
                    for p in history]
            for key in ("edits", "snapshot", "priceHistory"):
                if r.get(key) in ({}, []): del r[key]
            return plain(r)
        def items(path):
            top = plistlib.load(open(path, "rb"))
            byid = {}
            for r in top.get("items", []):
                r = record(r)
                byid[json.dumps(r.get("id"))] = r
            rest = {k: plain(v) for k, v in top.items() if k not in ("items", "formatVersion")}
            return {"items": byid, "other": rest}
        answers = []
        for given, saved in json.load(open(sys.argv[1])):
            try:
                before = items(given)
            except Exception:
                answers.append({"inputRead": False, "difference": None}); continue
            if not saved:
                answers.append({"inputRead": True, "difference": None}); continue
            try:
                after = items(saved)
            except Exception as error:
                answers.append({"inputRead": True, "difference": "plistlib cannot read the save: %r" % error}); continue
            difference = None
            if before != after:
                keys = sorted(set(before["items"]) | set(after["items"]))
                for key in keys:
                    if before["items"].get(key) != after["items"].get(key):
                        difference = "%s: %r became %r" % (key, before["items"].get(key), after["items"].get(key))
                        break
                difference = difference or "top: %r became %r" % (before["other"], after["other"])
            answers.append({"inputRead": True, "difference": difference})
        json.dump(answers, sys.stdout)
        """#
}
