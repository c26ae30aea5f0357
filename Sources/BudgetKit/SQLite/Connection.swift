import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to an SQLite database file: opened in `init`, closed in `deinit`.
///
/// Opening never creates a file (no `SQLITE_OPEN_CREATE`): ``BookFile`` makes new books whole and
/// checks existing ones before SQLite sees them. It sets up what every connection relies on:
/// extended result codes, and a busy timeout so concurrent processes wait for each other instead
/// of failing.
///
/// Not thread-safe: one connection belongs to one thread (or one serial owner) at a time.
final class Connection {
    /// How a connection opens its file.
    enum Mode {
        /// Read and write (SQLite falls back to reading only when the file is write-protected).
        case readWrite
        /// Read only.
        case readOnly
        /// Read only, with no locks and no WAL: SQLite's `immutable=1`, for a file nothing can
        /// change (a WAL book in a folder nobody can write, where even reading needs a -shm file).
        case immutable
    }

    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Whether SQLite keeps no memory statistics, as set before the process's first connection
    /// opens. Nothing reads them (`sqlite3_memory_used`), and keeping them takes a global mutex
    /// around every allocation: a fifth of the instructions of opening a book, which parses
    /// its whole schema. SQLite takes the setting only before it initializes: in a process
    /// that used SQLite before BudgetKit (where `sqlite3_config` must not run while another
    /// thread uses SQLite), it keeps its own and this is `false`.
    static let keepsNoMemoryStatistics: Bool = {
        let code = csqlite_disable_memory_statistics()
        assert(code == SQLITE_OK || code == SQLITE_MISUSE, "sqlite3_config failed: \(code)")
        return code == SQLITE_OK
    }()

    let handle: OpaquePointer
    let path: String
    private var statementCache: [String: Statement] = [:]
    /// The file it has open, as ``OpenFiles`` counts it (what `path` named just after SQLite
    /// opened it); `nil` for an immutable connection.
    let file: OpenFiles.Identity?

    /// Opens the existing database file at `path` (an empty file is an empty database).
    ///
    /// - Throws: ``SQLiteError`` when SQLite cannot open the file (`SQLITE_CANTOPEN` when it is missing).
    init(path: String, mode: Mode = .readWrite) throws(SQLiteError) {
        self.path = path
        _ = Connection.keepsNoMemoryStatistics
        var handle: OpaquePointer?
        let code: Int32
        switch mode {
        case .readWrite: code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        case .readOnly: code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        case .immutable:
            code = sqlite3_open_v2("file:" + Connection.uriEscaped(path) + "?immutable=1", &handle,
                                   SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        for code in [sqlite3_extended_result_codes(handle, 1), sqlite3_busy_timeout(handle, Connection.busyTimeoutMilliseconds)]
        where code != SQLITE_OK {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        file = mode == .immutable ? nil : OpenFiles.Identity(path: path)
        if let file { OpenFiles.opened(file) }
        // budget_fold() is part of the schema's vocabulary (migration 2 recomputes name keys with
        // it): every connection has it, so every migration and query can use it.
        try registerCaseFoldFunction()
    }

    /// `path` with every byte but unreserved ones and `/` percent-encoded, for a `file:` URI.
    static func uriEscaped(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    deinit {
        statementCache.removeAll()
        // close_v2 only fails for a bad handle; with every statement finalized above it closes now.
        let code = sqlite3_close_v2(handle)
        assert(code == SQLITE_OK, "sqlite3_close_v2 failed: \(code)")
        if let file { OpenFiles.closed(file) }
    }

    /// Whether SQLite opened the file read-only (for example because the file is write-protected).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs one or more statements that bind nothing (schema, pragmas, BEGIN/COMMIT).
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Prepares a statement for one use.
    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Returns a prepared statement for `sql`, preparing it once per connection and reusing it.
    func cached(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try Statement(connection: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `sql` with `values` bound, through the statement cache.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        try cached(sql).run(values)
    }

    /// The first column of the first row as an integer, or `nil` when there is no row.
    func int64(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int64? {
        try cached(sql).first(values) { $0.optionalInt64(0) } ?? nil
    }

    /// The rowid of the latest successful INSERT on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the latest INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Runs `body` with the main database's page cache at `kibibytes`, then at the size it had
    /// again: for one write that dirties more pages than SQLite's default 2 MB holds, which it
    /// would otherwise write to the WAL before the commit and again when they change after.
    ///
    /// - Throws: ``SQLiteError``; what `body` throws.
    func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
        guard let size = try int64("PRAGMA main.cache_size") else { return try body() }
        try execute("PRAGMA main.cache_size = -\(kibibytes)")
        defer { try? execute("PRAGMA main.cache_size = \(size)") }
        return try body()
    }

    /// Runs `body` with this connection's triggers switched off (`SQLITE_DBCONFIG_ENABLE_TRIGGER`;
    /// SQLite prepares its statements again), then on again. Other connections' triggers run as
    /// ever.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses the setting; what `body` throws.
    func withTriggersOff<T>(_ body: () throws -> T) throws -> T {
        let code = csqlite_enable_triggers(handle, 0)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
        defer { _ = csqlite_enable_triggers(handle, 1) }
        return try body()
    }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`): committed when it returns,
    /// rolled back when it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so two processes never both read and then
    /// fail to upgrade: the second waits (busy timeout) and then sees the first one's commit.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        precondition(!isInTransaction, "nested inTransaction")
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to (and released)
    /// when it throws, so a failed `body` leaves nothing behind while the rest of the open
    /// transaction stands. Outside a transaction it opens one (deferred), committed on release.
    func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT nested")
        do {
            let result = try body()
            try execute("RELEASE nested")
            return result
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK TO nested")
                try? execute("RELEASE nested")
            }
            throw error
        }
    }

    /// Runs `body` in a read transaction (`BEGIN DEFERRED`), so all its reads see one snapshot.
    func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        try execute("BEGIN DEFERRED")
        defer { if isInTransaction { try? execute("COMMIT") } }
        return try body()
    }
}

@available(*, unavailable)
extension Connection: Sendable {}
