// Shims for the parts of GTK/GLib that Swift cannot call: macros and variadic functions.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib-unix.h>
#include <poll.h>
#include <dlfcn.h>
#include <sys/eventfd.h>
#include <string.h>
#include <gdk/wayland/gdkwayland.h>
#include <wayland-client.h>

// libdispatch's main-queue hooks (exported by libdispatch.so, used by CoreFoundation's run
// loop). GLib watches the handle so main-actor work runs inside the GTK main loop.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline gboolean shim_is_a(gpointer instance, GType type) {
    return G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

// Accessible label / description (gtk_accessible_update_property is variadic).
static inline void shim_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void shim_accessible_set_description(GtkAccessible *accessible, const char *text) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

// Whether a string property (label, description) of an accessible is `value`. Answers only
// under the test backend (GTK_A11Y=test), which keeps properties without a screen-reader bus.
static inline gboolean shim_accessible_has_property(GtkAccessible *accessible, GtkAccessibleProperty property,
                                                    const char *value) {
    char *mismatch = gtk_test_accessible_check_property(accessible, property, value);
    gboolean matches = mismatch == NULL;
    g_free(mismatch);
    return matches;
}

// Emits "key-pressed" on a key controller as a real key press would; returns whether it was handled.
static inline gboolean shim_emit_key_pressed(gpointer controller, guint keyval) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "key-pressed", keyval, 0u, (GdkModifierType)0, &handled);
    return handled;
}

// Emits an action signal that takes no arguments ("clicked", "activate").
static inline void shim_signal_emit(gpointer instance, const char *name) {
    g_signal_emit_by_name(instance, name);
}

// GtkGestureSwipe's swipe with its two velocities (g_signal_emit_by_name is variadic).
static inline void shim_signal_emit_swipe(gpointer instance, double velocity_x, double velocity_y) {
    g_signal_emit_by_name(instance, "swipe", velocity_x, velocity_y);
}

// A modal message dialog with a secondary text (gtk_message_dialog_new is variadic).
static inline GtkWidget *shim_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                                 const char *primary, const char *secondary) {
    GtkWidget *dialog = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                               type, GTK_BUTTONS_NONE, "%s", primary);
    if (secondary != NULL) {
        gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", secondary);
    }
    return dialog;
}

// Logs one message under `domain` (g_log is variadic).
static inline void shim_log(const char *domain, GLogLevelFlags level, const char *message) {
    g_log(domain, level, "%s", message);
}

// Prints on the standard error of the process that sent a command line (variadic in GLib).
static inline void shim_command_line_printerr(GApplicationCommandLine *command_line, const char *text) {
    g_application_command_line_printerr(command_line, "%s", text);
}

// Drains a ready eventfd without blocking.
static inline void shim_drain_eventfd(int fd) {
    struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
        eventfd_t value;
        (void)eventfd_read(fd, &value);
    }
}

// Decoding an image at the size it is shown (gdk-pixbuf; callable from any thread).
typedef struct {
    int box;             // the largest width and height wanted
    gint64 max_pixels;   // images declaring more pixels are refused before their pixels are read
    gboolean refused;
} ShimFit;

static void shim_fit_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    ShimFit *fit = data;
    if (width <= 0 || height <= 0 || (gint64)width * height > fit->max_pixels) {
        fit->refused = TRUE;
        gdk_pixbuf_loader_set_size(loader, 1, 1);
        return;
    }
    if (width > fit->box || height > fit->box) {
        double scale = MIN((double)fit->box / width, (double)fit->box / height);
        gdk_pixbuf_loader_set_size(loader, MAX(1, (int)(width * scale + 0.5)), MAX(1, (int)(height * scale + 0.5)));
    }
}

// Decodes `data` with gdk-pixbuf's `type` loader ("png", "jpeg", "gif") scaled to fit in box x box
// pixels (JPEG scales while decoding). The header is fed first: an image declaring more than
// `max_pixels` stops there. NULL for a refused or broken image.
static inline GdkTexture *shim_texture_new_fitting(const guint8 *data, gsize length, const char *type,
                                                   int box, gint64 max_pixels) {
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type(type, NULL);
    if (loader == NULL) return NULL;
    ShimFit fit = { box, max_pixels, FALSE };
    g_signal_connect(loader, "size-prepared", G_CALLBACK(shim_fit_size_prepared), &fit);
    gboolean ok = TRUE;
    gsize offset = 0, chunk = 512;  // a small first chunk: the header, before any pixels
    while (ok && offset < length && !fit.refused) {
        gsize size = MIN(chunk, length - offset);
        ok = gdk_pixbuf_loader_write(loader, data + offset, size, NULL);
        offset += size;
        chunk = 64 * 1024;
    }
    gboolean closed = gdk_pixbuf_loader_close(loader, NULL);
    GdkTexture *texture = NULL;
    if (ok && closed && !fit.refused) {
        GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
        if (pixbuf != NULL) texture = gdk_texture_new_for_pixbuf(pixbuf);
    }
    g_object_unref(loader);
    return texture;
}

