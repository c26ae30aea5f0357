#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A backup copied beside the book it is to replace, checked, brought up to date, and ready to go
/// in (see ``BudgetStore/restore(bookAt:from:)``). The backup itself is only ever read, with
/// `read()`: SQLite never opens it, so it is never changed and no -shm appears beside it.
///
/// Its temporary file (and any -wal, -shm or -journal of it) is removed when it is released.
/// Not thread-safe.
final class RestoredCopy {
    /// The backup.
    let backupPath: String
    /// The temporary copy, beside the book.
    let path: String
    /// The backup's schema version (before migrating the copy).
    private(set) var version = 0
    private let descriptor: Int32
    private var openConnection: Connection?

    /// Copies the backup at `backupPath` beside `book` and checks it.
    ///
    /// - Throws: ``BudgetError/invalidBackup(path:reason:)`` when the backup is not a whole book of
    ///   a version this `budget` knows; ``BudgetError/diskProblem(path:reason:)`` or
    ///   ``BudgetError/cannotOpenDatabase(path:reason:)`` (naming the book) when the copy cannot be
    ///   written beside it.
    init(of backupPath: String, beside book: String) throws {
        func invalid(_ reason: BudgetError) -> BudgetError { .invalidBackup(path: backupPath, reason: reason) }
        do throws(BudgetError) {
            switch try BookFile.state(of: backupPath) {
            case .missing, .danglingLink: throw .databaseNotFound(path: backupPath)
            case .other(let kind): throw .notARegularFile(path: backupPath, kind: kind)
            case .regular: _ = try BookHeader.read(backupPath)
            }
        } catch {
            throw invalid(error)
        }
        try BookFile.makeDirectories(for: book)
        let temporary: (path: String, descriptor: Int32)
        do {
            temporary = try BookFile.temporary(beside: book)
        } catch {
            throw error.budgetError(for: book)
        }
        self.backupPath = backupPath
        path = temporary.path
        descriptor = temporary.descriptor
        // From here on, deinit removes the temporary file whatever is thrown.
        try copyFiles(book: book, invalid: invalid)
        do {
            let connection = try self.connection()
            let seen = try Schema.migrator.inspect(connection)
            switch Schema.migrator.classify(seen) {
            case .foreign: throw invalid(.notABudgetDatabase(path: backupPath))
            case .newer(let version):
                throw invalid(.newerDatabase(path: backupPath, version: version, supported: Schema.migrator.latestVersion))
            case .damaged(let version): throw invalid(.unknownSchemaVersion(path: backupPath, version: version))
            case .current, .migrated, nil: version = seen.version
            }
            let checker = BookChecker(connection: connection)
            checker.checkAll(sqliteOnly: true)
            guard checker.problems.isEmpty else { throw invalid(.corruptDatabase(path: backupPath)) }
            try connection.execute("PRAGMA journal_mode = DELETE")
            _ = try Schema.migrator.migrate(connection)
        } catch let error as BudgetError {
            throw error
        } catch let error as SQLiteError where error.isFull {
            throw BudgetError.diskProblem(path: book, reason: error.message)
        } catch {
            guard let reason = BudgetStore.translate(error, path: backupPath) as? BudgetError else { throw error }
            throw invalid(reason)
        }
    }

    deinit {
        openConnection = nil
        close(descriptor)
        BookFile.removeTemporary(path)
    }

