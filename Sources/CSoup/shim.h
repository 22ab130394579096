// Shims for libsoup's variadic constructors, which Swift cannot call.
#ifndef CSOUP_SHIM_H
#define CSOUP_SHIM_H

#include <libsoup/soup.h>

// A session whose construct-only limits are set at creation.
static inline SoupSession *shim_soup_session_new(int max_conns, int max_conns_per_host,
                                                 guint timeout_seconds, const char *user_agent) {
    return soup_session_new_with_options("max-conns", max_conns,
                                         "max-conns-per-host", max_conns_per_host,
                                         "timeout", timeout_seconds,
                                         "idle-timeout", 60u,
                                         "user-agent", user_agent,
                                         NULL);
}

static inline SoupServer *shim_soup_server_new(const char *server_header) {
    return soup_server_new("server-header", server_header, NULL);
}

#endif
