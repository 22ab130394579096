import Adw
import CAdw

extension ViewStack {
    public func hasPage(_ name: String) -> Bool { adw_view_stack_get_child_by_name(cast(), name) != nil }
}

extension Leaflet {
    public func hasPane(_ name: String) -> Bool { adw_leaflet_get_child_by_name(cast(), name) != nil }
}