/* G_TYPE_STRING is a macro over a fundamental type number. */
static inline GType shim_string_type(void) { return G_TYPE_STRING; }
static inline GType shim_boolean_type(void) { return G_TYPE_BOOLEAN; }

// GTK 4.8's GStreamer backend (modules/media/gtkgstmediafile.c) drops its GstPlayer with a plain
// unref. GStreamer 1.22's GstPlayer wraps a GstPlay whose message bus keeps every message not yet
// dispatched, and each message holds a reference to the GstPlay: once the player's signal adapter
// is gone, they are never dispatched, so the GstPlay, its thread, its pipeline's streaming threads
// and its sound server stream live on (about 6 threads per preview). Flushing that bus first drops
// them (GStreamer's own gst-play does so before it lets go of a GstPlay). The backend's objects
// are private: each step checks the type and instance size it expects, and answers FALSE (nothing
// done) where they differ. The GStreamer functions come from the libraries the backend loaded.
static inline gboolean shim_media_file_flush_gst_player(GtkMediaFile *file) {
    GType file_type = g_type_from_name("GtkGstMediaFile");
    GType player_type = g_type_from_name("GstPlayer");
    GType play_type = g_type_from_name("GstPlay");
    if (!file_type || !player_type || !play_type || !G_TYPE_CHECK_INSTANCE_TYPE(file, file_type)) return FALSE;
    GTypeQuery query;
    g_type_query(file_type, &query);
    // struct _GtkGstMediaFile { GtkMediaFile parent_instance; GstPlayer *player; GdkPaintable *paintable; }
    if (query.instance_size != sizeof(GtkMediaFile) + 2 * sizeof(gpointer)) return FALSE;
    gpointer player = *(gpointer *)((char *)file + sizeof(GtkMediaFile));
    if (!player || !G_TYPE_CHECK_INSTANCE_TYPE(player, player_type)) return FALSE;
    // struct _GstPlayer { GstObject parent; GstPlay *play; ... }
    GTypeQuery object_query;
    g_type_query(g_type_parent(player_type), &object_query);
    if (object_query.instance_size == 0) return FALSE;
    gpointer play = *(gpointer *)((char *)player + object_query.instance_size);
    if (!play || !G_TYPE_CHECK_INSTANCE_TYPE(play, play_type)) return FALSE;
    void *play_library = dlopen("libgstplay-1.0.so.0", RTLD_NOW | RTLD_NOLOAD);
    void *core_library = dlopen("libgstreamer-1.0.so.0", RTLD_NOW | RTLD_NOLOAD);
    gboolean flushed = FALSE;
    if (play_library && core_library) {
        gpointer (*get_message_bus)(gpointer) = (gpointer (*)(gpointer))dlsym(play_library, "gst_play_get_message_bus");
        void (*set_flushing)(gpointer, gboolean) = (void (*)(gpointer, gboolean))dlsym(core_library, "gst_bus_set_flushing");
        gpointer bus = get_message_bus && set_flushing ? get_message_bus(play) : NULL;
        if (bus) {
            set_flushing(bus, TRUE);
            g_object_unref(bus);
            flushed = TRUE;
        }
    }
    if (play_library) dlclose(play_library);
    if (core_library) dlclose(core_library);
    return flushed;
}

// Loads GStreamer and the plugins a song preview plays through (the HTTP source, the MP4
// demuxer, the AAC parser and faad, the decoder `PreviewDecoders` ranks first, the sound
// server's sink and what converts for it): the work the first Play otherwise waits for before
// it even asks the server. Safe on any thread:
// gst_init is guarded by GStreamer's own lock, and GTK's media backend loading the library later
// finds it loaded. FALSE when GStreamer is not there.
static inline gboolean shim_gst_load_preview_plugins(void) {
    void *core = dlopen("libgstreamer-1.0.so.0", RTLD_NOW | RTLD_GLOBAL);
    if (!core) return FALSE;
    gboolean (*init_check)(int *, char ***, GError **) =
        (gboolean (*)(int *, char ***, GError **))dlsym(core, "gst_init_check");
    gpointer (*load_by_name)(const char *) = (gpointer (*)(const char *))dlsym(core, "gst_plugin_load_by_name");
    void (*object_unref)(gpointer) = (void (*)(gpointer))dlsym(core, "gst_object_unref");
    if (!init_check || !load_by_name || !object_unref || !init_check(NULL, NULL, NULL)) return FALSE;
    static const char *const plugins[] = {
        "coreelements", "playback", "typefindfunctions", "soup", "isomp4", "audioparsers", "faad",
        "audioconvert", "audioresample", "volume", "autodetect", "pulseaudio",
    };
    for (size_t i = 0; i < sizeof plugins / sizeof *plugins; i++) {
        gpointer plugin = load_by_name(plugins[i]);  // NULL: not installed, the preview finds another
        if (plugin) object_unref(plugin);
    }
    return TRUE;
}

