#!/usr/bin/python3
"""Issue #41 in a real GNOME Shell 43 on Wayland: what the Shell asks of StoreSearch when the user
picks an overview result, searches in the app, or clicks a price-drop notification, with
StoreSearch not running, idle, or open behind another window. Run by scripts/test-shell.sh
inside a private D-Bus session (see there for the environment). The Shell is driven through
org.gnome.Shell.Eval (unsafe mode, set by the test's own extension): the overview's search entry
is filled as typing would, and clicks are real ones, made by a Clutter virtual pointer inside
the Shell. What StoreSearch shows is read from the accessibility bus, which windows the Shell
has and which holds the keyboard from the Shell itself. Screenshots go to $SHOTS."""
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

APP_ID = "io.github.storesearch.StoreSearch"
SHOTS = os.environ["SHOTS"]
WORK = os.environ["WORK"]
failures = []


def log(text):
    print(f"test-shell: {time.strftime('%H:%M:%S')} {text}", flush=True)


# The store: a search for anything finds the song "Dudu"; a lookup of the kept "Kuzu Kuzu" finds
# it at $0.49, where it was kept at $0.99 (a price drop at the first check; a case lowers it again).
DUDU = {"wrapperType": "track", "kind": "song", "trackId": 777, "trackName": "Dudu", "artistName": "Tarkan",
        "collectionName": "Dudu", "trackPrice": 0.99, "currency": "USD", "primaryGenreName": "Pop"}
KUZU = {"wrapperType": "track", "kind": "song", "trackId": 1440857788, "trackName": "Kuzu Kuzu",
        "artistName": "Tarkan", "trackPrice": 0.49, "collectionPrice": 9.99, "currency": "USD"}


class Store(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        results = []
        if url.path == "/search":
            results = [DUDU]
        elif url.path == "/lookup":
            ids = query.get("id", [""])[0].split(",")
            results = [record for record in (DUDU, KUZU) if str(record["trackId"]) in ids]
        body = json.dumps({"resultCount": len(results), "results": results}).encode()
        self.send_response(200 if url.path in ("/search", "/lookup") else 404)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def write_kept_items(folder):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "items.plist"), "w") as file:
        file.write("""<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
<dict><key>id</key><string>track:1440857788</string><key>keptAt</key><date>2026-11-01T10:00:00Z</date>
<key>changedAt</key><date>2026-11-01T10:00:00Z</date><key>snapshot</key><dict>
<key>id</key><string>track:1440857788</string><key>name</key><string>Kuzu Kuzu</string>
<key>artist</key><string>Tarkan</string><key>kind</key><string>song</string><key>price</key><string>0.99</string>
<key>currency</key><string>USD</string><key>storeRegion</key><string>US</string></dict></dict>
</array></dict></plist>
""")


bus = Gio.bus_get_sync(Gio.BusType.SESSION)


def call(name, path, interface, method, args, reply, timeout=10000):
    return bus.call_sync(name, path, interface, method, args, GLib.VariantType(reply),
                         Gio.DBusCallFlags.NONE, timeout, None).unpack()


def shell(code):
    """Runs JavaScript in the Shell; its value, through JSON."""
    ok, value = call("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell", "Eval",
                     GLib.Variant("(s)", (code,)), "(bs)")
    if not ok:
        raise RuntimeError(f"Eval failed: {value}\n{code}")
    return json.loads(value) if value else None


def shell_answers():
    try:
        return shell("global.context.unsafe_mode")
    except GLib.Error:  # not on the bus yet
        return False


def app_running():
    return call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                GLib.Variant("(s)", (APP_ID,)), "(b)")[0]


