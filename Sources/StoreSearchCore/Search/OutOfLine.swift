/// An optional value kept on the heap, so that while it is nil it costs a pointer rather than its
/// whole size. A `SearchResult` stands in every record of the item file, where its store details
/// (256 bytes) and offers (about 100) are nearly always nil: 100,000 records saved some 35 MB.
@propertyWrapper
public struct OutOfLine<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    private final class Box: Sendable {
        let value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }

    private var box: Box?

    public init(wrappedValue: Wrapped?) { box = wrappedValue.map(Box.init) }

    public var wrappedValue: Wrapped? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}
