import CSQLite

/// An error reported by SQLite: the extended result code, SQLite's message and the SQL that failed.
///
/// The SQL is the statement text only, never the values bound to it, so an error message never
/// leaks a user's data into logs.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code, such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
    public let extendedCode: Int32
    /// SQLite's own message.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`...): the low byte of the extended code.
    public var code: Int32 { extendedCode & 0xFF }

    /// Creates an error value.
    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // sqlite3_extended_errcode reports the latest error on the connection; trust the call's
        // own code, and SQLite's words for it, when they disagree (the connection may have been
        // reset in between, or never heard of it: sqlite3_backup_step leaves the destination's
        // message at "not an error").
        guard let connection, (extended & 0xFF) == (code & 0xFF) else {
            self.init(extendedCode: code, message: String(cString: sqlite3_errstr(code)), sql: sql)
            return
        }
        self.init(extendedCode: extended, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    /// `SQLITE_BUSY`, `SQLITE_LOCKED`: another connection held a lock past the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// `SQLITE_CONSTRAINT_UNIQUE` or `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public var isUniqueViolation: Bool {
        // SQLITE_CONSTRAINT_UNIQUE and _PRIMARYKEY: macros Swift cannot import.
        extendedCode == SQLITE_CONSTRAINT | (8 << 8) || extendedCode == SQLITE_CONSTRAINT | (6 << 8)
    }
    /// `SQLITE_CONSTRAINT_CHECK`: a row breaks a table's CHECK constraint.
    var isCheckViolation: Bool { extendedCode == SQLITE_CONSTRAINT | (1 << 8) }
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a row with that key is already there.
    var isPrimaryKeyViolation: Bool { extendedCode == SQLITE_CONSTRAINT | (6 << 8) }
    /// `SQLITE_NOTADB`: the file is not an SQLite database.
    public var isNotADatabase: Bool { code == SQLITE_NOTADB }
    /// `SQLITE_CORRUPT`: the file is damaged.
    public var isCorrupt: Bool { code == SQLITE_CORRUPT }
    /// `SQLITE_READONLY`: the file or its folder cannot be written.
    public var isReadOnly: Bool { code == SQLITE_READONLY }
    /// `SQLITE_CANTOPEN`: the path cannot be opened (a directory, a missing folder, no permission).
    public var isCannotOpen: Bool { code == SQLITE_CANTOPEN }
    /// `SQLITE_CANTOPEN` or `SQLITE_READONLY`, with any extended code (`SQLITE_READONLY_CANTINIT`,
    /// `_DIRECTORY`...): what SQLite says when a WAL book cannot even be read because its `-shm`
    /// cannot be made. A folder on a read-only mount gives CANTOPEN; a folder the user may not
    /// write (a non-root user: root writes anywhere) gives READONLY.
    var isCannotOpenOrReadOnly: Bool { isCannotOpen || isReadOnly }
    /// `SQLITE_FULL`: the disk (or the file system's quota) is full.
    public var isFull: Bool { code == SQLITE_FULL }
    /// `SQLITE_FULL` or `SQLITE_IOERR`: the disk is full or failed.
    public var isDiskProblem: Bool { code == SQLITE_FULL || code == SQLITE_IOERR }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