def wait(what, condition, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise TimeoutError(what)


def screenshot(name):
    path = os.path.join(SHOTS, f"{name}.png")
    call("org.gnome.Shell", "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot", "Screenshot",
         GLib.Variant("(bbs)", (False, True, path)), "(bs)")
    log(f"screenshot {path}")


def make_pointer():
    """A virtual pointer inside the Shell, made before the first click (a device's first events
    can be lost while the Shell adds it), resting in the middle of the screen."""
    shell("""(() => { const { Clutter, GLib } = imports.gi;
        global._storesearchPointer = Clutter.get_default_backend().get_default_seat()
            .create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE); })()""")
    time.sleep(0.5)
    move_pointer(640, 400)


def move_pointer(x, y):
    shell("""global._storesearchPointer.notify_absolute_motion(imports.gi.GLib.get_monotonic_time(), %f, %f)"""
          % (x, y))


def click(x, y):
    """A real click: the virtual pointer moves there, presses and releases."""
    move_pointer(x, y)
    time.sleep(0.3)
    shell("""(() => { const { Clutter, GLib } = imports.gi; const pointer = global._storesearchPointer;
        pointer.notify_button(GLib.get_monotonic_time(), Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
        pointer.notify_button(GLib.get_monotonic_time() + 50000, Clutter.BUTTON_PRIMARY,
            Clutter.ButtonState.RELEASED); })()""")


def windows():
    """The Shell's windows, bottom to top: application id, title, whether it has the keyboard."""
    return shell("""global.display.sort_windows_by_stacking(global.display.list_all_windows())
        .map(w => ({ app: w.get_gtk_application_id() || w.get_wm_class(), title: w.get_title(),
                     focus: w.has_focus() }))""")


def storesearch_in_front():
    listed = windows()
    return bool(listed) and listed[-1]["app"] == APP_ID and listed[-1]["focus"]


def overview_search(terms):
    shell("Main.overview.show()")
    wait("the overview", lambda: shell("Main.overview.visible && !Main.overview.animationInProgress"))
    shell("Main.overview.searchEntry.set_text(%s)" % json.dumps(terms))


def provider_results():
    """StoreSearch's section in the overview: its results' and its icon's centres on screen."""
    found = shell("""(() => {
        const view = Main.overview._overview._controls._searchController._searchResults;
        const provider = view._providers.find(p => p.appInfo && p.appInfo.get_id() === '%s.desktop');
        const display = provider && provider.display;
        const results = display ? Object.values(display._resultDisplays).filter(a => a.mapped) : [];
        if (!display || !display.visible || results.length === 0)
            return { missing: `terms ${JSON.stringify(view._terms)}, provider ${!!provider}, ` +
                `display ${!!display}, visible ${display && display.visible}, results ${results.length}` };
        const centre = actor => { const [x, y] = actor.get_transformed_position();
            const [w, h] = actor.get_transformed_size(); return [x + w / 2, y + h / 2]; };
        return { results: results.map(centre), icon: centre(display.providerInfo) };
    })()""" % APP_ID)
    if "missing" in found:
        if os.environ.get("SHELL_TEST_DEBUG"):
            log(f"no results: {found['missing']}")
        return None
    return found


def accessible_nodes():
    """What StoreSearch's window holds on the accessibility bus: (role, name, text, sensitive) of
    each node."""
    found = []

    def walk(node, depth):
        if node is None or depth > 60:
            return
        try:
            text = node.get_text_iface()
            found.append((node.get_role_name(), node.get_name() or "",
                          Atspi.Text.get_text(text, 0, -1) if text is not None else "",
                          node.get_state_set().contains(Atspi.StateType.SENSITIVE)))
            for index in range(node.get_child_count()):
                walk(node.get_child_at_index(index), depth + 1)
        except GLib.Error:
            pass  # a widget that went away while walking

    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(index)
        if app is not None and app.get_name() == "storesearch":
            walk(app, 0)
    return found


def shows_item(name):
    """An item's page is open (its Keep star can be pressed: it cannot with none) and `name` is
    in the window (its title)."""
    nodes = accessible_nodes()
    return any(role == "push button" and label == "Keep in My Items" and sensitive
               for role, label, _, sensitive in nodes) and any(label == name for _, label, _, _ in nodes)


def shows_price_drops(name):
    """My Items lists Price Drops (its filter's button says so) with `name` among them."""
    nodes = accessible_nodes()
    return any(role == "label" and label == "Price Drops" for role, label, _, _ in nodes) and \
        any(name in label for _, label, _, _ in nodes)


def wait_for_settled_apps():
    """The Shell reloads its search providers, dropping the results shown, when its list of
    applications changes, which happens once or twice as a new session's services start: the
    cases begin once it has not changed for 6 seconds."""
    shell("""global._storesearchAppsChanged = Date.now();
        imports.gi.Shell.AppSystem.get_default().connect('installed-changed',
            () => { global._storesearchAppsChanged = Date.now(); })""")
    wait("the list of applications settled", lambda: shell("Date.now() - global._storesearchAppsChanged > 6000"), 60)


def check(name, condition, detail=""):
    log(f"{'ok' if condition else 'FAILED'}: {name}{' (' + detail + ')' if detail and not condition else ''}")
    if not condition:
        failures.append(name)


def open_other_window():
    """A window of another application over StoreSearch's, holding the keyboard."""
    script = os.path.join(WORK, "other-window.py")
    with open(script, "w") as file:
        file.write("""import gi
gi.require_version("Gtk", "4.0")
from gi.repository import Gtk
app = Gtk.Application(application_id="org.example.OtherWindow")
def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Another App")
    window.maximize()
    window.present()
app.connect("activate", activate)
app.run([])
""")
    env = dict(os.environ, WAYLAND_DISPLAY="wayland-0", GDK_BACKEND="wayland")
    process = subprocess.Popen([sys.executable, script], env=env)
    wait("the other window in front", lambda: (windows() or [{}])[-1].get("app") == "org.example.OtherWindow"
         and windows()[-1]["focus"])
    return process


def pick_result(case):
    """Types in the overview, waits for StoreSearch's result, and clicks it."""
    overview_search("dudu")
    found = wait("StoreSearch's results in the overview", provider_results, 30)
    return found


def case_cold_overview_pick():
    """1: the provider answered, then idled and quit; the user clicks its result."""
    found = pick_result("cold")
    screenshot("1-overview-results")
    wait("the search provider quits when idle", lambda: not app_running(), 40)
    found = wait("StoreSearch's results still shown", provider_results)
    screenshot("1-before-pick")
    started = time.monotonic()
    log(f"click on the result at {found['results'][0]}")
    click(*found["results"][0])
    expect_window("1. a pick after the provider quit opens the window on the item", started,
                  "the item shown", lambda: shows_item("Dudu"))
    check("1. the window has the keyboard", wait_quietly(storesearch_in_front), str(windows()))
    screenshot("1-after-pick")


def expect_window(name, started, what, shows):
    """A StoreSearch window appears (its time since `started` is logged), then `shows` holds."""
    try:
        wait("a StoreSearch window", lambda: any(w["app"] == APP_ID for w in windows()), 60)
        log(f"   a window {time.monotonic() - started:.2f} s after the click")
        wait(what, shows, 20)
        check(name, True)
    except TimeoutError as error:
        check(name, False, f"{error}: {accessible_nodes()}")


def wait_quietly(condition, seconds=5):
    try:
        return wait("", condition, seconds)
    except TimeoutError:
        return False


def case_open_window_comes_forward():
    """3: StoreSearch is open behind another app's window; the overview, then the banner."""
    other = open_other_window()
    try:
        found = pick_result("behind")
        click(*found["results"][0])
        check("3. a pick brings the open window forward with the keyboard", wait_quietly(storesearch_in_front),
              str(windows()))
        screenshot("3-pick-brings-forward")

        shell("Main.activateWindow(global.display.sort_windows_by_stacking(global.display.list_all_windows())"
              ".find(w => w.get_gtk_application_id() === 'org.example.OtherWindow'))")
        wait("the other window in front again", lambda: windows()[-1]["app"] == "org.example.OtherWindow")
        found = pick_result("search in app")
        click(*found["icon"])
        check("3. Search in the app brings the open window forward", wait_quietly(storesearch_in_front),
              str(windows()))
        screenshot("3-search-in-app")
    finally:
        other.terminate()
        other.wait()


def case_fold_logs_no_warning():
    """5: the window folded to a phone's 360 px and back, as the Shell resizes it, logs no GTK warning."""
    with open(os.path.join(WORK, "test.log"), errors="replace") as file:
        before = file.read().count("Gtk-WARNING")
    for width in (360, 1040, 360, 1040):
        shell("""(() => { const window = global.display.list_all_windows()
            .find(w => w.get_gtk_application_id() === '%s');
            window.unmaximize(imports.gi.Meta.MaximizeFlags.BOTH);
            window.move_resize_frame(true, 40, 40, %d, 700); })()""" % (APP_ID, width))
        time.sleep(1.5)
        if width == 360:
            screenshot("5-folded")
    with open(os.path.join(WORK, "test.log"), errors="replace") as file:
        warnings = [line for line in file.read().splitlines() if "Gtk-WARNING" in line][before:]
    check("5. folding to 360 px under Wayland logs no Gtk-WARNING", not warnings, "; ".join(warnings[:3]))


def notifications():
    return shell("""Main.messageTray.getSources().flatMap(s => s.notifications
        .map(n => ({ source: s.title, title: n.title })))""")


def case_notification_after_quit():
    """2: the price-drop notification, clicked in the message list after StoreSearch quit."""
    wait("the price-drop notification", lambda: any("cheaper" in n["title"] for n in notifications()), 30)
    quit_app()
    shell("Main.panel.statusArea.dateMenu.menu.open()")
    time.sleep(1)
    message = shell("""(() => {
        const section = Main.panel.statusArea.dateMenu._messageList._notificationSection;
        const message = section._messages.find(m => m.notification && m.notification.title.includes('cheaper'));
        if (!message) return null;
        const [x, y] = message.get_transformed_position(); const [w, h] = message.get_transformed_size();
        return [x + w / 2, y + h / 2]; })()""")
    screenshot("2-message-list")
    check("2. the notification is in the message list", message is not None)
    if message is None:
        return
    started = time.monotonic()
    click(*message)
    expect_window("2. the click opens the window on Price Drops", started,
                  "Price Drops shown", lambda: shows_price_drops("Kuzu Kuzu"))
    check("2. the window has the keyboard", wait_quietly(storesearch_in_front), str(windows()))
    screenshot("2-after-click")


def quit_app():
    """Quit, as the Shell's menu asks it (org.freedesktop.Application.ActivateAction)."""
    subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", "/" + APP_ID.replace(".", "/"),
                    "--method", "org.freedesktop.Application.ActivateAction", "quit", "[]", "{}"], capture_output=True)
    wait("StoreSearch quits", lambda: not app_running(), 20)


