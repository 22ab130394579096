import Foundation
import TestSupport

/// An item file as another writer might leave it: a dozen records in the layout StoreSearch
/// writes, then one to four changes in the forms other tools write (and, in one file of ten,
/// bytes changed at random). Built as a tree of elements whose text is written as given, so a
/// change can put any form in any place.
struct ChangedItemFile {
    let text: String
    /// What was changed, to name a failing file.
    let changes: [String]
    /// A change that leaves a value StoreSearch keeps unread (and must say so).
    let expectsNotice: Bool
    /// A change after which the file is no item file StoreSearch can take (a record without an id).
    let breaksMeaning: Bool

    fileprivate indirect enum Node {
        case leaf(String, String)  // element, its text as written
        case dict([(String, Node)])
        case array([Node])
    }

    static func make(using generator: inout SeededGenerator) -> ChangedItemFile {
        var records = (0..<12).map { record($0, &generator) }
        var changes: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let at = Int.random(in: 0..<records.count, using: &generator)
            var record = records[at], repeated: [Node] = []
            changes.append("record \(at): \(change(&record, repeated: &repeated, using: &generator))")
            records[at] = record
            records += repeated
        }
        let expectsNotice = records.contains { $0.keepsAValueUnread }
        var text = Self.text(records)
        var breaksMeaning = false
        if Int.random(in: 0..<10, using: &generator) == 0 {
            var bytes = Array(text.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            text = String(decoding: bytes, as: UTF8.self)
            changes.append("bytes changed at random")
            breaksMeaning = true  // a key's name may be another now
        }
        return ChangedItemFile(text: text, changes: changes, expectsNotice: expectsNotice, breaksMeaning: breaksMeaning)
    }

    private static let kinds = ["song", "album", "app", "ebook", "movie", "podcast"]

    private static func record(_ index: Int, _ generator: inout SeededGenerator) -> Node {
        let id = index % 3 == 0 ? "collection:\(9_000 + index)" : "track:\(index)"
        var snapshot: [(String, Node)] = [
            ("artist", .leaf("string", "Artist \(index % 4) &amp; Co")),
            ("artistId", .leaf("string", "\(500 + index)")),
            ("artworkURL", .leaf("string", "https://is1-ssl.mzstatic.com/image/thumb/\(index)/100x100bb.jpg")),
            ("currency", .leaf("string", "USD")), ("id", .leaf("string", id)),
            ("kind", .leaf("string", kinds[index % kinds.count])), ("name", .leaf("string", "Name \(index) “東京”")),
            ("price", .leaf("string", "1.\(index)9")),
            ("releaseDate", .leaf("date", "2020-03-0\(index % 9 + 1)T10:00:00Z")),
            ("storeURL", .leaf("string", "https://music.apple.com/us/album/x/\(index)?i=\(index)&amp;l=en")),
        ]
        if index % 2 == 0 { snapshot.append(("collectionId", .leaf("string", "\(7_000 + index)"))) }
        var fields: [(String, Node)] = [
            ("id", .leaf("string", id)), ("snapshot", .dict(snapshot)),
            ("visitedAt", .leaf("date", "2024-0\(index % 9 + 1)-01T12:00:00Z")),
        ]
        if Bool.random(using: &generator) {
            fields.append(
                (
                    "edits",
                    .dict([("notes", .leaf("string", "Note \(index)\nline 2")), ("price", .leaf("string", "0.99"))])
                ))
        }
        if index % 4 == 0 {
            fields.append(("keptAt", .leaf("date", "2024-05-01T00:00:00Z")))
            fields.append(
                (
                    "priceHistory",
                    .array([
                        .dict([
                            ("currency", .leaf("string", "USD")), ("date", .leaf("date", "2024-05-01T00:00:00Z")),
                            ("price", .leaf("string", "1.99")),
                        ])
                    ])
                ))
        }
        return .dict(fields.sorted { $0.0 < $1.0 })
    }

    // MARK: Changes

    private static let kindSpellings = [
        "Song", "SONG", "feature-movie", "Music Video", "musicVideo", "music_video", "tvEpisode", "TV Episode",
        "collection", "Artist", "software", "mac-software", "E-Book", "podcast-episode", "coached-audio", "weird kind",
        "other:Song",
    ]
    private static let strayPercentLinks = [
        "https://x.org/a%zzb", "https://x.org/100%", "https://x.org/a%2", "https://x.org/50%25off%",
        "https://x.org/a b%", "https://music.apple.com/us/album/%E6%9D%B1/1?i=2%",
    ]
    private static let integers = [
        "0x1F", "0X1f", " 42 ", "+7", "-0", "1_000", "007", "123456789012345678901234567890", "0x_ff",
        "0xFFFFFFFFFFFFFFFFFFFF", "-99999999999999999999", "1__0", "12abc", "0x", "- 5", "",
    ]
    private static let reals = [
        "1.5", "1e3", " .5 ", "5.", "1_0.5", "inf", "-Infinity", "NaN", "0x1p3", "1e", "1.5.5", "2", "-0.0", "1e-7",
        "1E+2",
    ]
    private static let dates = [
        "2024-01-02Z", "2024-01-02T03Z", "2024-01-02T03:04Z", "2024-01-02T03:04:05Zjunk", "2024-13-01T00:00:00Z",
        "2024-02-30T00:00:00Z", "2024-01-02T03:04:05.5Z", "2024-01-02T03:04:05+02:00", "1500-06-01T00:00:00Z",
        "0001-01-01T00:00:00Z", "2024-01-02",
    ]

