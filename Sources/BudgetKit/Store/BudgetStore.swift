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
    /// Whether opening may create the book.
    public enum Access: Hashable, Sendable {
        /// Open an existing book: never creates a file or folder, so a typo'd path is an error
        /// (``BudgetError/databaseNotFound(path:)``), not an empty book. A write-protected book,
        /// or one in a folder nobody can write, opens for reading; writes then fail with
        /// ``BudgetError/readOnlyDatabase(path:)``.
        case read
        /// Open the book, creating it when missing: its folders with mode 0700 and the file whole
        /// (schema and all) with mode 0600, then linked into place, so no empty or half-made file
        /// ever sits at the path. A dangling symbolic link gets its book made where it points.
        case write
    }

    /// The database file.
    public let path: String
    /// The book this store created when it opened (`.write` on a missing book), or `nil` when the
    /// book was there: what a command that then fails takes back (``NewBook/removeIfStillNew()``).
    public let created: NewBook?
    let connection: Connection
    /// The change log: pruned and paused by writes, read by live results, which it tells about
    /// every commit.
    let changeTracker: ChangeTracker
    /// The command recorded with each write's history entry, as the person typed it
    /// (`budget add 12.50 Food`); the CLI sets it from its arguments. Empty by default.
    public var command = ""
    /// Whether writes record history entries (true). Turning it off makes plain writes, with no
    /// undo and nothing to sync: the baseline `make bench` measures history's cost against.
    public var recordsHistory = true
    /// The session recording the write under way, if any (``recordedWriting(_:foreignKeysOff:known:pausingLog:_:)``).
    var writeSession: Session?
    /// The rows the write under way adds in bulk, recorded from their tables at its end (``BulkInsert``).
    var bulkInserts: [BulkInsert] = []
    /// Whether a bulk import builds the indexes of `transactions` after filing its rows: `nil`
    /// decides by size (``ImportStaging/buildsIndexesAfter()``); tests force either path.
    var buildsIndexesAfterImport: Bool?
    /// How long a sync waits for another process's sync through the same folder
    /// (``SyncFolderLock``); tests shorten it.
    var syncFolderWait: Duration = .seconds(60)
    /// The grouped write in progress (``write(_:)``), which every write joins; `nil` outside one.
    var writeGroup: WriteGroup?
    /// The reconciliations the latest write broke because it was allowed to
    /// (``ReconciledChanges/allow``): the latest one of each account whose statement balance it
    /// no longer holds (the book's balance at the end of its statement day changed), in the
    /// order met. Empty when it broke none (a date moved within one statement period) or
    /// failed; a grouped write collects them across the group.
    public internal(set) var brokenReconciliations: [Reconciliation] = []

    /// Opens the book at `path`, bringing an older schema up to date; with `.write` (the
    /// default), creates the book when it is missing.
    ///
    /// Before SQLite sees the file, the path must be a regular file holding a whole SQLite
    /// database: a directory, FIFO or device, an empty file, or one shorter than its header says,
    /// is refused and left exactly as it was.
    ///
    /// ```swift
    /// let store = try BudgetStore(path: path, access: .read)   // throws when there is no book
    /// ```
    ///
    /// - Throws: ``BudgetError``: `databaseNotFound` (`.read` only), `notARegularFile`,
    ///   `emptyDatabaseFile`, `truncatedDatabase`, `notABudgetDatabase`, `corruptDatabase`,
    ///   `unknownSchemaVersion`, `newerDatabase`, `cannotOpenDatabase` (a folder that is a file or
    ///   cannot be made, no permission), `diskProblem` (no room to create the book).
    public init(path: String, access: Access = .write) throws {
        self.path = path
        (connection, created) = try BudgetStore.openBook(at: path, access: access)
        changeTracker = ChangeTracker(connection: connection, path: path)
    }

    /// Whether ``path`` still names the file this store opened: not when the book was deleted,
    /// or another file was moved or made in its place (`rm`, `mv`; a restore keeps the file).
    /// One `stat(2)`, about a microsecond: ``DatabaseWatcher`` asks at each wake-up. Always true
    /// for a book opened read-only because nothing can write its folder (nothing can replace it).
    var isStillAtPath: Bool {
        connection.file.map { OpenFiles.Identity(path: path) == $0 } ?? true
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
    /// it on the way) that records what it changed as one history entry with ``command``;
    /// after the commit, tells this process's live results. Every write goes through here.
    /// Inside a grouped write (``write(_:)``) it joins the group's transaction instead.
    func writing<T>(_ body: () throws -> T) throws -> T {
        try recordedWriting(.command, body)
    }
}

@available(*, unavailable)
extension BudgetStore: Sendable {}
