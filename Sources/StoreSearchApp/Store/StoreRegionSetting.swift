import Foundation
import Gtk
import StoreSearchCore

/// Which store the app searches: `--country` for this run, else the region the user picked
/// (kept in GSettings key `country`, empty for "from my locale"), else the locale's region.
@MainActor
public final class StoreRegionSetting {
    public static let key = "country"

    private let settings: Settings?
    private let locale: UserLocale
    private var override: String?
    private var memory = ""  // the choice when no schema could be found
    private var observers: [@MainActor () -> Void] = []

    public init(settings: Settings?, override: String?, locale: UserLocale) {
        self.settings = settings
        self.override = override
        self.locale = locale
    }

    /// The region the user chose and saved, nil for automatic (an unknown saved code counts as automatic).
    public var savedChoice: String? {
        StoreRegion.normalized(settings?.string(Self.key) ?? memory)
    }

    /// The two-letter region searches use now.
    public var country: String { override ?? savedChoice ?? automatic }

    /// The region that follows the user's locale.
    public var automatic: String { locale.region }

    /// A search in the chosen store, answered in the user's language. It is made here because
    /// the setting already holds the user's locale: a part given the store region needs nothing
    /// more to ask the store (rather than the whole environment, or a locale passed beside it).
    public func query(term: String, category: Category) -> SearchQuery {
        SearchQuery(term: term, category: category, country: country, language: locale.apiLanguage)
    }

    /// Saves the user's pick (nil: follow the locale). It also replaces a `--country` override:
    /// what the user picks in the window is what they want from then on.
    public func choose(_ code: String?) {
        let value = code.flatMap(StoreRegion.normalized) ?? ""
        override = nil
        if let settings {
            if !settings.setString(Self.key, value) {
                Log.warning(LogDomain.app, "the store region setting is read-only")
            }
        } else {
            memory = value
        }
        observers.forEach { $0() }
    }

    /// The app's settings: the schema next to the binary (or in the build tree), else the system's.
    public static func openSettings(resources: ResourceLocator, keyFile: URL? = nil) -> Settings? {
        let settings = Settings.open(
            schemaID: StoreSearchApp.applicationID, directories: [resources.schemaDirectory], keyFile: keyFile)
        if settings == nil {
            Log.warning(
                LogDomain.app,
                "settings schema \(StoreSearchApp.applicationID) not found; the store region is not remembered")
        }
        return settings
    }

    public func onChange(_ handler: @escaping @MainActor () -> Void) { observers.append(handler) }
}