def app_actions(method, *args):
    """org.gtk.Actions on the running app, as the Shell and gapplication(1) call them."""
    subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", "/" + APP_ID.replace(".", "/"),
                    "--method", f"org.gtk.Actions.{method}", *args], check=True, capture_output=True)


def app_pid():
    return call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                "GetConnectionUnixProcessID", GLib.Variant("(s)", (APP_ID,)), "(u)")[0]


def case_background_watch():
    """Issue #43 in the Shell: Watch Prices in the Background turned on from the window, the app
    quit, then started as the login starts it (its autostart entry's command); a price drops: the
    notification comes with no window, and its click opens Price Drops in that same process."""
    app_actions("SetState", "watch-in-background", "<true>", "{}")
    entry = os.path.join(os.environ["XDG_CONFIG_HOME"], "autostart", APP_ID + ".desktop")
    wait("the autostart entry", lambda: os.path.exists(entry))
    command = next(line[5:] for line in open(entry) if line.startswith("Exec="))
    check("4. the switch writes the autostart entry", "--gapplication-service" in command, command)
    quit_app()
    shell("Main.messageTray.getSources().forEach(s => s.notifications.slice().forEach(n => n.destroy()))")
    KUZU["trackPrice"] = 0.29
    service = subprocess.Popen(command.split(), env=os.environ)  # as gnome-session runs the entry
    try:
        wait("the price-drop notification", lambda: any("cheaper" in n["title"] for n in notifications()), 40)
        time.sleep(0.5)
        screenshot("4-background-notification")
        check("4. the service notifies with no window", not any(w["app"] == APP_ID for w in windows()), str(windows()))
        pid = app_pid()
        banner = shell("""(() => { const banner = Main.messageTray._banner;
            if (!banner) return null; const [x, y] = banner.get_transformed_position();
            const [w, h] = banner.get_transformed_size(); return [x + w / 2, y + h / 2]; })()""")
        check("4. the notification shows as a banner", banner is not None)
        if banner is None:
            return
        click(*banner)
        wait("a StoreSearch window", lambda: any(w["app"] == APP_ID for w in windows()), 20)
        check("4. its click opens Price Drops in the service's process",
              wait_quietly(lambda: shows_price_drops("Kuzu Kuzu"), 20) and app_pid() == pid == service.pid)
        screenshot("4-background-click")
        # Closing the window leaves the service running (the switch is on).
        shell("""global.display.list_all_windows().find(w => w.get_gtk_application_id() === '%s')
            .delete(global.get_current_time())""" % APP_ID)
        time.sleep(2)
        check("4. the window closed, the service runs on", app_running() and service.poll() is None)
    finally:
        app_actions("SetState", "watch-in-background", "<false>", "{}")
        quit_app()
        service.wait(20)


