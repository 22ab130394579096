/* The floor for StoreSearch's start-up (`make bench`, part "window"): an AdwApplication that
 * builds the window from the same .ui and CSS files, out of the same compiled GResource, puts
 * the parts together as MainWindow does, and maps it, doing none of the app's own work.
 * Prints the time from main to the window's map ("mapped-ms N"), then its resident memory once
 * idle ("rss-kb N"). Built by the bench with: cc -O2 libadwaita-window.c $(pkg-config --cflags --libs libadwaita-1) */
#include <adwaita.h>
#include <stdio.h>
#include <string.h>
#include "../.build/gresource/resources.c"

#define UI "/io/github/storesearch/StoreSearch/ui/"

static gint64 start;

static long rss_kb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) sscanf(line + 6, "%ld", &kb);
    if (f) fclose(f);
    return kb;
}

static gboolean report(gpointer window) {
    printf("rss-kb %ld\n", rss_kb());
    fflush(stdout);
    gtk_window_destroy(GTK_WINDOW(window));
    return G_SOURCE_REMOVE;
}

static void mapped(GtkWidget *window, gpointer data) {
    printf("mapped-ms %.2f\n", (g_get_monotonic_time() - start) / 1000.0);
    fflush(stdout);
    g_timeout_add(1500, report, window);
}

/* The object `id` of `file`, kept alive by its builder (never freed: the process is short). */
static GtkWidget *part(const char *file, const char *id) {
    GtkBuilder *builder = gtk_builder_new_from_resource(file);
    return GTK_WIDGET(gtk_builder_get_object(builder, id));
}

static void activate(GtkApplication *app, gpointer data) {
    GtkBuilder *main_window = gtk_builder_new_from_resource(UI "main-window.ui");
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_resource(css, UI "style.css");
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkWidget *window = GTK_WIDGET(gtk_builder_get_object(main_window, "window"));
    gtk_window_set_application(GTK_WINDOW(window), app);
#define OBJECT(id) GTK_BOX(gtk_builder_get_object(main_window, id))
    gtk_box_prepend(OBJECT("window_content"), part(UI "notice-banner.ui", "banner"));
    GtkBuilder *detail = gtk_builder_new_from_resource(UI "detail-form.ui");
    gtk_box_append(OBJECT("detail_pane"), GTK_WIDGET(gtk_builder_get_object(detail, "detail_stack")));
    gtk_box_append(GTK_BOX(gtk_builder_get_object(detail, "preview_slot")), part(UI "preview-controls.ui", "preview_box"));
    gtk_box_append(GTK_BOX(gtk_builder_get_object(detail, "price_history_slot")), part(UI "price-history.ui", "price_history"));
    gtk_box_append(OBJECT("my_items_holder"), part(UI "my-items-page.ui", "my_items_page"));
    GtkBuilder *search = gtk_builder_new_from_resource(UI "search-page.ui");
#define SEARCH_OBJECT(id) GTK_BOX(gtk_builder_get_object(search, id))
    gtk_box_append(OBJECT("search_holder"), GTK_WIDGET(SEARCH_OBJECT("search_page")));
    gtk_box_append(SEARCH_OBJECT("results_holder"), part(UI "results-view.ui", "results_view"));
    gtk_box_append(SEARCH_OBJECT("browse_slot"), part(UI "browse-bar.ui", "browse_bar"));
    const char *regions[] = { "United States", "Australia", "Japan", "Germany", "Türkiye", NULL };
    gtk_box_append(SEARCH_OBJECT("search_bar"), gtk_drop_down_new_from_strings(regions));
    g_signal_connect(window, "map", G_CALLBACK(mapped), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    start = g_get_monotonic_time();
    storesearch_register_resource();
    AdwApplication *app = adw_application_new("io.github.storesearch.LibadwaitaFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
