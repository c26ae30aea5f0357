import CSQLite

extension Connection {
    /// Takes the database file for this connection alone, unless any other connection, in this
    /// process or another, has it open: what must hold before a file is removed that others
    /// might be about to write.
    ///
    /// Call it first thing on a new connection. It sets `locking_mode = EXCLUSIVE` before the
    /// first read, so the connection takes an exclusive lock on the file itself (a WAL book's
    /// other connections hold a shared lock on it for as long as they are open) and keeps its
    /// WAL index in its own memory, never opening the `-shm` file; it keeps the `-wal` file
    /// when it closes (`SQLITE_FCNTL_PERSIST_WAL`), so closing never removes a file by name;
    /// it does not wait for a lock (busy timeout 0); and it begins `BEGIN EXCLUSIVE`. The lock
    /// lasts until the connection closes (closing rolls the transaction back).
    ///
    /// - Returns: `false` (at once, with nothing taken) when another connection has the file open.
    /// - Throws: ``SQLiteError``.
    func takeAlone() throws(SQLiteError) -> Bool {
        var keep: Int32 = 1
        for code in [sqlite3_busy_timeout(handle, 0), sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &keep)]
        where code != SQLITE_OK {
            throw SQLiteError(code: code, connection: handle)
        }
        try execute("PRAGMA locking_mode = EXCLUSIVE")
        do {
            try execute("BEGIN EXCLUSIVE")
        } catch where error.isBusy {
            return false
        }
        return true
    }
}