def main():
    write_kept_items(os.path.join(os.environ["XDG_DATA_HOME"], "storesearch"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(os.environ["STORE_PORT"])), Store)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    shell_log = open(os.path.join(WORK, "shell.log"), "w")
    gnome_shell = subprocess.Popen(["gnome-shell", "--headless", "--wayland", "--no-x11",
                                    "--virtual-monitor", "1280x800"], stdout=shell_log, stderr=subprocess.STDOUT)
    try:
        wait("GNOME Shell on the bus, in unsafe mode", shell_answers, 60)
        # As gnome-session does at login: D-Bus-started applications find the Shell's display.
        subprocess.run(["dbus-update-activation-environment", "WAYLAND_DISPLAY=wayland-0"], check=True)
        wait("the Shell's start animation", lambda: shell("Main.layoutManager._startingUp === false"), 30)
        Atspi.init()
        make_pointer()
        wait_for_settled_apps()
        log(f"GNOME Shell {shell('imports.misc.config.PACKAGE_VERSION')} on Wayland, headless")
        check("StoreSearch does not run before the first case", not app_running())
        chosen = os.environ.get("SHELL_TEST_CASES", "")  # a part of the cases' names, to run only those
        for case in (case_cold_overview_pick, case_open_window_comes_forward, case_fold_logs_no_warning,
                     case_notification_after_quit, case_background_watch):
            if chosen and chosen not in case.__name__:
                continue
            try:
                case()
            except Exception as error:  # one case's failure does not hide the others'
                check(case.__name__, False, repr(error))
                screenshot(f"failed-{case.__name__}")
            shell("Main.overview.hide(); Main.panel.closeCalendar()")
            time.sleep(1)
    finally:
        gnome_shell.terminate()
        gnome_shell.wait(10)
        server.shutdown()
    if failures:
        log(f"{len(failures)} failed: {', '.join(failures)}")
        sys.exit(1)
    log("every case passed")


main()
