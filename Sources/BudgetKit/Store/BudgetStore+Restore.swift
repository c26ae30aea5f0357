#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BudgetStore {
    /// What ``BudgetStore/restore(bookAt:from:)`` did.
    public struct Restoration: Hashable, Sendable {
        /// Where the book as it was just before the restore is kept, beside it
        /// (`BOOK.before-restore-YYYYMMDD-HHMMSS`), or `nil` when there was no book.
        public let keptBookPath: String?
        /// The backup's schema version; an older one was brought up to date in the restored book.
        public let backupVersion: Int
    }

    /// Replaces the book at `path` with the backup at `backupPath`, keeping the book as it was
    /// beside it; safe while other processes (a `watch`) have the book open.
    ///
    /// 0. What killed restores and backups left beside the book goes, once their writers are
    ///    gone (see ``BookFile/removeLeftovers(beside:)``).
    /// 1. The backup is copied beside the book and checked there (it is only ever read): a
    ///    regular file holding a whole SQLite database, `budget`'s application id, a schema version
    ///    this `budget` knows, and SQLite's integrity and foreign-key checks passing. Anything
    ///    else is refused before the book is touched. An older schema is migrated in the copy.
    /// 2. The book's write lock is taken; a consistent copy of the book as it is then is kept
    ///    under a new name beside it (never overwriting anything).
    /// 3. The checked copy replaces the book's content page by page through SQLite's online
    ///    backup, in the same lock: one ordinary commit, so the -wal and -shm files stay
    ///    consistent and open connections simply see the new content. Its change log holds one
    ///    `reload` entry past every sequence number the book had, so live lists reload.
    ///
    /// A book SQLite cannot open as a database at all (an empty, truncated or garbage file) is
    /// kept by a hard link under the same kind of name, and the checked copy renamed over it.
    /// With no book at `path`, the checked copy becomes the book.
    ///
    /// ```swift
    /// let restoration = try BudgetStore.restore(bookAt: path, from: "/media/usb/budget-2026-11.sqlite3")
    /// print("kept the previous book as", restoration.keptBookPath ?? "-")
    /// ```
    ///
    /// - Returns: where the previous book is kept, and the backup's version.
    /// - Throws: ``BudgetError/invalidBackup(path:reason:)`` with what is wrong with the backup;
    ///   for the book: ``BudgetError/notARegularFile(path:kind:)``,
    ///   ``BudgetError/notABudgetDatabase(path:)`` (another program's database is never replaced),
    ///   ``BudgetError/newerDatabase(path:version:supported:)``, ``BudgetError/readOnlyDatabase(path:)``,
    ///   ``BudgetError/databaseBusy(path:)``, ``BudgetError/diskProblem(path:reason:)``. When it
    ///   throws, the book is as it was.
    public static func restore(bookAt path: String, from backupPath: String) throws -> Restoration {
        let book = try resolvingDanglingLinks(path)
        BookFile.removeLeftovers(beside: book)
        let restored = try RestoredCopy(of: backupPath, beside: book)
        switch try BookFile.state(of: book) {
        case .other(let kind):
            throw BudgetError.notARegularFile(path: path, kind: kind)
        case .missing, .danglingLink:
            if try restored.publish(as: book) { return Restoration(keptBookPath: nil, backupVersion: restored.version) }
        case .regular:
            break
        }
        guard let header = try databaseHeader(of: book) else {
            return Restoration(keptBookPath: try restored.replaceFile(at: book), backupVersion: restored.version)
        }
        guard isBudgetBook(book, header: header) else { throw BudgetError.notABudgetDatabase(path: path) }
        do {
            return Restoration(keptBookPath: try restored.replaceContent(of: book, pageSize: header.pageSize),
                               backupVersion: restored.version)
        } catch let error as SQLiteError where error.isNotADatabase || error.isCorrupt {
            // SQLite cannot even lock the book as a database: replace the file instead.
            return Restoration(keptBookPath: try restored.replaceFile(at: book), backupVersion: restored.version)
        } catch {
            throw translate(error, path: path)
        }
    }

    /// The header of the book at `path`, or `nil` when the file is not an SQLite database at all
    /// (empty, truncated, garbage).
    static func databaseHeader(of path: String) throws(BudgetError) -> BookHeader? {
        do {
            return try BookHeader.read(path)
        } catch {
            switch error {
            case .emptyDatabaseFile, .truncatedDatabase, .notABudgetDatabase: return nil
            default: throw error
            }
        }
    }

    /// Whether the SQLite database at `path` is a budget book: its header says so or, when the
    /// header may be stale (an application id written to a -wal not yet folded in), SQLite does.
    /// Another program's database is never switched to WAL, locked or replaced.
    static func isBudgetBook(_ path: String, header: BookHeader) -> Bool {
        if header.applicationID == Schema.applicationID { return true }
        guard let connection = try? Connection(path: path, mode: .readOnly),
              let seen = try? Schema.migrator.inspect(connection) else { return false }
        return Schema.migrator.classify(seen) != .foreign
    }

    /// `path`, or where its chain of symbolic links ends when that end does not exist yet.
    static func resolvingDanglingLinks(_ path: String) throws(BudgetError) -> String {
        var current = path
        for _ in 0..<8 {
            guard case .danglingLink(let target) = try BookFile.state(of: current) else { return current }
            current = target
        }
        throw .cannotOpenDatabase(path: path, reason: BookFile.words(for: ELOOP))
    }

    /// Keeps a consistent copy of the book `reader` reads under a new name beside `path`.
    ///
    /// - Returns: the kept copy's path.
    static func keepCopy(of reader: Connection, beside path: String) throws -> String {
        let temporary: (path: String, descriptor: Int32)
        do {
            temporary = try BookFile.temporary(beside: path)
        } catch {
            throw BudgetError.diskProblem(path: path, reason: error.message)
        }
        defer {
            close(temporary.descriptor)
            BookFile.removeTemporary(temporary.path)
        }
        do {
            let kept = try Connection(path: temporary.path)
            let copy = try PageCopy(from: reader, to: kept)
            try copy.step(pages: -1)
            try copy.finish()
        } catch where error.isDiskProblem {
            throw BudgetError.diskProblem(path: path, reason: error.message)
        }
        guard fsync(temporary.descriptor) == 0 else { throw BudgetError.diskProblem(path: path, reason: BookFile.words(for: errno)) }
        return try linkUnderFreeName(temporary.path, keptNameFor: path, removingSource: true)
    }

    /// Links `source` to the first free name `PATH.before-restore-YYYYMMDD-HHMMSS[-N]`.
    static func linkUnderFreeName(_ source: String, keptNameFor path: String, removingSource: Bool) throws -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
        let base = path + ".before-restore-" + String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for attempt in 1...1000 {
            let name = attempt == 1 ? base : base + "-\(attempt)"
            if link(source, name) == 0 {
                if removingSource { unlink(source) }
                BookFile.syncFolder(of: name)
                return name
            }
            guard errno == EEXIST else { throw BudgetError.diskProblem(path: name, reason: BookFile.words(for: errno)) }
        }
        throw BudgetError.diskProblem(path: base, reason: BookFile.words(for: EEXIST))
    }
}
