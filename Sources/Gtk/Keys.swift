import CGtk

/// Key values and modifiers as GDK reports them.
public enum Keys {
    public static let down: UInt32 = 0xFF54  // GDK_KEY_Down
    /// Whether the key types a character (no Control, Alt or Super held), as type-to-search wants.
    public static func isText(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let commands = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        guard modifiers.rawValue & commands == 0 else { return false }
        let character = gdk_keyval_to_unicode(keyval)
        return character > 0x20 && character != 0x7F
    }
}
