/// Change tracking for one store: the one home of the change log.
///
/// Triggers (``schemaVersion3``) append the id of every changed transaction, category and budget
/// to `change_log`, whoever writes: a `budget` process, a library user, the sqlite3 shell. This
/// type owns everything else about that log:
///
/// - the writer's side, inside the store's write transaction: ``pause()`` and ``resume(reload:)``
///   for bulk writes (one `reload` entry instead of a million row entries, or, for rows added
///   above every id, one `transaction_range` entry: ``logTransactions(above:)``), and pruning
///   (``willCommit()``);
/// - the reader's side: ``highWater(in:)`` and ``changes(after:in:)``, which live results call on
///   their own connections, inside their snapshots (see `ChangeTracker+Log.swift`);
/// - telling this process's live results after a commit: through the store
///   (``didCommit()``) or seen by a ``DatabaseWatcher`` (``notifyObservers()``).
///
/// Pruning: after a write, when the log spans more than ``kept`` + ``pruneMargin`` entries, the
/// entries older than the newest ``kept`` are dropped. A write therefore costs one cheap read,
/// and one DELETE every ``pruneMargin`` entries or so, instead of a DELETE every time. A reader
/// that fell behind the pruned range fetches again.
///
/// Not thread-safe: it belongs to its store.
final class ChangeTracker {
    /// How many of the newest entries pruning keeps.
    static let kept: Int64 = 10_000
    /// How far past ``kept`` the log may grow before it is pruned back to ``kept``.
    static let pruneMargin: Int64 = 1_000

    /// The store's connection: writes go through it, inside the store's transactions.
    private let connection: Connection
    /// The database file, for error messages.
    private let path: String
    private var observers: [ObjectIdentifier: () -> Void] = [:]
    /// Whether this connection paused the log in the open write transaction.
    private(set) var isPaused = false

    init(connection: Connection, path: String) {
        self.connection = connection
        self.path = path
    }

    // MARK: - Writing (inside the store's write transaction)

    /// Stops logging row by row until ``resume(reload:)`` or the end of the write transaction,
    /// which then logs one `reload` entry: readers fetch again instead of reading a million
    /// entries. Call it inside a write transaction; calling it twice is harmless.
    ///
    /// - Throws: a database error.
    func pause() throws {
        guard !isPaused else { return }
        try connection.run("INSERT OR IGNORE INTO change_log_pause (paused) VALUES (1)")
        isPaused = true
    }

    /// Logs row by row again; with `reload`, first logs one `reload` entry covering every write
    /// made while paused. Does nothing when not paused.
    ///
    /// - Throws: a database error.
    func resume(reload: Bool = true) throws {
        guard isPaused else { return }
        if reload { try connection.run("INSERT INTO change_log (entity, row_id) VALUES ('reload', NULL)") }
        try connection.run("DELETE FROM change_log_pause")
        isPaused = false
    }

    /// Logs one `transaction_range` entry covering every transaction with an id above `maxID`
    /// (schema version 12, ``schemaVersion12Ranges``): what a write that paused the log while it
    /// added those rows, and changed no other logged row, leaves instead of a `reload`, so live
    /// lists insert the new rows rather than fetching everything again. Nothing when no row is
    /// above `maxID`. Call it inside the write transaction, then ``resume(reload:)`` with
    /// `reload: false`.
    ///
    /// - Throws: a database error.
    func logTransactions(above maxID: Int64) throws {
        try connection.run("""
            INSERT INTO change_log (entity, row_id, last_row_id)
            SELECT 'transaction_range', ?1 + 1, last FROM (SELECT max(id) AS last FROM transactions WHERE id > ?1) WHERE last IS NOT NULL
            """, [.integer(maxID)])
    }

    /// What the store's write transaction does last: resumes a paused log (with a reload entry)
    /// and prunes when due.
    ///
    /// - Throws: a database error (the write then rolls back).
    func willCommit() throws {
        try resume(reload: true)
        try pruneIfDue()
    }

    /// The write transaction rolled back, and the pause with it.
    func didRollBack() {
        isPaused = false
    }

    /// The store committed: tells this process's live results.
    func didCommit() {
        notifyObservers()
    }

    /// Drops the entries older than the newest ``kept`` once the log spans more than ``kept`` +
    /// ``pruneMargin`` entries.
    func pruneIfDue() throws {
        let span = try connection.int64("SELECT (SELECT max(seq) FROM change_log) - (SELECT min(seq) FROM change_log) + 1") ?? 0
        guard span > ChangeTracker.kept + ChangeTracker.pruneMargin else { return }
        try connection.run("DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log) - ?",
                           [.integer(ChangeTracker.kept)])
    }

    // MARK: - Observers in this process

    /// Calls `body` after every commit through the store and every commit a ``DatabaseWatcher``
    /// of the store notices, until the subscription is cancelled or released.
    func subscribe(_ body: @escaping () -> Void) -> Subscription {
        let subscription = Subscription(tracker: self)
        observers[ObjectIdentifier(subscription)] = body
        return subscription
    }

    /// One observer's registration: cancelled by ``cancel()`` or by releasing it, so a live
    /// result that goes away never hears of another commit.
    final class Subscription {
        private weak var tracker: ChangeTracker?

        fileprivate init(tracker: ChangeTracker) {
            self.tracker = tracker
        }

        /// Stops the calls; doing it twice does nothing.
        func cancel() {
            tracker?.observers[ObjectIdentifier(self)] = nil
            tracker = nil
        }

        deinit { cancel() }
    }

    /// How many observers are registered.
    var observerCount: Int { observers.count }

    /// Tells every observer that the database may have changed. Observers added or removed by
    /// an observer take effect at the next notification.
    func notifyObservers() {
        for observer in Array(observers.values) { observer() }
    }

    /// `PRAGMA data_version` of the store's connection: it changes when another connection
    /// commits (see ``DatabaseWatcher``).
    ///
    /// - Throws: ``BudgetError`` when the file cannot be read.
    func dataVersion() throws -> Int64 {
        do {
            return try connection.dataVersion()
        } catch {
            throw BudgetStore.translate(error, path: path)
        }
    }
}

@available(*, unavailable)
extension ChangeTracker: Sendable {}
