// Shims for the parts of GTK/GLib that Swift cannot call: macros and variadic functions.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib-unix.h>
#include <poll.h>
#include <sys/eventfd.h>

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

// Drains a ready eventfd without blocking.
static inline void shim_drain_eventfd(int fd) {
    struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
        eventfd_t value;
        (void)eventfd_read(fd, &value);
    }
}

// A warning in the GLib log (g_log is variadic).
static inline void shim_log_warning(const char *domain, const char *message) {
    g_log(domain, G_LOG_LEVEL_WARNING, "%s", message);
}

#endif
