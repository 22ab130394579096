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
    private var element: @MainActor (Int) -> Element = { _ in fatalError("an empty list has no elements") }

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

    public override subscript(index: Int) -> Element { element(index) }

    override func value(ofItem item: UnsafeMutableRawPointer, at position: Int) -> Element { element(position) }

    /// The list is now `count` elements, the one at a position made by `element`. Only `changed`
    /// differs from before; when the count changes, everything from its start to the end does.
    /// One items-changed, for that range.
    public func reload(count newCount: Int, changed: Range<Int>, element: @escaping @MainActor (Int) -> Element) {
        let oldCount = backing.count
        self.element = element
        backing.count = newCount
        let start = min(changed.lowerBound, oldCount, newCount)
        let (removed, added) =
            newCount == oldCount
            ? (min(changed.count, oldCount - start), min(changed.count, oldCount - start))
            : (oldCount - start, newCount - start)
        guard removed > 0 || added > 0 else { return }
        g_list_model_items_changed(store, guint(start), guint(removed), guint(added))
    }

    /// The same as `reload(count:changed:element:)`, told in two items-changed where the count
    /// changes: first for the rows before `split` (where GTK keeps the rows it has built and tracks
    /// the top, selected and focused ones), as many as before, then for the rest. GTK 4.8 looks
    /// for a tracked row it was told went away among every row told to come, asking for each
    /// (100,000 after a keystroke in a long list); told in two, it looks among the first few.
    public func reload(
        count newCount: Int, changed: Range<Int>, split: Int, element: @escaping @MainActor (Int) -> Element
    ) {
        let oldCount = backing.count
        let start = min(changed.lowerBound, oldCount, newCount)
        let split = min(split, oldCount, newCount)
        guard newCount != oldCount, split > start else {
            return reload(count: newCount, changed: changed, element: element)
        }
        // Meanwhile rows past the new end may be asked for: they show the last element.
        self.element = { element(min($0, newCount - 1)) }
        g_list_model_items_changed(store, guint(start), guint(split - start), guint(split - start))
        reload(count: newCount, changed: split..<max(split, changed.upperBound), element: element)
    }

    /// The same elements, the list cut or extended at its end to `newCount` (a list shown a few rows at a time).
    public func resize(to newCount: Int) {
        reload(count: newCount, changed: min(count, newCount)..<newCount, element: element)
    }

    public override func splice(at index: Int, removing length: Int, inserting elements: [Element]) {
        let old = element, newCount = count - length + elements.count
        reload(count: newCount, changed: index..<newCount) { position in
            position < index
                ? old(position)
                : position < index + elements.count
                    ? elements[position - index] : old(position - elements.count + length)
        }
    }

    // Its rows are redrawn by `reload`, so it keeps no list of the rows showing each item.
    override func bound(
        _ item: UnsafeMutableRawPointer, to listItem: ListItem, redraw: @escaping @MainActor (ListItem) -> Void
    ) {}
    override func unbound(_ item: UnsafeMutableRawPointer, from listItem: ListItem) {}

    public override func update(at index: Int, with value: Element) {
        let old = element
        reload(count: count, changed: index..<index + 1) { $0 == index ? value : old($0) }
    }
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
