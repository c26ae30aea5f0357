import CSQLite

/// SQLite's online backup API: copies every page of one connection's database over another's,
/// in one write transaction on the destination, whatever the pages hold (damaged b-trees too).
///
/// The destination is written like any commit: its other connections (another process's
/// `watch`) keep reading their snapshot and then see the new content, its -wal and -shm files
/// stay consistent, and its schema cookie changes so their statements are prepared again.
/// Started in `init`, finished in ``finish()`` or `deinit`.
///
/// Not thread-safe: use it from the thread that owns both connections.
final class PageCopy {
    private let handle: OpaquePointer
    private let destination: Connection
    private let source: Connection
    private var finished = false

    /// Prepares to copy `source`'s main database over `destination`'s.
    ///
    /// - Throws: ``SQLiteError`` when the destination has a transaction open.
    init(from source: Connection, to destination: Connection) throws(SQLiteError) {
        guard let handle = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination.handle), connection: destination.handle)
        }
        self.handle = handle
        self.destination = destination
        self.source = source
    }

    deinit {
        if !finished { sqlite3_backup_finish(handle) }
    }

    /// Copies up to `pages` pages (all of them with -1).
    ///
    /// The first call takes the destination's write lock (waiting for the busy timeout) and keeps
    /// it until the copy is finished: `step(pages: 0)` takes the lock and copies nothing.
    ///
    /// - Returns: whether every page has been copied and committed.
    /// - Throws: ``SQLiteError``: `SQLITE_BUSY` when the lock could not be had, `SQLITE_READONLY`
    ///   when the destination is in WAL mode with another page size, or any read or write error.
    @discardableResult
    func step(pages: Int32) throws(SQLiteError) -> Bool {
        let code = sqlite3_backup_step(handle, pages)
        switch code {
        case SQLITE_DONE: return true
        case SQLITE_OK: return false
        default: throw SQLiteError(code: code, connection: destination.handle)
        }
    }

    /// Ends the copy: after a finished ``step(pages:)`` it is committed, otherwise rolled back.
    ///
    /// - Throws: ``SQLiteError`` when a step failed.
    func finish() throws(SQLiteError) {
        guard !finished else { return }
        finished = true
        let code = sqlite3_backup_finish(handle)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: destination.handle) }
    }
}

@available(*, unavailable)
extension PageCopy: Sendable {}
