import Foundation
import Gtk
import StoreSearchCore

/// One row of the results list: thumbnail, name, "Artist (Kind)", price.
@MainActor
final class ResultRow: ResultCell {
    let root = Box(.horizontal, spacing: 12)
    let artwork = ArtworkSlot(size: ArtworkLoader.thumbnailPoints)
    private let name = Inscription()
    private let subtitle = Inscription()
    private let price = Label()
    private let keptStar = KeptStar.make(size: 12)
    var tooltip: String?
    var shown: ShownItem?

    init() {
        root.addCSSClass("result-row")
        name.addCSSClass("name")
        name.ellipsizeAtEnd()
        // The name asks for room beside the price, which wraps onto two lines before the name
        // is cut to "A…" (issue #30: a movie's "Buy $14.99 · Rent $3.99" at a phone's width).
        name.requestCharacters(minimum: 6, natural: 18)
        subtitle.addCSSClass("subtitle")
        subtitle.addCSSClass("dim-label")
        subtitle.ellipsizeAtEnd()
        price.addCSSClass("price")
        price.wrapAlignedToEnd()
        price.centerVertically()
        let texts = Box(.vertical, spacing: 2)
        texts.append(name)
        texts.append(subtitle)
        texts.expandsHorizontally = true
        texts.centerVertically()
        root.append(KeptStar.cover(artwork.image, star: keptStar))
        root.append(texts)
        root.append(price)
    }

    func show(_ shown: ShownItem, formatter: PriceFormatter) {
        let item = shown.item
        name.text = item.name
        let artistAndKind = item.artistAndKind
        let collection = shown.showsCollection ? item.result.collectionName : nil
        let track = shown.listsTracks ? Self.trackLine(of: item.result) : nil
        subtitle.text =
            track.map { [$0, item.artist].compactMap { $0 }.joined(separator: " · ") }
            ?? collection.map { "\(artistAndKind) · \($0)" } ?? artistAndKind
        let (priceText, markup) = priceWithChange(of: item, formatter: formatter)
        let shownPrice = markup ?? priceText.map(Self.breakingBetweenOffers) ?? ""
        // Most prices ("$0.99", "Free") have nowhere to break, and a label that may wrap costs
        // GTK more to measure, in each of the 200 rows a list binds at once. (A language that
        // breaks lines without spaces would need more than this test.)
        price.wraps = shownPrice.utf8.contains(UInt8(ascii: " "))
        // A short one on one line where it fits ("Album Only · ¥2,750"); a longer one ("Buy
        // A$24.99 · Rent A$6.99") asks for as narrow a column as the row's height holds, so the
        // name keeps its room at a phone's width.
        price.asksForOneLine = price.wraps && shownPrice.count <= Self.oneLinePrice
        if markup != nil {
            price.setMarkup(shownPrice)  // the old price struck through
        } else {
            price.text = shownPrice
        }
        price.setCSSClass("price-drop", item.priceChange?.isDrop == true && markup != nil)
        showVisitedAndDescription(of: shown, price: priceText, artistAndKind: artistAndKind, keptStar: keptStar)
    }

    /// The most characters of a price that asks for one line.
    static let oneLinePrice = 20

    /// "3 · 4:12" (disc 2: "2-3 · 4:12") for a row of an album's tracks; nil without a number.
    static func trackLine(of result: SearchResult) -> String? {
        guard let details = result.details, let number = details.trackNumber else { return nil }
        let position = (details.discCount ?? 1) > 1 ? "\(details.discNumber ?? 1)-\(number)" : "\(number)"
        return details.durationMilliseconds.map { "\(position) · \(StoreDetails.duration(milliseconds: $0))" }
            ?? position
    }

    /// The listing with its lines breaking only after a "·": between offers ("Buy $14.99 ·" over
    /// "Rent $3.99"), or between an offer and the album's price ("Album Only ·" over "¥2,750").
    /// An offer's words stay together: broken between them too, the column's narrowest width was
    /// one word, and a row beside a long name wrapped to "Album" / "Only ·" / "¥2,750" where
    /// search showed one line.
    static func breakingBetweenOffers(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var result = String(words.first ?? "")
        for (before, after) in zip(words, words.dropFirst()) {
            result += (before == "·" ? " " : "\u{00A0}") + after
        }
        return result
    }
}
