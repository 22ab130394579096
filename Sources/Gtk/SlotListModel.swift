import CGtk

/// A list of Swift values as a GListModel whose item objects stand for positions, not values: an
/// object is made only when GTK first asks for its position, and a row is bound to the value at
/// its position. A list of 100,000 costs no object per element, a change emits one items-changed
/// whatever its size, and a row whose position GTK keeps across a change is bound again with the
/// new value instead of being torn down and built anew (GTK 4.8 recycles rows no other way).
/// Values are not stored on the objects: when the anchor row goes, GTK 4.8 asks for every item
/// of the change to look for it, which must stay cheap.
///
/// Because items stand for positions, a selection on a changed position stays on the position:
/// callers that follow an element keep its identity themselves (select it again after `reload`).
@MainActor
public final class SlotListModel<Element>: ListModel<Element> {
    private let backing: SlotListBacking
    /// What the model shows a prefix of (`backing.count` ≤ `rows.count`): the count and the
    /// elements are one value, so a position GTK is told of always has an element.
    private var rows = SlotRows<Element>.none

    public override init() {
        let backing = SlotListBacking()
        self.backing = backing
        let model = g_object_new_with_properties(slotListModelType, 0, nil, nil)!
        // The GObject keeps the backing for as long as GTK keeps the model, after this wrapper is
        // gone; its instance also points at it, for GTK's calls (cheaper than a data lookup).
        g_object_set_qdata_full(model, SlotListBacking.key, Unmanaged.passRetained(backing).toOpaque(), releaseRetained)
        SlotListBacking.field(of: UnsafeMutableRawPointer(model)).pointee = Unmanaged.passUnretained(backing).toOpaque()
        super.init(taking: UnsafeMutableRawPointer(model))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("a SlotListModel is made in code")
    }

    public override var count: Int { backing.count }

    public override subscript(index: Int) -> Element { rows.element(index) }

    override func value(ofItem item: UnsafeMutableRawPointer, at position: Int) -> Element { rows.element(position) }

    /// The list now shows the first `shown` of `rows` (nil: all of them). Only `changed` differs
    /// from before; when the count changes, everything from its start to the end does. One
    /// items-changed, for that range.
    public func reload(_ rows: SlotRows<Element>, showing shown: Int? = nil, changed: Range<Int>) {
        let oldCount = backing.count, newCount = min(shown ?? rows.count, rows.count)
        self.rows = rows
        backing.count = newCount
        let start = min(changed.lowerBound, oldCount, newCount)
        let (removed, added) =
            newCount == oldCount
            ? (min(changed.count, oldCount - start), min(changed.count, oldCount - start))
            : (oldCount - start, newCount - start)
        guard removed > 0 || added > 0 else { return }
        g_list_model_items_changed(store, guint(start), guint(removed), guint(added))
    }

    /// The same as `reload(_:showing:changed:)`, told in two items-changed where the count
    /// changes: first for the rows before `split` (where GTK keeps the rows it has built and tracks
    /// the top, selected and focused ones), as many as before, then for the rest. GTK 4.8 looks
    /// for a tracked row it was told went away among every row told to come, asking for each
    /// (100,000 after a keystroke in a long list); told in two, it looks among the first few.
    public func reload(_ rows: SlotRows<Element>, showing shown: Int? = nil, changed: Range<Int>, split: Int) {
        let oldCount = backing.count, newCount = min(shown ?? rows.count, rows.count)
        let start = min(changed.lowerBound, oldCount, newCount)
        let split = min(split, oldCount, newCount)
        guard newCount != oldCount, split > start else {
            return reload(rows, showing: newCount, changed: changed)
        }
        // Meanwhile GTK still counts the old rows: those past the new end show the last element.
        self.rows = SlotRows(count: oldCount) { rows.element(min($0, newCount - 1)) }
        g_list_model_items_changed(store, guint(start), guint(split - start), guint(split - start))
        reload(rows, showing: newCount, changed: split..<max(split, changed.upperBound))
    }

    /// The same rows, more or fewer of them shown (a list filled a few rows at a time); never more
    /// than there are.
    public func resize(to newCount: Int) {
        let newCount = min(newCount, rows.count)
        reload(rows, showing: newCount, changed: min(count, newCount)..<newCount)
    }

