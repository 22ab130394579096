import CAdw
import Gtk

/// AdwAboutWindow: name, version, license, links and credits in GNOME's standard layout.
@MainActor
public final class AboutWindow: Window {
    /// The licenses this wrapper offers (GTK knows more; add them when needed).
    public enum License {
        case mit, gpl3OrLater, apache2

        var gtkLicense: GtkLicense {
            switch self {
            case .mit: GTK_LICENSE_MIT_X11
            case .gpl3OrLater: GTK_LICENSE_GPL_3_0
            case .apache2: GTK_LICENSE_APACHE_2_0
            }
        }
    }

    public struct Details {
        public var applicationName: String
        public var iconName: String
        public var version: String
        public var developerName: String
        public var website: String
        public var issueURL: String
        public var developers: [String]
        public var copyright: String
        public var license: License

        public init(
            applicationName: String, iconName: String, version: String, developerName: String, website: String,
            issueURL: String, developers: [String], copyright: String, license: License
        ) {
            self.applicationName = applicationName
            self.iconName = iconName
            self.version = version
            self.developerName = developerName
            self.website = website
            self.issueURL = issueURL
            self.developers = developers
            self.copyright = copyright
            self.license = license
        }
    }

    public let details: Details

    public init(details: Details, parent: Window) {
        self.details = details
        let pointer = adw_about_window_new()!
        super.init(retaining: UnsafeMutableRawPointer(pointer))
        let about: OpaquePointer = cast()
        adw_about_window_set_application_name(about, details.applicationName)
        adw_about_window_set_application_icon(about, details.iconName)
        adw_about_window_set_version(about, details.version)
        adw_about_window_set_developer_name(about, details.developerName)
        adw_about_window_set_website(about, details.website)
        adw_about_window_set_issue_url(about, details.issueURL)
        adw_about_window_set_copyright(about, details.copyright)
        adw_about_window_set_license_type(about, details.license.gtkLicense)
        let copies = details.developers.map { g_strdup($0) }
        defer { copies.forEach { g_free($0) } }
        var names: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        adw_about_window_set_developers(about, &names)
        setTransient(for: parent)
        setModal(true)
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("AboutWindow is made in code")
    }
}