// Wayland: a launch announced to the compositor, as GTK 3 announced the apps it started, so that
// a window can come forward for a user's action GNOME Shell 43 hands the app without an
// activation token (a pick in the overview, a notification's click). mutter 43 moves a window
// forward only for an xdg-activation token it made for an input event of the same client, or
// for a startup sequence it knows and that is newer than the user's last input: gtk_shell1's
// notify_launch makes one with the current time. Only that request of the protocol (GTK's and
// mutter's own, version 3) is declared here; nothing else is sent on it.
static const struct wl_interface *shim_gtk_shell1_types[] = {NULL, NULL};
static const struct wl_message shim_gtk_shell1_requests[] = {
    {"get_gtk_surface", "no", shim_gtk_shell1_types},
    {"set_startup_id", "2?s", shim_gtk_shell1_types},
    {"system_bell", "2?o", shim_gtk_shell1_types},
    {"notify_launch", "3s", shim_gtk_shell1_types},
};
static const struct wl_message shim_gtk_shell1_events[] = {{"capabilities", "u", shim_gtk_shell1_types}};
static const struct wl_interface shim_gtk_shell1_interface = {
    "gtk_shell1", 3, 4, shim_gtk_shell1_requests, 1, shim_gtk_shell1_events};
enum { SHIM_GTK_SHELL1_NOTIFY_LAUNCH = 3 };

struct shim_gtk_shell1_global { uint32_t name, version; };

static void shim_registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                                 uint32_t version) {
    struct shim_gtk_shell1_global *found = data;
    if (strcmp(interface, shim_gtk_shell1_interface.name) == 0) { found->name = name; found->version = version; }
}

static void shim_registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener shim_registry_listener = {shim_registry_global, shim_registry_global_remove};

// What announces launches on a display: gtk_shell1 bound once on a private event queue, so that
// GDK's dispatching never sees it (NULL `shell`: the compositor has no gtk_shell1 of version 3,
// not mutter). Freed with the display.
struct shim_launch_announcer { struct wl_event_queue *queue; struct wl_proxy *shell; };

static void shim_launch_announcer_free(gpointer data) {
    struct shim_launch_announcer *announcer = data;
    if (announcer->shell) wl_proxy_destroy(announcer->shell);
    wl_event_queue_destroy(announcer->queue);
    g_free(announcer);
}

static inline struct shim_launch_announcer *shim_launch_announcer(GdkDisplay *display) {
    static const char *key = "shim-launch-announcer";
    struct shim_launch_announcer *announcer = g_object_get_data(G_OBJECT(display), key);
    if (announcer) return announcer;
    announcer = g_new0(struct shim_launch_announcer, 1);
    struct wl_display *connection = gdk_wayland_display_get_wl_display(display);
    announcer->queue = wl_display_create_queue(connection);
    struct wl_display *wrapper = wl_proxy_create_wrapper(connection);
    wl_proxy_set_queue((struct wl_proxy *)wrapper, announcer->queue);
    struct wl_registry *registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    struct shim_gtk_shell1_global found = {0, 0};
    wl_registry_add_listener(registry, &shim_registry_listener, &found);
    wl_display_roundtrip_queue(connection, announcer->queue);
    if (found.name != 0 && found.version >= 3)
        announcer->shell = wl_registry_bind(registry, found.name, &shim_gtk_shell1_interface, 3);
    wl_registry_destroy(registry);  // later globals are not needed (their events are dropped)
    g_object_set_data_full(G_OBJECT(display), key, announcer, shim_launch_announcer_free);
    return announcer;
}

// Announces a launch named `startup_id` and makes it the one GDK's next present of a window
// names (gdk_wayland_display_set_startup_notification_id): requests on one connection reach
// the compositor in order, so the launch is known when GDK's activation request comes. FALSE
// when `display` is not Wayland or its compositor has no gtk_shell1 of version 3.
static inline gboolean shim_wayland_announce_launch(GdkDisplay *display, const char *startup_id) {
    if (!GDK_IS_WAYLAND_DISPLAY(display)) return FALSE;
    struct shim_launch_announcer *announcer = shim_launch_announcer(display);
    if (!announcer->shell) return FALSE;
    // Events for it (capabilities) have no listener: dispatching drops them.
    wl_display_dispatch_queue_pending(gdk_wayland_display_get_wl_display(display), announcer->queue);
    wl_proxy_marshal(announcer->shell, SHIM_GTK_SHELL1_NOTIFY_LAUNCH, startup_id);
    gdk_wayland_display_set_startup_notification_id(display, startup_id);
    return TRUE;
}

#endif