    /// The backup's file, and its -wal when there is one (a copy taken with `cp` while the book
    /// was open), copied to the temporary file and synced.
    private func copyFiles(book: String, invalid: (BudgetError) -> BudgetError) throws {
        func failure(_ error: BookFile.Failure) -> BudgetError {
            [ENOSPC, EDQUOT, EIO].contains(error.code) ? error.budgetError(for: book)
                : invalid(.cannotOpenDatabase(path: backupPath, reason: error.message))
        }
        do {
            try BookFile.copy(backupPath, to: descriptor)
        } catch {
            throw failure(error)
        }
        guard BookFile.exists(backupPath + "-wal") else { return }
        let wal = open(path + "-wal", O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard wal >= 0 else { throw BookFile.Failure(code: errno).budgetError(for: book) }
        defer { close(wal) }
        do {
            try BookFile.copy(backupPath + "-wal", to: wal)
        } catch {
            throw failure(error)
        }
    }

    /// The connection to the copy, opened again after ``publish(as:)`` gave up.
    func connection() throws -> Connection {
        if let openConnection { return openConnection }
        let connection = try Connection(path: path)
        try connection.execute("PRAGMA foreign_keys = ON")
        openConnection = connection
        return connection
    }

    /// Makes the copy the book at `book`, where there is none.
    ///
    /// - Returns: `false` when a book appeared at `book` meanwhile (the copy is then still here).
    func publish(as book: String) throws -> Bool {
        openConnection = nil
        guard fsync(descriptor) == 0 else { throw BookFile.Failure(code: errno).budgetError(for: book) }
        do {
            try BookFile.publish(path, as: book)
            return true
        } catch where error.code == EEXIST {
            return false
        } catch {
            throw error.budgetError(for: book)
        }
    }

    /// Replaces the content of the book at `book` (an SQLite database SQLite can lock) with the
    /// copy's, in one commit under the book's write lock, after keeping the book as it was.
    ///
    /// - Parameter pageSize: the book's page size (the copy is rebuilt with it: SQLite's online
    ///   backup into a WAL database needs equal page sizes).
    /// - Returns: the kept copy's path.
    func replaceContent(of book: String, pageSize: Int) throws -> String {
        let connection = try self.connection()
        if try connection.int64("PRAGMA page_size") != Int64(pageSize) {
            try connection.execute("PRAGMA page_size = \(pageSize); VACUUM")
        }
        let live = try Connection(path: book)
        // WAL, so that holding the write lock below leaves readers reading (a `watch`, the keeper).
        try live.execute("PRAGMA journal_mode = WAL")
        let copy = try PageCopy(from: connection, to: live)
        try copy.step(pages: 0)   // the write lock: nothing else commits until the copy is in
        let reader = try Connection(path: book, mode: .readOnly)
        if let seen = try? Schema.migrator.inspect(reader) {
            switch Schema.migrator.classify(seen) {
            case .foreign: throw BudgetError.notABudgetDatabase(path: book)
            case .newer(let version):
                throw BudgetError.newerDatabase(path: book, version: version, supported: Schema.migrator.latestVersion)
            default: break
            }
        }
        let sequence = (try? reader.int64("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'")) ?? nil
        let kept = try BudgetStore.keepCopy(of: reader, beside: book)
        do {
            try markReload(after: sequence ?? 0)
            try copy.step(pages: -1)
            try copy.finish()
        } catch {
            // Rolled back (a full disk for the -wal): the book is as it was, so the copy kept of
            // it is not needed, and it holds room the next try needs.
            unlink(kept)
            BookFile.syncFolder(of: kept)
            throw error
        }
        return kept
    }

    /// Leaves one `reload` entry in the copy's change log, numbered past both logs' sequences,
    /// so every live list on the book reloads (a number it never saw, or a gap before it).
    private func markReload(after sequence: Int64) throws {
        let connection = try self.connection()
        let own = try connection.int64("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0
        try connection.inTransaction {
            try connection.execute("DELETE FROM change_log; DELETE FROM change_log_pause")
            try connection.run("INSERT INTO change_log (seq, entity, row_id) VALUES (?, 'reload', NULL)",
                               [.integer(max(sequence, own) + 1)])
        }
    }

    /// Replaces the file at `book`, which SQLite cannot open as a database (empty, truncated,
    /// garbage), with the copy: the old file (and its -wal or -journal) is kept by hard links
    /// under a new name, its -wal, -shm and -journal are removed (SQLite would replay a stale
    /// -wal into the new file), and the copy is renamed over it.
    ///
    /// - Returns: the kept file's path.
    func replaceFile(at book: String) throws -> String {
        openConnection = nil
        guard fsync(descriptor) == 0 else { throw BookFile.Failure(code: errno).budgetError(for: book) }
        let kept = try BudgetStore.linkUnderFreeName(book, keptNameFor: book, removingSource: false)
        for suffix in ["-wal", "-journal"] where BookFile.exists(book + suffix) {
            guard link(book + suffix, kept + suffix) == 0 else { throw BookFile.Failure(code: errno).budgetError(for: book) }
        }
        for suffix in ["-wal", "-shm", "-journal"] { unlink(book + suffix) }
        guard rename(path, book) == 0 else { throw BookFile.Failure(code: errno).budgetError(for: book) }
        BookFile.syncFolder(of: book)
        return kept
    }
}

@available(*, unavailable)
extension RestoredCopy: Sendable {}

extension BookFile.Failure {
    /// The domain error for this failure while writing beside the book at `path`.
    func budgetError(for path: String) -> BudgetError {
        switch code {
        case ENOSPC, EDQUOT, EIO: return .diskProblem(path: path, reason: message)
        case EROFS: return .readOnlyDatabase(path: path)
        default: return .cannotOpenDatabase(path: path, reason: message)
        }
    }
}
