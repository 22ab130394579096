import Foundation
import Gtk
import StoreSearchCore

/// The main menu's "Watch Prices in the Background": the application action
/// `app.watch-in-background`, bound to the GSettings key of that name. On, the app starts at
/// login with no window (an XDG autostart entry running `storesearch --gapplication-service`, or
/// the Background portal's autostart in a Flatpak sandbox) and stays running when its window
/// closes; off removes the entry. The session follows `changed` (holds the application, starts
/// the price watch). The action is added at startup, before any window.
@MainActor
final class BackgroundWatch {
    nonisolated static let key = "watch-in-background"

    private let application: Application
    private let settings: Settings?
    private let environment: [String: String]
    private let executable: String
    /// The state last acted on: GSettings may say "changed" for a write that changed nothing.
    private var applied: Bool
    /// The switch was flipped (by the menu, or by `gsettings set`): its new state.
    let changed = Event<Bool>()

    /// `environment` says where the autostart folder is; `executable` is what the entry runs.
    init(
        application: Application, settings: Settings?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = BackgroundWatch.runningExecutable()
    ) {
        self.application = application
        self.settings = settings
        self.environment = environment
        self.executable = executable
        applied = settings?.bool(Self.key) ?? false
        if let settings {
            application.addSettingsAction(settings, key: Self.key)
            settings.onChanged(Self.key) { [weak self] in self?.follow() }
        } else {
            // No schema: the switch works until the app ends.
            application.addBoolAction(Self.key, state: false) { [weak self] _ in self?.follow() }
        }
    }

    var isOn: Bool { settings?.bool(Self.key) ?? application.boolActionState(Self.key) ?? false }

    /// Where the entry is written (outside a sandbox).
    var entryURL: URL { AutostartEntry.url(environment: environment) }

    private func follow() {
        let on = isOn
        guard on != applied else { return }
        applied = on
        register(on)
        changed.send(on)
    }

    /// At start, with the switch on: an entry missing or naming another program (the app moved)
    /// is written again; the portal is not asked again.
    func refreshEntry() {
        guard isOn, !BackgroundPortal.isSandboxed else { return }
        let current = try? String(contentsOf: entryURL, encoding: .utf8)
        if current != entryText { writeEntry() }
    }

    private var entryText: String {
        AutostartEntry.text(executable: executable, comment: localized("Checks the prices of your kept items"))
    }

    private func register(_ on: Bool) {
        if BackgroundPortal.isSandboxed {
            BackgroundPortal.request(
                autostart: on, commandLine: AutostartEntry.commandLine(executable: executable),
                reason: localized("StoreSearch checks the prices of your kept items in the background"),
                connection: application.dbusConnection)
        } else if on {
            writeEntry()
        } else {
            removeEntry()
        }
    }

    private func writeEntry() {
        do {
            try FileManager.default.createDirectory(
                at: entryURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(entryText.utf8).write(to: entryURL, options: .atomic)
        } catch {
            Log.warning(LogDomain.app, "Could not write the autostart entry \(entryURL.path): \(error)")
        }
    }

    private func removeEntry() {
        guard FileManager.default.fileExists(atPath: entryURL.path) else { return }  // removed by hand
        do {
            try FileManager.default.removeItem(at: entryURL)
        } catch {
            Log.warning(LogDomain.app, "Could not remove the autostart entry \(entryURL.path): \(error)")
        }
    }

    /// The running program's absolute path (what the session must start again).
    nonisolated static func runningExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "storesearch"
    }
}
