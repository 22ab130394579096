import Foundation

extension StoreDetails {
    /// One detail of the store's answer: the keys it may come under, first found wins, and how
    /// it is read.
    struct Field: Sendable {
        let read: @Sendable (inout StoreDetails, StoreRecord) -> Void

        init<Value>(
            _ keys: String..., into path: WritableKeyPath<StoreDetails, Value?> & Sendable,
            _ codec: @escaping @Sendable (StoreRecord, String) -> Value?
        ) {
            read = { details, record in details[keyPath: path] = keys.lazy.compactMap { codec(record, $0) }.first }
        }
    }

    /// What every kind may have.
    static let fields: [Field] = [
        Field("trackNumber", into: \.trackNumber, count), Field("trackCount", into: \.trackCount, count),
        Field("discNumber", into: \.discNumber, count), Field("discCount", into: \.discCount, count),
        Field("trackTimeMillis", into: \.durationMilliseconds) { $0.integer($1, in: 1..<1_000_000_000) },
        // A track's own word first ("notExplicit" on an explicit album is clean), else the album's.
        Field("trackExplicitness", into: \.explicitness) {
            Explicitness(code: $0.code($1) ?? $0.code("collectionExplicitness"))
        },
        Field("contentAdvisoryRating", "trackContentRating", into: \.contentRating) { $0.code($1) },
        Field("copyright", into: \.copyright) { $0.string($1, bound: TextBounds.artist) },
        Field("feedUrl", into: \.feedURL) { record, key in
            var record = record; return record.link(key)
        },
        // Apps send the size as text, e-books as a number.
        Field("fileSizeBytes", into: \.fileSizeBytes) {
            ($0.code($1).flatMap { Int64($0) } ?? $0.integer($1)).flatMap { $0 > 0 ? $0 : nil }
        },
    ]

    /// What only apps have.
    static let appFields: [Field] = [
        Field("version", into: \.version) { $0.code($1) },
        Field("currentVersionReleaseDate", into: \.versionDate) { $0.date($1) },
        Field("releaseNotes", into: \.releaseNotes) { $0.plainText($1) },
        Field("sellerName", into: \.seller) { $0.string($1, bound: TextBounds.artist) },
    ]

    /// A count of tracks or discs.
    private static func count(_ record: StoreRecord, _ key: String) -> Int? { record.integer(key, in: 1..<100_000) }

    /// The details of a record of `kind`.
    init(_ record: StoreRecord, kind: ResultKind) {
        self.init()
        for field in Self.fields { field.read(&self, record) }
        if let rating = record.number("averageUserRating")?.doubleValue, rating.isFinite, (0...5).contains(rating) {
            userRating = rating
            userRatingCount = record.integer("userRatingCount", in: 0..<1_000_000_000_000)
        }
        guard kind == .app else { return }
        for field in Self.appFields { field.read(&self, record) }
        let devices = record.strings("supportedDevices")
        if record.code("kind") == "mac-software" { platforms.append(.mac) }
        if devices.contains(where: { $0.hasPrefix("iPhone") }) { platforms.append(.iPhone) }
        if devices.contains(where: { $0.hasPrefix("iPad") }) { platforms.append(.iPad) }
        screenshotURLs = (record.strings("screenshotUrls") + record.strings("ipadScreenshotUrls")).prefix(20)
            .compactMap { WebLink.web(URL(string: $0)) }
    }
}

extension StoreDetails.Explicitness {
    /// The store's word: "explicit", "cleaned" ("notExplicit" and others say nothing).
    init?(code: String?) {
        switch code {
        case "explicit": self = .explicit
        case "cleaned": self = .clean
        default: return nil
        }
    }
}
