import CSQLite

/// Records the changes made through one connection, as SQLite's session extension does, until
/// asked for them as a ``Changeset``: created in `init`, deleted in `deinit`.
///
/// ```swift
/// let session = try Session(on: connection)
/// try session.attachAll(except: ["change_log"])
/// try connection.inTransaction { try connection.run("UPDATE categories SET name = ? WHERE id = ?", [...]) }
/// let changeset = try session.changeset()   // what to store, invert for undo, or sync
/// ```
///
/// It hears every change the connection makes to the attached tables while ``isEnabled``,
/// triggers' and foreign key actions' too (marked indirect), committed or not: a rolled back
/// transaction's changes are not undone in the session, so record one write per session and drop
/// the session when the write fails. Only tables with a declared PRIMARY KEY are recorded (SQLite
/// ignores the others); a row is recorded once, with its values before the session first saw it
/// and its values now, so the changeset is the net effect. Changes made by other connections
/// (another process, the sqlite3 shell) are not seen.
///
/// Not thread-safe: use it on the connection's thread only. The session keeps its connection
/// alive: SQLite requires a session to be deleted before its connection closes.
final class Session {
    private let handle: OpaquePointer
    private let connection: Connection
    /// The tables ``attachAll(except:)`` leaves out, read by SQLite's table filter callback
    /// through an unretained pointer: this object owns it for the session's whole life.
    private var filter: TableFilter?

    /// Starts a session on `connection`'s main database, recording nothing until tables are attached.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_NOMEM`).
    init(on connection: Connection) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3session_create(connection.handle, "main", &handle)
        guard code == SQLITE_OK, let handle else { throw Changeset.error(code) }
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3session_delete(handle)
    }

    /// Records the changes of the table named `table`.
    ///
    /// A table that does not exist yet is recorded from when it is made. Its name is passed to
    /// SQLite as a value, never into SQL.
    ///
    /// - Throws: ``SQLiteError``.
    func attach(_ table: String) throws(SQLiteError) {
        try Changeset.check(sqlite3session_attach(handle, table))
    }

    /// Records the changes of every table (with a declared primary key) but those named in `excluded`.
    ///
    /// Tables a trigger fills from the others (a change log) belong in `excluded`: applying a
    /// changeset runs the target's triggers, which fill them again.
    ///
    /// - Throws: ``SQLiteError``.
    func attachAll(except excluded: Set<String> = []) throws(SQLiteError) {
        if excluded.isEmpty {
            sqlite3session_table_filter(handle, nil, nil)
            filter = nil
        } else {
            let filter = TableFilter(excluded: excluded)
            self.filter = filter
            sqlite3session_table_filter(handle, { context, name in
                guard let context, let name else { return 1 }
                let filter = Unmanaged<TableFilter>.fromOpaque(context).takeUnretainedValue()
                return filter.excluded.contains(String(cString: name)) ? 0 : 1
            }, Unmanaged.passUnretained(filter).toOpaque())
        }
        try Changeset.check(sqlite3session_attach(handle, nil))
    }

    /// Whether the session records changes now (it does from the start). Changes made while it
    /// is disabled are not recorded, even to rows it recorded before.
    var isEnabled: Bool {
        get { sqlite3session_enable(handle, -1) == 1 }
        set { sqlite3session_enable(handle, newValue ? 1 : 0) }
    }

    /// Whether the changes recorded from now on are marked indirect (``ChangesetChange/isIndirect``),
    /// as changes made by triggers are. Off at the start.
    var isIndirect: Bool {
        get { sqlite3session_indirect(handle, -1) == 1 }
        set { sqlite3session_indirect(handle, newValue ? 1 : 0) }
    }

    /// Whether no change has been recorded (a row changed and changed back still counts as recorded).
    var isEmpty: Bool { sqlite3session_isempty(handle) != 0 }

    /// The changes recorded so far, as a changeset. The session goes on recording.
    ///
    /// - Throws: ``SQLiteError``: `SQLITE_NOMEM`, `SQLITE_TOOBIG` past ``Changeset/maximumByteCount``,
    ///   or a read error (SQLite reads the current rows).
    /// - Complexity: O(n) in the rows changed.
    func changeset() throws(SQLiteError) -> Changeset {
        try Changeset.output { count, pointer in sqlite3session_changeset(handle, count, pointer) }
    }
}

/// The excluded table names, in a class so SQLite's callback can reach them through a pointer.
private final class TableFilter {
    let excluded: Set<String>
    init(excluded: Set<String>) { self.excluded = excluded }
}

@available(*, unavailable)
extension Session: Sendable {}
