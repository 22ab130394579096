import CGtk

/// Key values and modifiers as GDK reports them (the GDK_KEY_* values, named).
public enum Keys {
    public static let down = UInt32(GDK_KEY_Down)
    public static let delete = UInt32(GDK_KEY_Delete)
    public static let tab = UInt32(GDK_KEY_Tab)
    /// Return, and the keypad's and ISO keyboards' Enter.
    public static let enter: Set<UInt32> = Set(
        [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].map { UInt32($0) })
    /// Shift+Tab, as X and Wayland report it.
    public static let backTab = UInt32(GDK_KEY_ISO_Left_Tab)
    /// The keys a list or grid moves its selection with: arrows, Home, End, Page Up/Down, and
    /// the keypad's copies of them.
    public static let listMovement: Set<UInt32> = Set(
        [
            GDK_KEY_Left, GDK_KEY_Up, GDK_KEY_Right, GDK_KEY_Down, GDK_KEY_Page_Up, GDK_KEY_Page_Down, GDK_KEY_Home,
            GDK_KEY_End,
            GDK_KEY_KP_Home, GDK_KEY_KP_Left, GDK_KEY_KP_Up, GDK_KEY_KP_Right, GDK_KEY_KP_Down, GDK_KEY_KP_Page_Up,
            GDK_KEY_KP_Page_Down, GDK_KEY_KP_End,
        ].map { UInt32($0) })

    public enum TabDirection { case forward, backward }

    /// Tab or Shift+Tab with no Control, Alt or Super held, and which way it goes; nil for any
    /// other key.
    public static func tabDirection(_ keyval: UInt32, _ modifiers: GdkModifierType) -> TabDirection? {
        guard keyval == tab || keyval == backTab, !holdsCommand(modifiers) else { return nil }
        return keyval == backTab || modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 ? .backward : .forward
    }

    /// Whether the key types a character (no Control, Alt or Super held), as type-to-search wants.
    public static func isText(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        guard !holdsCommand(modifiers) else { return false }
        let character = gdk_keyval_to_unicode(keyval)
        return character > 0x20 && character != 0x7F
    }

    /// The character the key types (nil: a command, navigation, or no character).
    public static func typedCharacter(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Character? {
        guard isText(keyval, modifiers), let scalar = Unicode.Scalar(gdk_keyval_to_unicode(keyval)) else { return nil }
        return Character(scalar)
    }

    /// Control, Alt or Super is held: the key is a command, not typing or plain navigation.
    private static func holdsCommand(_ modifiers: GdkModifierType) -> Bool {
        modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) != 0
    }
}
