import Foundation

extension ItemRecord {
    /// This record (as the user left it, e.g. put back by Undo) with what the store said of the
    /// item since, as `newer` holds it: its snapshot and every price seen. The price history is
    /// the store's word, not the user's edit, so taking back the user's step keeps it: both
    /// histories merged by date, an entry both have kept once.
    public func withStoreFacts(of newer: ItemRecord) -> ItemRecord {
        var record = self
        record.snapshot = newer.snapshot ?? snapshot
        record.otherSnapshotFields = newer.snapshot == nil ? otherSnapshotFields : newer.otherSnapshotFields
        var history: [PricePoint] = []
        for point in (priceHistory + newer.priceHistory).sorted(by: { $0.date < $1.date })
        where !history.contains(point) {
            history.append(point)
        }
        record.priceHistory = history
        return record
    }
}
