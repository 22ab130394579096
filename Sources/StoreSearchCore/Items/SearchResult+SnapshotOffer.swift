import Foundation

/// The two parts of a result's offers that its snapshot keeps, as the item file's table
/// (`ItemFileFields`) reads and writes them: each a key of its own in the snapshot, so older
/// versions read the file as before.
extension SearchResult {
    /// Why the item has no price of its own (album only, bundle only).
    var snapshotRestriction: StoreOffers.Restriction? {
        get { offers?.restriction }
        set { updateOffers { $0.restriction = newValue } }
    }

    /// The album's, season's or bundle's price.
    var snapshotCollectionPrice: Decimal? {
        get { offers?.collectionPrice }
        set { updateOffers { $0.collectionPrice = newValue } }
    }

    private mutating func updateOffers(_ change: (inout StoreOffers) -> Void) {
        var updated = offers ?? StoreOffers()
        change(&updated)
        offers = updated.isEmpty && updated.collectionPrice == nil ? nil : updated
    }
}
