#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The budget book in one SQLite file: the one door for every write.
///
/// Commands go in as method calls; rows come out as immutable values (``BudgetCategory``,
/// ``Transaction``, reports). Every write runs in one `BEGIN IMMEDIATE` transaction, so concurrent
/// `budget` processes queue up (busy timeout) instead of failing or losing rows, and a failed
/// command leaves nothing half-written.
///
/// ```swift
/// let store = try BudgetStore(path: "/tmp/budget.sqlite3")
/// try store.addCategory(named: "Food", monthlyBudget: Money(parsing: "300"))
/// let lunch = try store.addTransaction(amount: Money(parsing: "12.50"), category: "Food", payee: "Lunch")
/// ```
///
/// Not thread-safe: a store belongs to one thread (or one serial owner) at a time. Open one
/// store per thread; SQLite coordinates them like separate processes.
public final class BudgetStore {
    /// The database file.
    public let path: String
    let connection: Connection
    /// The change log: pruned and paused by writes, read by live results, which it tells about
    /// every commit.
    let changeTracker: ChangeTracker

    /// Opens the book at `path`, creating the file (mode 0600) and its folders (mode 0700) when
    /// missing, and bringing an older schema up to date.
    ///
    /// - Throws: ``BudgetError`` when the path is a directory or cannot be opened, the file is not
    ///   a budget database, is damaged, or was written by a newer version of `budget`.
    public init(path: String) throws {
        self.path = path
        try BudgetStore.prepareFile(at: path)
        do {
            connection = try Connection(path: path)
        } catch {
            throw BudgetStore.translate(error, path: path)
        }
        changeTracker = ChangeTracker(connection: connection, path: path)
        do {
            try configure()
        } catch {
            throw BudgetStore.translate(error, path: path)
        }
    }

    private func configure() throws {
        try connection.execute("PRAGMA foreign_keys = ON")
        try connection.registerCaseFoldFunction()
        let outcome = try Schema.migrator.migrate(connection)
        switch outcome {
        case .foreign: throw BudgetError.notABudgetDatabase(path: path)
        case .newer(let version):
            throw BudgetError.newerDatabase(path: path, version: version, supported: Schema.migrator.latestVersion)
        case .current, .migrated: break
        }
        if !connection.isReadOnly {
            // WAL lets readers (a `watch`) go on while a writer commits. Setting it on a file
            // that is already WAL costs one statement; a read-only file keeps its mode.
            do {
                try connection.execute("PRAGMA journal_mode = WAL")
            } catch {
                // Another process holds the file, or it cannot be written: reads still work.
                guard error.isReadOnly || error.isBusy else { throw error }
            }
        }
        try connection.execute("PRAGMA synchronous = NORMAL")
    }

    /// Creates missing parent folders (0700) and the file itself (0600) before SQLite opens it,
    /// so the book is readable by its owner only (SQLite gives -wal and -shm files the same mode).
    static func prepareFile(at path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw BudgetError.cannotOpenDatabase(path: path, reason: "it is a directory")
            }
            if access(path, R_OK) != 0 {
                throw BudgetError.cannotOpenDatabase(path: path, reason: String(cString: strerror(errno)).lowercased())
            }
            return
        }
        try makeDirectories(for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw BudgetError.cannotOpenDatabase(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
    }

    /// `mkdir -p` of the folder holding `path`, each new folder with mode 0700.
    static func makeDirectories(for path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = String(path[..<slash])
        var info = stat()
        if stat(folder, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFDIR {
                throw BudgetError.cannotOpenDatabase(path: path, reason: "\(folder) is not a directory")
            }
            return
        }
        try makeDirectories(for: folder)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw BudgetError.cannotOpenDatabase(path: path, reason: "cannot create \(folder): " + String(cString: strerror(errno)).lowercased())
        }
    }

    /// Turns SQLite's codes into the domain errors a user can act on.
    static func translate(_ error: any Error, path: String) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        if error.isNotADatabase { return BudgetError.notABudgetDatabase(path: path) }
        if error.isCorrupt { return BudgetError.corruptDatabase(path: path) }
        if error.isReadOnly { return BudgetError.readOnlyDatabase(path: path) }
        if error.isBusy { return BudgetError.databaseBusy(path: path) }
        if error.isCannotOpen { return BudgetError.cannotOpenDatabase(path: path, reason: error.message) }
        if error.isDiskProblem { return BudgetError.diskProblem(path: path, reason: error.message) }
        if error.message == "integer overflow" { return BudgetError.totalTooLarge }
        return BudgetError.database(error)
    }

    /// Runs `body` and translates SQLite errors for the user.
    func reading<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw BudgetStore.translate(error, path: path)
        }
    }

    /// Runs `body` in one write transaction (the change tracker resumes a paused log and prunes
    /// it on the way); after the commit, tells this process's live results.
    func writing<T>(_ body: () throws -> T) throws -> T {
        let result: T
        do {
            result = try connection.inTransaction {
                let result = try body()
                try changeTracker.willCommit()
                return result
            }
        } catch {
            changeTracker.didRollBack()
            throw BudgetStore.translate(error, path: path)
        }
        changeTracker.didCommit()
        return result
    }

    /// Writes a consistent copy of the whole book to a new file at `path` (mode 0600), while
    /// other processes may go on writing. Never overwrites an existing file, even an empty one.
    ///
    /// - Throws: ``BudgetError/backupExists(path:)`` or ``BudgetError/cannotWriteBackup(path:reason:)``.
    public func backup(to path: String) throws {
        // O_EXCL: never an existing file (nor one made meanwhile); O_NOFOLLOW: never through a link.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST || errno == ELOOP { throw BudgetError.backupExists(path: path) }
            throw BudgetError.cannotWriteBackup(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        close(descriptor)
        do {
            try connection.vacuum(into: path)
        } catch {
            unlink(path)   // the empty file this call created
            throw BudgetError.cannotWriteBackup(path: path, reason: error.message)
        }
    }
}

@available(*, unavailable)
extension BudgetStore: Sendable {}
