import CGtk

/// A GListStore whose items carry Swift values. Each item is a plain GObject holding its value
/// as object data, so list widgets can show any Swift type. (`SlotListModel` is the same list
/// with its items made on demand.)
@MainActor
public class ListModel<Element>: Object {
    private static var valueKey: GQuark { g_quark_from_string("swift-gtk-list-model-value") }

    public init() {
        super.init(taking: UnsafeMutableRawPointer(g_list_store_new(g_object_get_type())!))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        super.init(retaining: pointer)
    }

    /// Takes over `model`, a GListModel of another kind (a subclass implements the members).
    override init(taking model: UnsafeMutableRawPointer) {
        super.init(taking: model)
    }

    var store: OpaquePointer { OpaquePointer(gobject) }

    /// The list items (rows and tiles) that show each model item now, as the views' factories
    /// bound them: each redraws an item in place (`update`).
    private var shownBy: [UnsafeMutableRawPointer: [(ListItem, @MainActor (ListItem) -> Void)]] = [:]

    /// `listItem` shows `item` now; `redraw` shows the item's value in it again.
    func bound(_ item: UnsafeMutableRawPointer, to listItem: ListItem, redraw: @escaping @MainActor (ListItem) -> Void)
    {
        shownBy[item, default: []].append((listItem, redraw))
    }

    func unbound(_ item: UnsafeMutableRawPointer, from listItem: ListItem) {
        shownBy[item]?.removeAll { $0.0.item == listItem.item }
        if shownBy[item]?.isEmpty == true { shownBy[item] = nil }
    }

    public var count: Int { Int(g_list_model_get_n_items(store)) }

    /// Gives an item object its value (object data, released with the object).
    private static func setValue(_ element: Element, on item: UnsafeMutableRawPointer) {
        g_object_set_qdata_full(
            item.assumingMemoryBound(to: GObject.self), valueKey, HandlerBox.retained(element), releaseRetained)
    }

    public subscript(index: Int) -> Element {
        let item = g_list_model_get_item(store, guint(index))!
        defer { g_object_unref(item) }
        return Self.value(of: item)
    }

    public var elements: [Element] { (0..<count).map { self[$0] } }

    /// The value of `item`, this model's item at `position` (a list item being bound).
    func value(ofItem item: UnsafeMutableRawPointer, at position: Int) -> Element { Self.value(of: item) }

    /// The value carried by an item of this model.
    static func value(of item: UnsafeMutableRawPointer) -> Element {
        let data = g_object_get_qdata(item.assumingMemoryBound(to: GObject.self), valueKey)
        return HandlerBox<Element>.from(data)
    }

    private func makeItem(_ element: Element) -> UnsafeMutableRawPointer {
        let item = UnsafeMutableRawPointer(g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!)
        Self.setValue(element, on: item)
        return item
    }

    /// Replaces `length` items at `index` with `elements`, emitting one items-changed.
    public func splice(at index: Int, removing length: Int, inserting elements: [Element]) {
        var items: [gpointer?] = elements.map { makeItem($0) }
        g_list_store_splice(store, guint(index), guint(length), &items, guint(items.count))
        items.forEach { g_object_unref($0) }
    }

    /// Gives the item at `index` a new value and redraws the rows showing it, in place: an
    /// items-changed would take the row out and put it back, and GTK 4.8 then moves the list by
    /// a row when it was the one the view is anchored at (a click on the next row landed on the
    /// one after). The item object stays the same, so a selection on it survives.
    public func update(at index: Int, with element: Element) {
        let item = g_list_model_get_item(store, guint(index))!
        defer { g_object_unref(item) }
        Self.setValue(element, on: item)
        for (listItem, redraw) in shownBy[item] ?? [] { redraw(listItem) }
    }

    public func replaceAll(with elements: [Element]) { splice(at: 0, removing: count, inserting: elements) }
    public func insert(_ element: Element, at index: Int) { splice(at: index, removing: 0, inserting: [element]) }
    public func remove(at index: Int) { splice(at: index, removing: 1, inserting: []) }
    public func append(_ element: Element) { insert(element, at: count) }
    public func append(contentsOf elements: [Element]) { splice(at: count, removing: 0, inserting: elements) }
}
