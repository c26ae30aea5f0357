#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

/* sqlite3.h declares the session extension (sqlite3session_*, sqlite3changeset_*,
 * sqlite3changegroup_*) and the pre-update hook only when these are defined before it is
 * included. The system libsqlite3 is built with both (PRAGMA compile_options lists
 * ENABLE_SESSION and ENABLE_PREUPDATE_HOOK); without the defines the functions stay hidden. */
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
