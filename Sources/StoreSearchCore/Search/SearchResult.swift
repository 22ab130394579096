import Foundation

/// One item from the store, as the API described it.
public struct SearchResult: Hashable, Sendable, Identifiable {
    /// Stable identity: "track:ID", else "collection:ID", else "url:STORE-URL".
    public var id: String
    public var name: String
    public var artist: String?
    public var kind: ResultKind
    public var genre: String?
    /// Its own price; nil when it has none (not sold alone: see `offers`).
    public var price: Decimal?
    /// Album-only, bundle-only, rental and HD prices, where the store named any.
    @OutOfLine public var offers: StoreOffers?
    /// What else the store's page shows for this kind (not saved with the item).
    @OutOfLine public var details: StoreDetails?
    public var currency: String?
    public var releaseDate: Date?
    @KeptAsText public var storeURL: URL?
    @KeptAsText public var previewURL: URL?
    /// The album, season, or collection the item belongs to (not repeated when it is the item itself).
    public var collectionName: String?
    /// The store region the result came from ("US"), so a later lookup asks the same store.
    public var storeRegion: String?
    @KeptAsText public var artworkURL: URL?
    @KeptAsText public var largeArtworkURL: URL?
    /// Plain text: tags removed, entities decoded, paragraphs as line breaks.
    public var summary: String?
    /// Set when the store named a link that is not a web link (`storeURL` is then nil). Not saved.
    public var refusedStoreLink: WebLink.Refusal?
    /// The store's numeric id of the item's artist (an artist's own record: its id), for "More by".
    public var artistID: String?
    /// The store's numeric id of the album, season or collection the item is (or belongs to), for its tracks.
    public var collectionID: String?
    /// What an artist's own record says the artist makes ("Artist", "Software Artist", "Author", …).
    /// Not saved: it only picks what the artist's page asks the store for.
    public var artistType: String?
    /// The store sent a price that is not one (text, NaN, a negative other than -1): `price` is
    /// nil for want of one, and a kept item's price history does not take it. Not saved.
    public var hasUnreadablePrice = false

    public init(
        id: String, name: String, artist: String? = nil, kind: ResultKind, genre: String? = nil,
        price: Decimal? = nil, offers: StoreOffers? = nil, details: StoreDetails? = nil, currency: String? = nil,
        releaseDate: Date? = nil, storeURL: URL? = nil,
        previewURL: URL? = nil, collectionName: String? = nil, storeRegion: String? = nil, artworkURL: URL? = nil,
        largeArtworkURL: URL? = nil, summary: String? = nil,
        refusedStoreLink: WebLink.Refusal? = nil, artistID: String? = nil, collectionID: String? = nil,
        artistType: String? = nil
    ) {
        self.id = id
        self.name = name
        self.artist = artist
        self.kind = kind
        self.genre = genre
        self.price = price
        self.offers = offers
        self.details = details
        self.currency = currency
        self.releaseDate = releaseDate
        self.storeURL = storeURL
        self.previewURL = previewURL
        self.collectionName = collectionName
        self.storeRegion = storeRegion
        self.artworkURL = artworkURL
        self.largeArtworkURL = largeArtworkURL
        self.summary = summary
        self.refusedStoreLink = refusedStoreLink
        self.artistID = artistID
        self.collectionID = collectionID
        self.artistType = artistType
    }

    /// Why "View in Store" cannot open this result (a tooltip), or nil when it can.
    public var storeLinkNote: String? {
        if storeURL != nil { return nil }
        return refusedStoreLink?.message ?? localized("The store gave no link for this item.")
    }
}
