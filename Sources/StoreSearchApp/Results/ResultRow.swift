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
        root.append(artwork.image)
        root.append(texts)
        root.append(price)
    }

    func show(_ item: Item, formatter: PriceFormatter, showsCollection: Bool, marksVisited: Bool, listsTracks: Bool) {
        name.text = item.name
        let artistAndKind = item.artistAndKind
        let collection = showsCollection ? item.result.collectionName : nil
        let track = listsTracks ? Self.trackLine(of: item.result) : nil
        subtitle.text =
            track.map { [$0, item.artist].compactMap { $0 }.joined(separator: " · ") }
            ?? collection.map { "\(artistAndKind) · \($0)" } ?? artistAndKind
        let (priceText, markup) = priceWithChange(of: item, formatter: formatter)
        let shownPrice = markup ?? priceText.map(Self.breakingBetweenOffers) ?? ""
        // Most prices ("$0.99", "Free") have nowhere to break, and a label that may wrap costs
        // GTK more to measure, in each of the 200 rows a list binds at once. (A language that
        // breaks lines without spaces would need more than this test.)
        price.wraps = shownPrice.utf8.contains(UInt8(ascii: " "))
        if markup != nil {
            price.setMarkup(shownPrice)  // the old price struck through
        } else {
            price.text = shownPrice
        }
        price.setCSSClass("price-drop", item.priceChange?.isDrop == true && markup != nil)
        showVisitedAndDescription(
            of: item, price: priceText, artistAndKind: artistAndKind, marksVisited: marksVisited)
    }

    /// "3 · 4:12" (disc 2: "2-3 · 4:12") for a row of an album's tracks; nil without a number.
    static func trackLine(of result: SearchResult) -> String? {
        guard let details = result.details, let number = details.trackNumber else { return nil }
        let position = (details.discCount ?? 1) > 1 ? "\(details.discNumber ?? 1)-\(number)" : "\(number)"
        return details.durationMilliseconds.map { "\(position) · \(StoreDetails.duration(milliseconds: $0))" }
            ?? position
    }

    /// The listing with its lines breaking after a "·" rather than between an offer and its
    /// amount ("Buy $14.99 ·" over "Rent $3.99", never "Buy" over "$14.99 ·"); the words of a
    /// text such as "Not Sold Separately" still wrap, so the row stays narrow in any language.
    static func breakingBetweenOffers(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var result = String(words.first ?? "")
        for (before, after) in zip(words, words.dropFirst()) {
            let breaks =
                before == "·"
                || (after != "·" && !before.contains(where: \.isNumber) && !after.contains(where: \.isNumber))
            result += (breaks ? " " : "\u{00A0}") + after
        }
        return result
    }
}
