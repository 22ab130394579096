/// How soon an image is wanted, from its row's place relative to the viewport; lower is sooner.
public struct ArtworkPriority: Comparable, Sendable, CustomStringConvertible {
    public enum Tier: Int, Sendable {
        /// On screen.
        case visible
        /// Within the next screenful in the direction of scrolling.
        case ahead
        /// Within one screenful against the direction of scrolling.
        case near
        /// Scrolled past earlier (the user saw it go by).
        case passed
        /// More than a screenful away and never on screen: not fetched until this changes.
        case deferred
    }

    public var tier: Tier
    /// Rows from the viewport's edge (or from its top, when visible): breaks ties within a tier.
    public var distance: Int

    public init(_ tier: Tier, distance: Int = 0) {
        self.tier = tier
        self.distance = distance
    }

    /// For a lone image (the detail form): wanted now.
    public static let visible = ArtworkPriority(.visible)

    public var isDeferred: Bool { tier == .deferred }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.tier.rawValue, lhs.distance) < (rhs.tier.rawValue, rhs.distance)
    }

    public var description: String { "\(tier)+\(distance)" }
}
