import CGtk
import Foundation
import XCTest
@testable import Gtk
@testable import StoreSearchApp

/// Issue #41: whether a notification's body is sent as markup was decided by asking the bus
/// (NameHasOwner, then GetCapabilities with a 1 s timeout) on the main thread at every
/// notification. It is now known from the bus's announcements: sending never waits, and a body
/// is escaped only for an org.freedesktop.Notifications server that declares `body-markup`.
final class NotificationServerTests: XCTestCase {
    /// An org.freedesktop.Notifications server on a connection of its own, in this process: its
    /// calls are answered on the main thread, so a caller that blocks the main thread waits in vain.
    @MainActor
    private final class FakeServer {
        private let connection: OpaquePointer
        private var object: DBusObject?
        private var owner: BusNameOwner?
        private(set) var capabilitiesAsked = 0
        private(set) var bodies: [String] = []

        /// `capabilities`: what GetCapabilities answers; nil never answers it.
        init(capabilities: [String]?) throws {
            let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, nil)
            defer { g_free(address) }
            let flags = GDBusConnectionFlags(
                G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                    | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, nil) else {
                throw XCTSkip("no session bus")
            }
            self.connection = connection
            object = DBusObject(
                connection: connection, path: "/org/freedesktop/Notifications", introspectionXML: Self.xml,
                interface: "org.freedesktop.Notifications"
            ) { [weak self] call in
                guard let self else { return }
                switch call.method {
                case "GetCapabilities":
                    self.capabilitiesAsked += 1
                    if let capabilities { call.reply([.strings(capabilities)]) }
                case "Notify":
                    self.bodies.append(call.string(4))
                    call.reply([.uint32(UInt32(self.bodies.count))])
                case "GetServerInformation":
                    call.reply([.string("fake"), .string("StoreSearch tests"), .string("1"), .string("1.2")])
                default: call.reply()
                }
            }
            owner = BusNameOwner(connection: connection, name: "org.freedesktop.Notifications")
            XCTAssertTrue(MainContext.spin(until: { Self.ownerOfName() == Self.uniqueName(of: connection) }))
        }

        /// Leaves the bus (the name goes with the connection).
        func close() {
            owner = nil
            object?.unregister()
            object = nil
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }

        private static func uniqueName(of connection: OpaquePointer) -> String {
            String(cString: g_dbus_connection_get_unique_name(connection))
        }

        /// The name's owner, asked as a test may (not the app).
        static func ownerOfName() -> String? {
            let process = Process(), pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            process.arguments = [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.GetNameOwner", "org.freedesktop.Notifications",
            ]
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.firstMatch(of: /'([^']+)'/).map { String($0.1) }
        }

        static let xml = """
            <node><interface name="org.freedesktop.Notifications">
              <method name="GetCapabilities"><arg type="as" direction="out"/></method>
              <method name="Notify">
                <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
                <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
                <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
              </method>
              <method name="CloseNotification"><arg type="u" direction="in"/></method>
              <method name="GetServerInformation">
                <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
                <arg type="s" direction="out"/>
              </method>
            </interface></node>
            """
    }

    private static let body = "Simon & Garfunkel <b>Live</b>"
    private static let escaped = "Simon &amp; Garfunkel &lt;b&gt;Live&lt;/b&gt;"

    func testSendingANotificationNeverWaitsOnTheBus() throws {
        try MainActor.assumeIsolated {
            let application = WindowHarness.application
            let server = try FakeServer(capabilities: nil)  // asked, it never answers
            defer { server.close() }
            let start = ContinuousClock.now
            application.sendNotification(id: "wait", title: "Waiting", body: Self.body, defaultAction: nil)
            XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(500), "sent without waiting for the server")
            XCTAssertTrue(MainContext.spin(until: { !server.bodies.isEmpty }))
            XCTAssertEqual(server.bodies, [Self.escaped], "with no answer yet, markup is assumed")
        }
    }

    func testTheBodyIsEscapedOnlyForAServerThatReadsMarkup() throws {
        try MainActor.assumeIsolated {
            let application = WindowHarness.application
            application.watchNotificationServers()
            let plain = try FakeServer(capabilities: ["body", "actions"])
            XCTAssertTrue(MainContext.spin(until: { plain.capabilitiesAsked > 0 }), "asked when it appeared")
            XCTAssertTrue(MainContext.spin(until: { !application.notificationBodyIsMarkup }))
            application.sendNotification(id: "plain", title: "Plain", body: Self.body, defaultAction: nil)
            XCTAssertTrue(MainContext.spin(until: { !plain.bodies.isEmpty }))
            XCTAssertEqual(plain.bodies, [Self.body], "a server that reads text gets the text")
            plain.close()

            let markup = try FakeServer(capabilities: ["body", "body-markup"])
            defer { markup.close() }
            XCTAssertTrue(MainContext.spin(until: { markup.capabilitiesAsked > 0 }), "the new server is asked too")
            XCTAssertTrue(MainContext.spin(until: { application.notificationBodyIsMarkup }))
            application.sendNotification(id: "markup", title: "Markup", body: Self.body, defaultAction: nil)
            XCTAssertTrue(MainContext.spin(until: { !markup.bodies.isEmpty }))
            XCTAssertEqual(markup.bodies, [Self.escaped], "one that reads markup gets it escaped")
        }
    }
}