    public override func splice(at index: Int, removing length: Int, inserting elements: [Element]) {
        let old = rows, newCount = count - length + elements.count
        let spliced = SlotRows(count: old.count - length + elements.count) { position in
            position < index
                ? old.element(position)
                : position < index + elements.count
                    ? elements[position - index] : old.element(position - elements.count + length)
        }
        reload(spliced, showing: newCount, changed: index..<newCount)
    }

    // Its rows are redrawn by `reload`, so it keeps no list of the rows showing each item.
    override func bound(
        _ item: UnsafeMutableRawPointer, to listItem: ListItem, redraw: @escaping @MainActor (ListItem) -> Void
    ) {}
    override func unbound(_ item: UnsafeMutableRawPointer, from listItem: ListItem) {}

    public override func update(at index: Int, with value: Element) {
        let old = rows
        reload(
            SlotRows(count: old.count) { $0 == index ? value : old.element($0) }, showing: count,
            changed: index..<index + 1)
    }
}

/// What a `SlotListModel` shows: `count` elements, the one at a position (below `count`) made
/// by `element` when GTK asks for it.
public struct SlotRows<Element> {
    public let count: Int
    fileprivate let element: @MainActor (Int) -> Element

    public init(count: Int, element: @escaping @MainActor (Int) -> Element) {
        self.count = count
        self.element = element
    }

    static var none: Self { Self(count: 0) { _ in fatalError("an empty list has no elements") } }
}

/// What the C side of a `SlotListModel` reads: its count and the objects made for positions.
@MainActor
final class SlotListBacking {
    static let key = g_quark_from_static_string("swift-gtk-slot-list-backing")
    var count = 0
    private var slots: [UnsafeMutableRawPointer?] = []

    isolated deinit {
        for slot in slots { slot.map { g_object_unref($0) } }
    }

    /// The object for `position`, one reference for the caller.
    func item(at position: Int) -> UnsafeMutableRawPointer? {
        guard position < count else { return nil }
        if slots.count <= position { slots += Array(repeating: nil, count: max(position + 1, count) - slots.count) }
        let slot =
            slots[position] ?? UnsafeMutableRawPointer(g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!)
        slots[position] = slot
        return UnsafeMutableRawPointer(g_object_ref(slot))
    }

    /// Where a model instance points at its backing: a field after its GObject part.
    nonisolated static func field(of model: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        model.advanced(by: MemoryLayout<GObject>.stride).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// Runs `body` with the backing of the model at `address` (none: nil), without retaining it:
    /// GTK asks for every item of a large change, so each call must cost next to nothing.
    static func with<T>(_ address: UInt, _ body: (SlotListBacking) -> T) -> T? {
        guard let model = UnsafeMutableRawPointer(bitPattern: address), let backing = field(of: model).pointee else {
            return nil
        }
        return Unmanaged<SlotListBacking>.fromOpaque(backing)._withUnsafeGuaranteedRef(body)
    }
}

/// The GObject type behind `SlotListModel`: a plain GObject implementing GListModel through its backing.
private let slotListModelType: GType = {
    var info = GTypeInfo()
    info.class_size = guint16(MemoryLayout<GObjectClass>.size)
    // + the backing
    info.instance_size = guint16(MemoryLayout<GObject>.stride + MemoryLayout<UnsafeMutableRawPointer?>.size)
    let type = g_type_register_static(g_object_get_type(), "SwiftGtkSlotListModel", &info, GTypeFlags(rawValue: 0))
    var interface = GInterfaceInfo()
    interface.interface_init = { iface, _ in
        let iface = iface!.assumingMemoryBound(to: GListModelInterface.self)
        iface.pointee.get_item_type = { _ in g_object_get_type() }
        // GTK asks on the main thread, where the model lives.
        // (Pointers cross into the main actor as addresses: they are not Sendable.)
        iface.pointee.get_n_items = { model in
            let address = UInt(bitPattern: model)
            return MainActor.assumeIsolated { guint(SlotListBacking.with(address) { $0.count } ?? 0) }
        }
        iface.pointee.get_item = { model, position in
            let address = UInt(bitPattern: model)
            let item = MainActor.assumeIsolated {
                SlotListBacking.with(address) { $0.item(at: Int(position)).map { UInt(bitPattern: $0) } }
            }
            return item.flatMap { $0.flatMap { UnsafeMutableRawPointer(bitPattern: $0) } }
        }
    }
    g_type_add_interface_static(type, g_list_model_get_type(), &interface)
    return type
}()
