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
        guard let firstByte = body.first(where: { !Self.isWhitespace($0) }) else { throw .emptyBody }
        guard firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") else { throw isText(body) ? .notJSON : .notText }
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
        if let message = object["errorMessage"] as? String { throw .serviceMessage(TextBounds.cut(message, to: TextBounds.summary)) }
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

    /// "2001-07-11T07:00:00Z", with or without fractional seconds. The format style parses in
    /// Swift; ISO8601DateFormatter went through ICU and took half of the decoding time.
    private static func releaseDate(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle().parse(text)) ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
    }

    /// One record, or nil when it has no identity or name of the right type. Every text is cut
    /// to its bound (see `TextBounds`); a cut name or artist is kept whole in the summary.
    static func result(from record: [String: Any]) -> SearchResult? {
        func string(_ key: String, bound: Int = TextBounds.summary) -> String? {
            guard let value = record[key] as? String else { return nil }
            let bounded = TextBounds.showable(TextBounds.cut(value, to: bound))
            // Most values need no trimming, and Foundation's trim is slow on Linux.
            let needsTrim = bounded.first?.isWhitespace != false || bounded.last?.isWhitespace != false
            let trimmed = needsTrim ? bounded.trimmingCharacters(in: .whitespacesAndNewlines) : bounded
            return trimmed.isEmpty ? nil : trimmed
        }
        func number(_ key: String) -> NSNumber? {
            // JSON booleans are NSNumbers too; their type code is "c".
            guard let number = record[key] as? NSNumber, number.objCType.pointee != CChar(UInt8(ascii: "c")) else { return nil }
            return number
        }
        func integer(_ key: String) -> Int64? {
            guard let number = number(key) else { return nil }
            // An identity must be a whole number that fits; int64Value of 1e300 is undefined.
            let double = number.doubleValue
            guard double.isFinite, double.rounded() == double, abs(double) < 9e18 else { return nil }
            return number.int64Value
        }
        func decimal(_ key: String) -> Decimal? {
            guard let number = number(key), number.doubleValue.isFinite, abs(number.doubleValue) < 1e15 else { return nil }
            return Decimal(string: number.stringValue)
        }
        var refusal: WebLink.Refusal?
        func url(_ key: String) -> URL? {
            guard let text = string(key, bound: 4096) else { return nil }
            switch WebLink.check(text) {
            case .success(let url): return url
            case .failure(let reason):
                refusal = refusal ?? reason
                return nil
            }
        }

        let kind = ResultKind(kind: string("kind", bound: TextBounds.code), wrapperType: string("wrapperType", bound: TextBounds.code))
        // An artist's record (`wrapperType: artist`) names only the artist: its id, name and page.
        let isArtist = kind == .artist
        let storeURL = url("trackViewUrl") ?? url("collectionViewUrl") ?? (isArtist ? url("artistLinkUrl") : nil)
        let storeLinkRefusal = storeURL == nil ? refusal : nil
        let id: String
        if let trackID = integer("trackId") {
            id = "track:\(trackID)"
        } else if let collectionID = integer("collectionId") {
            id = "collection:\(collectionID)"
        } else if isArtist, let artistID = integer("artistId") {
            id = "artist:\(artistID)"
        } else if let storeURL {
            id = "url:\(storeURL.absoluteString)"
        } else {
            return nil
        }
        let trackName = string("trackName")
        guard let fullName = trackName ?? string("collectionName") ?? (isArtist ? string("artistName") : nil) else { return nil }
        let collectionName = trackName == nil ? nil : string("collectionName").map { TextBounds.cut($0, to: TextBounds.name) }
        // The artist's own record is not by an artist: its name is the record's name.
        let fullArtist = isArtist ? nil : string("artistName") ?? string("sellerName")

        let artwork = url("artworkUrl100") ?? url("artworkUrl60") ?? url("artworkUrl512")
        let large = url("artworkUrl512") ?? artwork.map { ArtworkURL.resized($0, to: 600) }
        let description = string("description", bound: TextBounds.descriptionHTML)
            ?? string("longDescription", bound: TextBounds.descriptionHTML)
        let name = TextBounds.cutIfLonger(fullName, to: TextBounds.name)
        let artist = fullArtist.flatMap { TextBounds.cutIfLonger($0, to: TextBounds.artist) }
        var summary = description.map { HTMLText.plainText($0) }
        if name != nil || artist != nil {
            // The row and the form show the cut text; the detail pane's summary keeps it whole.
            let whole = [name.map { _ in String(format: localized("Name: %@"), fullName) },
                         artist.map { _ in String(format: localized("Artist: %@"), fullArtist ?? "") }, summary]
            summary = TextBounds.cut(whole.compactMap { $0 }.joined(separator: "\n\n"), to: TextBounds.summary)
        }
        // -1 means "not sold on its own": only with its album, season or bundle. A track with no
        // price of its own but a collection price is the same.
        var price = decimal("trackPrice") ?? decimal("price")
        let collectionPrice = decimal("collectionPrice").flatMap { $0 >= 0 ? $0 : nil }
        var offers = StoreOffers(rentalPrice: decimal("trackRentalPrice"), hdPrice: decimal("trackHdPrice"),
                                 hdRentalPrice: decimal("trackHdRentalPrice"))
        if let own = price, own < 0 {
            price = nil
            offers.restriction = StoreOffers.restriction(for: kind)
            offers.collectionPrice = collectionPrice
        } else if price == nil, trackName != nil, let collectionPrice, collectionPrice > 0 {
            offers.restriction = StoreOffers.restriction(for: kind)
            offers.collectionPrice = collectionPrice
        } else if price == nil {
            price = collectionPrice  // a collection's own price
        }
        // Only films and videos are rented or sold in HD; a podcast's answer carries zeros for both
        // ("Rent Free"), which mean nothing.
        let isVideo = switch kind {
        case .movie, .tvEpisode, .musicVideo, .other: true
        default: false
        }
        for keyPath in [\StoreOffers.rentalPrice, \StoreOffers.hdPrice, \StoreOffers.hdRentalPrice] where !isVideo || (offers[keyPath: keyPath] ?? 0) < 0 {
            offers[keyPath: keyPath] = nil
        }
        var details = StoreDetails()
        func count(_ key: String) -> Int? { integer(key).flatMap { $0 > 0 && $0 < 100_000 ? Int($0) : nil } }
        details.trackNumber = count("trackNumber")
        details.trackCount = count("trackCount")
        details.discNumber = count("discNumber")
        details.discCount = count("discCount")
        details.durationMilliseconds = integer("trackTimeMillis").flatMap { $0 > 0 && $0 < 1_000_000_000 ? Int($0) : nil }
        switch string("trackExplicitness", bound: TextBounds.code) ?? string("collectionExplicitness", bound: TextBounds.code) {
        case "explicit": details.explicitness = .explicit
        case "cleaned": details.explicitness = .clean
        default: break
        }
        details.contentRating = string("contentAdvisoryRating", bound: TextBounds.code) ?? string("trackContentRating", bound: TextBounds.code)
        if let rating = number("averageUserRating")?.doubleValue, rating.isFinite, (0...5).contains(rating) {
            details.userRating = rating
            details.userRatingCount = integer("userRatingCount").flatMap { $0 >= 0 && $0 < 1_000_000_000_000 ? Int($0) : nil }
        }
        if kind == .app {
            let devices = (record["supportedDevices"] as? [Any])?.compactMap { $0 as? String } ?? []
            if string("kind", bound: TextBounds.code) == "mac-software" { details.platforms.append(.mac) }
            if devices.contains(where: { $0.hasPrefix("iPhone") }) { details.platforms.append(.iPhone) }
            if devices.contains(where: { $0.hasPrefix("iPad") }) { details.platforms.append(.iPad) }
            details.version = string("version", bound: TextBounds.code)
            details.versionDate = string("currentVersionReleaseDate", bound: TextBounds.code).flatMap(releaseDate)
            details.releaseNotes = string("releaseNotes", bound: TextBounds.descriptionHTML).map { TextBounds.cut(HTMLText.plainText($0), to: TextBounds.summary) }
            details.seller = string("sellerName", bound: TextBounds.artist)
            details.screenshotURLs = ((record["screenshotUrls"] as? [Any] ?? []) + (record["ipadScreenshotUrls"] as? [Any] ?? []))
                .prefix(20).compactMap { ($0 as? String).flatMap { WebLink.web(URL(string: $0)) } }
        }
        details.feedURL = url("feedUrl")
        // Apps send the size as text, e-books as a number.
        details.fileSizeBytes = (string("fileSizeBytes", bound: TextBounds.code).flatMap { Int64($0) } ?? integer("fileSizeBytes")).flatMap { $0 > 0 ? $0 : nil }
        details.copyright = string("copyright", bound: TextBounds.artist)
        return SearchResult(
            id: id,
            name: name ?? fullName,
            artist: artist ?? fullArtist,
            kind: kind,
            genre: string("primaryGenreName", bound: TextBounds.genre)
                ?? (record["genres"] as? [Any])?.lazy.compactMap { $0 as? String }.first.map { TextBounds.cut($0, to: TextBounds.genre) },
            price: price,
            offers: offers.isEmpty ? nil : offers,
            details: details.isEmpty ? nil : details,
            currency: string("currency", bound: TextBounds.code),
            releaseDate: string("releaseDate", bound: TextBounds.code).flatMap(releaseDate),
            storeURL: storeURL,
            previewURL: url("previewUrl"),
            collectionName: collectionName,
            artworkURL: artwork,
            largeArtworkURL: large,
            summary: summary,
            refusedStoreLink: storeLinkRefusal,
            artistID: integer("artistId").flatMap { $0 > 0 ? String($0) : nil },
            collectionID: integer("collectionId").flatMap { $0 > 0 ? String($0) : nil },
            artistType: isArtist ? string("artistType", bound: TextBounds.code) : nil)
    }

    /// Far deeper than any answer of the store (records hold arrays of strings at most).
    static let deepestNesting = 256

    /// The deepest nesting of arrays and objects in `body`, brackets inside strings aside.
    static func nestingDepth(of body: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
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