    /// One change to `record` (or a copy of it written again later, into `repeated`); its name.
    private static func change(_ record: inout Node, repeated: inout [Node], using generator: inout SeededGenerator)
        -> String
    {
        func pick(_ values: [String]) -> String { values.randomElement(using: &generator)! }
        switch Int.random(in: 0..<9, using: &generator) {
        case 0:
            let kind = pick(kindSpellings)
            record.set(["snapshot", "kind"], .leaf("string", kind))
            return "kind \(kind)"
        case 1:
            let link = pick(strayPercentLinks)
            let key = pick(["storeURL", "artworkURL", "previewURL"])
            record.set(["snapshot", key], .leaf("string", link))
            return "\(key) \(link)"
        case 2:
            let number = pick(integers)
            let path = [["count"], ["edits", "price"], ["snapshot", "artistId"], ["snapshot", "tally"]].randomElement(
                using: &generator)!
            record.set(path, .leaf("integer", number))
            return "\(path.joined(separator: ".")) <integer>\(number)"
        case 3:
            let number = pick(reals)
            let path = [["rating"], ["edits", "price"], ["snapshot", "price"]].randomElement(using: &generator)!
            record.set(path, .leaf("real", number))
            return "\(path.joined(separator: ".")) <real>\(number)"
        case 4:
            let date = pick(dates)
            let path = [["visitedAt"], ["snapshot", "releaseDate"], ["edits", "releaseDate"], ["seenAt"]]
                .randomElement(using: &generator)!
            record.set(path, .leaf("date", date))
            return "\(path.joined(separator: ".")) <date>\(date)"
        case 5:
            let key = pick(["id", "name", "kind"])
            record.remove(["snapshot", key])
            return "snapshot without \(key)"
        case 6:
            record.append(["edits"], "notes", .leaf("string", "written twice"))
            return "notes written twice"
        case 7:
            var again = record
            again.set(["edits", "notes"], .leaf("string", "the record again"))
            repeated.append(again)
            return "record written twice"
        default:
            let price = pick([
                "<integer>5</integer>", "<real>2.50</real>", "<string> 3.10 </string>", "<string>1,5</string>",
            ])
            let element = String(price.dropFirst().prefix { $0 != ">" })
            let text = String(price.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
            record.set(["edits", "price"], .leaf(element, text))
            return "edits.price \(price)"
        }
    }

    // MARK: Text

    private static func text(_ records: [Node]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>formatVersion</key>
            \t<integer>4</integer>
            \t<key>items</key>
            \t<array>

            """
        for record in records { write(record, depth: 2, into: &text) }
        text += "\t</array>\n</dict>\n</plist>\n"
        return text
    }

    private static func write(_ node: Node, depth: Int, into text: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch node {
        case .leaf(let element, let value): text += "\(indent)<\(element)>\(value)</\(element)>\n"
        case .dict(let fields):
            text += "\(indent)<dict>\n"
            for (key, value) in fields {
                text += "\(indent)\t<key>\(key)</key>\n"
                write(value, depth: depth + 1, into: &text)
            }
            text += "\(indent)</dict>\n"
        case .array(let values):
            text += "\(indent)<array>\n"
            for value in values { write(value, depth: depth + 1, into: &text) }
            text += "\(indent)</array>\n"
        }
    }
}

extension ChangedItemFile.Node {
    /// A record (as changed) holding a value StoreSearch keeps unread and says so: a snapshot
    /// without a name or kind, a price that is no number (`inf`, `NaN`, `1,5` in English).
    fileprivate var keepsAValueUnread: Bool {
        if case .dict(let snapshot)? = self["snapshot"],
            !snapshot.contains(where: { $0.0 == "name" })
                || !snapshot.contains(where: { $0.0 == "kind" })
        {
            return true
        }
        return [self["edits"]?["price"], self["snapshot"]?["price"]].contains { price in
            switch price {
            case .leaf("real", let text)?: ["inf", "-Infinity", "NaN"].contains(text)
            case .leaf("string", let text)?: text == "1,5"
            default: false
            }
        }
    }

    /// The last value of `key` (the one readers take).
    fileprivate subscript(key: String) -> Self? {
        guard case .dict(let fields) = self else { return nil }
        return fields.last { $0.0 == key }?.1
    }

    /// Sets the value at `path` (a dictionary's key in place, else added; a missing dictionary made).
    fileprivate mutating func set(_ path: [String], _ value: Self) {
        guard case .dict(var fields) = self, let key = path.first else { return }
        let index = fields.firstIndex { $0.0 == key }
        if path.count == 1 {
            if let index { fields[index].1 = value } else { fields.append((key, value)) }
        } else {
            var inner = index.map { fields[$0].1 } ?? .dict([])
            inner.set(Array(path.dropFirst()), value)
            if let index { fields[index].1 = inner } else { fields.append((key, inner)) }
        }
        self = .dict(fields)
    }

    fileprivate mutating func remove(_ path: [String]) {
        guard case .dict(var fields) = self, let key = path.first, let index = fields.firstIndex(where: { $0.0 == key })
        else { return }
        if path.count == 1 { fields.remove(at: index) } else { fields[index].1.remove(Array(path.dropFirst())) }
        self = .dict(fields)
    }

    /// Adds `key` to the dictionary at `path` even when it is there (a key written twice).
    fileprivate mutating func append(_ path: [String], _ key: String, _ value: Self) {
        guard case .dict(var fields) = self else { return }
        if path.isEmpty {
            fields.append((key, value))
        } else if let index = fields.firstIndex(where: { $0.0 == path[0] }) {
            fields[index].1.append(Array(path.dropFirst()), key, value)
        } else {
            fields.append((path[0], .dict([(key, value)])))
        }
        self = .dict(fields)
    }
}
