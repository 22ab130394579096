import Foundation

/// Decodes iTunes Search API bodies tolerantly: a record that cannot be understood is skipped,
/// never the whole search.
public enum SearchResponseDecoder {
    /// The results of `body`, at most `limit` of them (the store's first ones), in the store's
    /// order: its ranking, best match first.
    /// Throws `.cancelled` soon after the calling task is cancelled.
    /// Whether the start of `body` reads as text (an error page) rather than binary data: UTF-8
    /// (a sequence cut at the end aside) with no control characters but tab, CR and LF.
    static func isText(_ body: Data) -> Bool {
        let start = body.prefix(512)
        if start.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F }) { return false }
        let decoded = String(decoding: start, as: UTF8.self)
        return !decoded.unicodeScalars.dropLast().contains("\u{FFFD}")  // the last may be a sequence cut at 512 bytes
    }

    public static func decode(_ body: Data, limit: Int = .max) throws(SearchResponseError) -> [SearchResult] {
        let object = try object(body)
        guard let records = object["results"] as? [Any] else { throw .unexpectedShape }

        var results: [SearchResult] = []
        results.reserveCapacity(min(records.count, limit))
        for record in records where results.count < limit {
            if Task.isCancelled { throw .cancelled }
            if let result = (record as? [String: Any]).flatMap({ result(from: $0) }) { results.append(result) }
        }
        if Task.isCancelled { throw .cancelled }
        return results
    }

    /// The body's top-level object, read as tolerantly as the store's answers need (blank lines
    /// first, a bad byte or number mended), or the service's own error message: what search
    /// answers and chart feeds (`ChartFeedDecoder`) share.
    static func object(_ body: Data) throws(SearchResponseError) -> [String: Any] {
        guard let firstByte = body.first(where: { !Self.isWhitespace($0) }) else { throw .emptyBody }
        guard firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") else {
            throw isText(body) ? .notJSON : .notText
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: body, options: [])
        } catch {
            // One bad byte or number must not sink every record: mend what can be mended, then retry.
            if Task.isCancelled { throw .cancelled }
            guard let mended = try? JSONSerialization.jsonObject(with: JSONRepair.repaired(body), options: []) else {
                throw Self.nestingDepth(of: body) > Self.deepestNesting ? .nestedTooDeep : .malformedJSON
            }
            json = mended
        }
        guard let object = json as? [String: Any] else { throw .unexpectedShape }
        if let message = object["errorMessage"] as? String {
            throw .serviceMessage(TextBounds.cut(message, to: TextBounds.summary))
        }
        return object
    }

    /// One record, or nil when it has no identity or name of the right type. Every text is cut
    /// to its bound (see `TextBounds`); a cut name or artist is kept whole in the summary.
    static func result(from fields: [String: Any]) -> SearchResult? {
        var record = StoreRecord(fields)
        let kind = ResultKind(kind: record.code("kind"), wrapperType: record.code("wrapperType"))
        // An artist's record (`wrapperType: artist`) names only the artist: its id, name and page.
        let isArtist = kind == .artist
        let storeURL =
            record.link("trackViewUrl") ?? record.link("collectionViewUrl")
            ?? (isArtist ? record.link("artistLinkUrl") : nil)
        let storeLinkRefusal = storeURL == nil ? record.refusedLink : nil
        guard let id = identity(record, isArtist: isArtist, storeURL: storeURL) else { return nil }
        let trackName = record.string("trackName")
        guard
            let fullName = trackName ?? record.string("collectionName")
                ?? (isArtist ? record.string("artistName") : nil)
        else { return nil }
        // The artist's own record is not by an artist: its name is the record's name.
        let fullArtist = isArtist ? nil : record.string("artistName") ?? record.string("sellerName")
        let name = TextBounds.cutIfLonger(fullName, to: TextBounds.name)
        let artist = fullArtist.flatMap { TextBounds.cutIfLonger($0, to: TextBounds.artist) }
        let artwork = record.link("artworkUrl100") ?? record.link("artworkUrl60") ?? record.link("artworkUrl512")
        let (price, offers) = prices(record, kind: kind, isTrack: trackName != nil)
        let details = StoreDetails(record, kind: kind)
        var result = SearchResult(
            id: id, name: name ?? fullName, artist: artist ?? fullArtist, kind: kind,
            genre: record.string("primaryGenreName", bound: TextBounds.genre)
                ?? record.strings("genres").first.map { TextBounds.cut($0, to: TextBounds.genre) },
            price: price, offers: offers.isEmpty ? nil : offers, details: details.isEmpty ? nil : details,
            currency: record.code("currency"), releaseDate: record.date("releaseDate"), storeURL: storeURL,
            previewURL: record.link("previewUrl"),
            collectionName: trackName == nil
                ? nil : record.string("collectionName").map { TextBounds.cut($0, to: TextBounds.name) },
            artworkURL: artwork,
            largeArtworkURL: record.link("artworkUrl512") ?? artwork.map { ArtworkURL.resized($0, to: 600) },
            summary: summary(
                record, wholeName: name.map { _ in fullName }, wholeArtist: artist.map { _ in fullArtist ?? "" }),
            refusedStoreLink: storeLinkRefusal,
            artistID: record.id("artistId"), collectionID: record.id("collectionId"),
            artistType: isArtist ? record.code("artistType") : nil)
        result.hasUnreadablePrice = hasUnreadablePrice(record)
        return result
    }

    /// A price the store never sends (text, NaN, a negative price other than its -1): the item's
    /// price is not known, which is not the same as having none.
    /// A collection (an album, an audiobook) has only its collection price, which is never negative.
    private static func hasUnreadablePrice(_ record: StoreRecord) -> Bool {
        let key = record.has("trackPrice") ? "trackPrice" : "price"
        guard record.has(key) else {
            guard record.has("collectionPrice") else { return false }
            return record.decimal("collectionPrice").map { $0 < 0 } ?? true
        }
        return record.decimal(key).map { $0 < 0 && $0 != -1 } ?? true
    }

    /// "track:ID", else "collection:ID", else an artist's "artist:ID", else "url:STORE-LINK".
    private static func identity(_ record: StoreRecord, isArtist: Bool, storeURL: URL?) -> String? {
        if let trackID = record.integer("trackId") { return "track:\(trackID)" }
        if let collectionID = record.integer("collectionId") { return "collection:\(collectionID)" }
        if isArtist, let artistID = record.integer("artistId") { return "artist:\(artistID)" }
        return storeURL.map { "url:\($0.absoluteString)" }
    }

    /// The description as plain text, after the whole name and artist when the row and the form
    /// show them cut (the detail pane's summary keeps them whole).
    private static func summary(_ record: StoreRecord, wholeName: String?, wholeArtist: String?) -> String? {
        let description =
            record.string("description", bound: TextBounds.descriptionHTML)
            ?? record.string("longDescription", bound: TextBounds.descriptionHTML)
        let summary = description.map { HTMLText.plainText($0) }
        guard wholeName != nil || wholeArtist != nil else { return summary }
        let whole = [
            wholeName.map { String(format: localized("Name: %@"), $0) },
            wholeArtist.map { String(format: localized("Artist: %@"), $0) }, summary,
        ]
        return TextBounds.cut(whole.compactMap { $0 }.joined(separator: "\n\n"), to: TextBounds.summary)
    }

    /// The item's own price, and its other offers. -1 means "not sold on its own": only with its
    /// album, season or bundle; a track with no price of its own but a collection price is the same.
    private static func prices(_ record: StoreRecord, kind: ResultKind, isTrack: Bool) -> (Decimal?, StoreOffers) {
        var price = record.decimal("trackPrice") ?? record.decimal("price")
        let collectionPrice = record.decimal("collectionPrice").flatMap { $0 >= 0 ? $0 : nil }
        var offers = StoreOffers(
            rentalPrice: record.decimal("trackRentalPrice"), hdPrice: record.decimal("trackHdPrice"),
            hdRentalPrice: record.decimal("trackHdRentalPrice"))
        if hasUnreadablePrice(record) {
            price = nil  // not "Album Only": nothing is known of its offer
        } else if let own = price, own < 0 {
            price = nil
            offers.restriction = StoreOffers.restriction(for: kind)
            offers.collectionPrice = collectionPrice
        } else if price == nil, isTrack, let collectionPrice, collectionPrice > 0 {
            offers.restriction = StoreOffers.restriction(for: kind)
            offers.collectionPrice = collectionPrice
        } else if price == nil {
            price = collectionPrice  // a collection's own price
        }
        // Only films and videos are rented or sold in HD; a podcast's answer carries zeros for both
        // ("Rent Free"), which mean nothing.
        let isVideo =
            switch kind {
            case .movie, .tvEpisode, .musicVideo, .other: true
            default: false
            }
        for keyPath in [\StoreOffers.rentalPrice, \StoreOffers.hdPrice, \StoreOffers.hdRentalPrice]
        where !isVideo || (offers[keyPath: keyPath] ?? 0) < 0 {
            offers[keyPath: keyPath] = nil
        }
        return (price, offers)
    }

    /// Far deeper than any answer of the store (records hold arrays of strings at most).
    static let deepestNesting = 256

    /// The deepest nesting of arrays and objects in `body`, brackets inside strings aside.
    static func nestingDepth(of body: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}
