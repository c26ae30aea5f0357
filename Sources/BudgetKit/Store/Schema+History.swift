extension Schema {
    /// Version 7: history, undo and sync (issue 12). Every table here is the book's own record of
    /// its writes and its place in a sync folder; none of them is recorded in a changeset.
    ///
    /// - `history`: one row per write through ``BudgetStore`` that changed something: when
    ///   (`hlc_time`, a ``HybridLogicalClock`` packed time, and `device`, the ``DeviceID`` that
    ///   made it), the command as typed, and the changeset (SQLite's session format). `undoes` /
    ///   `redoes` name the entry an undo or a redo reversed; `received` is 1 for an entry applied
    ///   from the sync folder; `sequence` is its number among its device's changeset files (NULL
    ///   while a local entry is not yet published).
    /// - `local_device`: this book file's own device: its id and name, the file it belongs to
    ///   (`file_id`, device and inode numbers: a copied book is another file, so it takes a new
    ///   id) and the latest clock it made or heard. One row at most, made by the first write.
    /// - `sync_state`: per device, the last sequence number this book applied (or, for its own
    ///   device, published, with `last_entry`, the last local history entry published). It
    ///   survives `budget log --prune-before`.
    /// - `local_ids`: per table, the highest id this device made since it joined a sync folder.
    /// - `sync_parked`: changes received for rows whose insert has not arrived yet.
    /// - `sync_unique`: per unique value rows were added with (a category name, an import key),
    ///   the smallest id ever added with it: that row keeps the value, later ones give way.
    /// - `sync_conflicts`: every conflict a sync resolved, with the kept and the losing value.
    /// - `row_clock`: per synced row and column, the clock of its latest change (last writer
    ///   wins, per field); column `-` marks a deleted row.
    /// - `devices`: the slots of the devices sharing the book (synced like any other table): a
    ///   device with slot k makes ids ending in the digit k.
    static let version7History = """
    CREATE TABLE history (
        id        INTEGER PRIMARY KEY,
        hlc_time  INTEGER NOT NULL,
        device    TEXT NOT NULL,
        command   TEXT NOT NULL,
        changeset BLOB NOT NULL,
        undoes    INTEGER,
        redoes    INTEGER,
        received  INTEGER NOT NULL DEFAULT 0 CHECK (received IN (0, 1)),
        sequence  INTEGER
    );
    CREATE UNIQUE INDEX history_by_device_sequence ON history(device, sequence) WHERE sequence IS NOT NULL;
    CREATE INDEX history_by_undoes ON history(undoes) WHERE undoes IS NOT NULL;
    CREATE INDEX history_by_redoes ON history(redoes) WHERE redoes IS NOT NULL;
    CREATE TABLE local_device (
        one       INTEGER PRIMARY KEY CHECK (one = 1),
        device_id TEXT NOT NULL,
        name      TEXT NOT NULL,
        file_id   TEXT NOT NULL,
        hlc_time  INTEGER NOT NULL
    );
    CREATE TABLE sync_state (
        device        TEXT PRIMARY KEY,
        last_sequence INTEGER NOT NULL,
        last_entry    INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
    CREATE TABLE local_ids (
        table_name TEXT PRIMARY KEY,
        high       INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE sync_unique (
        table_name  TEXT NOT NULL,
        column_name TEXT NOT NULL,
        value       TEXT NOT NULL,
        min_id      INTEGER NOT NULL,
        PRIMARY KEY (table_name, column_name, value)
    ) WITHOUT ROWID;
    CREATE TABLE sync_parked (
        id          INTEGER PRIMARY KEY,
        table_name  TEXT NOT NULL,
        row_key     TEXT NOT NULL,
        column_name TEXT NOT NULL,
        value,
        hlc_time    INTEGER NOT NULL,
        device      TEXT NOT NULL
    );
    CREATE INDEX sync_parked_by_row ON sync_parked(table_name, row_key);
    CREATE TABLE sync_conflicts (
        id          INTEGER PRIMARY KEY,
        synced_at   INTEGER NOT NULL,
        table_name  TEXT NOT NULL,
        row_key     TEXT NOT NULL,
        column_name TEXT NOT NULL,
        kept_value,
        lost_value,
        kept_device TEXT NOT NULL,
        lost_device TEXT NOT NULL
    );
    CREATE TABLE row_clock (
        table_name  TEXT NOT NULL,
        row_key     TEXT NOT NULL,
        column_name TEXT NOT NULL,
        hlc_time    INTEGER NOT NULL,
        device      TEXT NOT NULL,
        PRIMARY KEY (table_name, row_key, column_name)
    ) WITHOUT ROWID;
    CREATE TABLE devices (
        slot       INTEGER PRIMARY KEY CHECK (slot BETWEEN 0 AND 9),
        device_id  TEXT NOT NULL,
        name       TEXT NOT NULL,
        claimed_at INTEGER NOT NULL
    );
    """

    /// The tables a write's changeset leaves out: the change log and the monthly totals (their
    /// triggers fill them again wherever a changeset is applied) and the book's own history and
    /// sync bookkeeping.
    static let unrecordedTables: Set<String> = Set([
        "change_log", "change_log_pause", "history", "history_chunks", "local_device", "sync_state", "sync_conflicts", "row_clock", "local_ids",
        "sync_parked", "sync_given_way",
    ]).union(MonthTotals.tableNames)

    /// Version 13: the rows a bulk write adds (an import's) leave the entry's `changeset` BLOB
    /// for compressed pieces of it (``HistoryChunks``).
    ///
    /// - `history.bulk_bytes`: the size of those pieces before compression; 0 for an entry
    ///   without any (every entry written before this version, every entry received by a sync).
    /// - `history_chunks`: per piece, its entry, its place among the entry's pieces (from 0) and
    ///   its bytes (one zstd frame). ``BudgetStore/pruneHistory(before:)`` deletes the pieces of the
    ///   entries it deletes (no trigger: bulk writes turn triggers off).
    ///
    /// Older releases refuse a book of this version: they would read an import's entry without
    /// its rows.
    static let version13HistoryChunks = """
    ALTER TABLE history ADD COLUMN bulk_bytes INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE history_chunks (
        entry    INTEGER NOT NULL,
        position INTEGER NOT NULL,
        bytes    BLOB NOT NULL,
        PRIMARY KEY (entry, position)
    );
    """

    /// Version 9: a synced book remembers the unique values its rows gave way with, not the
    /// smallest id ever added with a value (`sync_unique`, dropped: it kept a name for a row
    /// long deleted, so a name given again came back as `Name (id)`).
    ///
    /// - `sync_given_way`: per row that gave up a unique value to a row with a smaller id (a
    ///   category renamed `Name (id)`, a transaction without its import key), the value of the
    ///   unique column it gave up (`value`) and of the column people see made from it (`shown`:
    ///   the name or the account number, else NULL). When the row holding the value goes (deleted
    ///   or renamed), the row with the smallest id that gave it up takes it back. Local, never
    ///   recorded: every book works it out the same from the rows it holds.
    static let version9GivenWay = """
    DROP TABLE sync_unique;
    CREATE TABLE sync_given_way (
        table_name  TEXT NOT NULL,
        column_name TEXT NOT NULL,
        row_id      INTEGER NOT NULL,
        value       NOT NULL,
        shown,
        PRIMARY KEY (table_name, column_name, row_id)
    ) WITHOUT ROWID;
    CREATE INDEX sync_given_way_by_value ON sync_given_way(table_name, column_name, value);
    """

    /// Version 10: slots are given, not taken. Two devices joining at once each took the
    /// smallest free slot from a copy of the folder without the other's claim, made rows under
    /// the same digit, and one of two rows with one id was lost. Now only the founding device
    /// (slot 0) writes `devices` rows, so no two devices can ever hold one slot.
    ///
    /// - `slot_requests`: a joining device's request for a slot (synced like any other table):
    ///   its id, name and when it asked. The founding device answers each at its next sync with
    ///   a `devices` row, in the order they were made.
    static let version10SlotRequests = """
    CREATE TABLE slot_requests (
        device_id    TEXT PRIMARY KEY,
        name         TEXT NOT NULL,
        requested_at INTEGER NOT NULL
    );
    """

    /// Version 16: a conflict names the change that lost by its hybrid logical clock, which is
    /// the clock of the history entry that made it in every book (`history.hlc_time` and
    /// `device`): `budget log` marks that entry's field as lost instead of showing it as if it
    /// took. (A synced change that lost never reached the book; a change made here that lost
    /// was overwritten by one made apart.)
    ///
    /// - `sync_conflicts.lost_time`, `lost_device_id`: the losing change's clock, packed as
    ///   `history.hlc_time` is, and its device's id; NULL when no change made the losing value
    ///   (a row as first added, a conflict a sync made itself) and for conflicts resolved
    ///   before this version.
    static let version16ConflictLosers = """
    ALTER TABLE sync_conflicts ADD COLUMN lost_time INTEGER;
    ALTER TABLE sync_conflicts ADD COLUMN lost_device_id TEXT;
    CREATE INDEX sync_conflicts_by_lost_change ON sync_conflicts(lost_device_id, lost_time) WHERE lost_time IS NOT NULL;
    """
}
