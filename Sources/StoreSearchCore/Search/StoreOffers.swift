import Foundation

/// What the store sells an item for beyond its plain price: a track that is only sold with its
/// album or season (the API's `trackPrice` of -1), and a movie's rental and HD prices.
public struct StoreOffers: Hashable, Sendable {
    /// Why there is no price of its own.
    public enum Restriction: Hashable, Sendable {
        /// A song or music video sold only with its album.
        case albumOnly
        /// A TV episode sold only in its season or a bundle.
        case bundleOnly
        case notSoldSeparately

        /// As files write it: "album-only", "bundle-only", "not-sold-separately".
        public var code: String {
            switch self {
            case .albumOnly: "album-only"
            case .bundleOnly: "bundle-only"
            case .notSoldSeparately: "not-sold-separately"
            }
        }

        public init?(code: String) {
            switch code {
            case "album-only": self = .albumOnly
            case "bundle-only": self = .bundleOnly
            case "not-sold-separately": self = .notSoldSeparately
            default: return nil
            }
        }
    }

    public var restriction: Restriction?
    /// The album's, season's or bundle's price, where the answer has one.
    public var collectionPrice: Decimal?
    public var rentalPrice: Decimal?
    public var hdPrice: Decimal?
    public var hdRentalPrice: Decimal?

    public init(
        restriction: Restriction? = nil, collectionPrice: Decimal? = nil, rentalPrice: Decimal? = nil,
        hdPrice: Decimal? = nil, hdRentalPrice: Decimal? = nil
    ) {
        self.restriction = restriction
        self.collectionPrice = collectionPrice
        self.rentalPrice = rentalPrice
        self.hdPrice = hdPrice
        self.hdRentalPrice = hdRentalPrice
    }

    public var isEmpty: Bool { restriction == nil && rentalPrice == nil && hdPrice == nil && hdRentalPrice == nil }

    static func restriction(for kind: ResultKind) -> Restriction {
        switch kind {
        case .song, .musicVideo: .albumOnly
        case .tvEpisode: .bundleOnly
        default: .notSoldSeparately
        }
    }
}
