import Foundation

/// What the user changed in a result's detail form. `nil` means "as the store says".
public struct ItemEdits: Hashable, Sendable {
    public var name: String?
    public var artist: String?
    public var price: Decimal?
    public var releaseDate: Date?
    public var notes: String?

    public init(
        name: String? = nil, artist: String? = nil, price: Decimal? = nil, releaseDate: Date? = nil,
        notes: String? = nil
    ) {
        self.name = name
        self.artist = artist
        self.price = price
        self.releaseDate = releaseDate
        self.notes = notes
    }

    public var isEmpty: Bool { self == ItemEdits() }
}
