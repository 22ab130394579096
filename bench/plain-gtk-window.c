/* The plain baseline of `make bench`, part "window" (issue #12): a GtkApplicationWindow with a
 * header bar holding a search entry and a drop-down. Prints the time from main to the window's
 * map ("mapped-ms N"), then its resident memory once idle ("rss-kb N"). */
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>
static gint64 start;
static long rss_kb(void) {
    FILE *f = fopen("/proc/self/status", "r"); char line[256]; long kb = 0;
    while (f && fgets(line, sizeof line, f)) if (strncmp(line, "VmRSS:", 6) == 0) sscanf(line + 6, "%ld", &kb);
    if (f) fclose(f);
    return kb;
}
static gboolean report(gpointer window) {
    printf("rss-kb %ld\n", rss_kb()); fflush(stdout);
    gtk_window_destroy(GTK_WINDOW(window));
    return G_SOURCE_REMOVE;
}
static void mapped(GtkWidget *window, gpointer data) {
    printf("mapped-ms %.2f\n", (g_get_monotonic_time() - start) / 1000.0);
    g_timeout_add(1500, report, window);
}
static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Plain");
    gtk_window_set_default_size(GTK_WINDOW(window), 1040, 720);
    GtkWidget *header = gtk_header_bar_new();
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_box_append(GTK_BOX(box), gtk_search_entry_new());
    const char *items[] = { "All", "Music", "Software", "E-books", NULL };
    gtk_box_append(GTK_BOX(box), gtk_drop_down_new_from_strings(items));
    gtk_header_bar_set_title_widget(GTK_HEADER_BAR(header), box);
    gtk_window_set_titlebar(GTK_WINDOW(window), header);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("Results"));
    g_signal_connect(window, "map", G_CALLBACK(mapped), NULL);
    gtk_window_present(GTK_WINDOW(window));
}
int main(int argc, char **argv) {
    start = g_get_monotonic_time();
    GtkApplication *app = gtk_application_new("io.github.storesearch.PlainBaseline", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
