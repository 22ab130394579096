import Foundation

/// What a lookup for a `BrowseTarget` answered, put in the order the page lists it: an artist's
/// works grouped by kind (the kinds in the order the store first lists them, each kind's works in
/// the store's order), an album's tracks by disc and track number, a chart's records as it ranks them. The store's answer starts
/// with the artist's or album's own record; that record heads the page, it is not one of its rows.
public struct BrowsePage: Hashable, Sendable {
    public let target: BrowseTarget
    /// The artist's or album's own record, when the answer has it (the offline catalog has none).
    public let record: SearchResult?
    /// The works or tracks, in the page's order.
    public let items: [SearchResult]

    public init(target: BrowseTarget, answer: [SearchResult]) {
        self.target = target
        let own: (SearchResult) -> Bool =
            switch target {
            case .chart: { _ in false }  // a chart has no record of its own
            case .artist(let id, _, _):
                { $0.kind == .artist && ($0.artistID == id || LookupQuery.storeID(ofItem: $0.id) == id) }
            case .album(let id, _):
                { $0.kind == .album && ($0.collectionID == id || LookupQuery.storeID(ofItem: $0.id) == id) }
            }
        record = answer.first(where: own)
        let rest = answer.filter { !own($0) && $0.kind != .artist }
        switch target {
        case .artist: items = Self.groupedByKind(rest)
        case .album: items = Self.inTrackOrder(rest)
        case .chart: items = answer  // the store's order
        }
    }

    /// The page's title: the artist's or album's name as the store's record gives it.
    public var title: String { record?.name ?? target.name }

    /// The works grouped by kind, kinds in order of first appearance, the store's order kept in each.
    static func groupedByKind(_ works: [SearchResult]) -> [SearchResult] {
        var kinds: [ResultKind] = []
        for work in works where !kinds.contains(work.kind) { kinds.append(work.kind) }
        return kinds.flatMap { kind in works.filter { $0.kind == kind } }
    }

    /// Tracks by disc, then number; those without a number after, in the store's order.
    static func inTrackOrder(_ tracks: [SearchResult]) -> [SearchResult] {
        tracks.enumerated().sorted { left, right in
            let a = left.element.details, b = right.element.details
            let keyA = (a?.trackNumber == nil ? 1 : 0, a?.discNumber ?? 1, a?.trackNumber ?? 0, left.offset)
            let keyB = (b?.trackNumber == nil ? 1 : 0, b?.discNumber ?? 1, b?.trackNumber ?? 0, right.offset)
            return keyA < keyB
        }.map(\.element)
    }
}
