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

/// sqlite3_db_config is variadic, which Swift cannot call: turns the connection's triggers on
/// or off (SQLITE_DBCONFIG_ENABLE_TRIGGER); returns SQLITE_OK or an error code.
static inline int csqlite_enable_triggers(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, (int *)0);
}

/// sqlite3_config is variadic, which Swift cannot call: turns SQLite's memory statistics off
/// (SQLITE_CONFIG_MEMSTATUS). Returns SQLITE_OK, or SQLITE_MISUSE once SQLite is initialized.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
