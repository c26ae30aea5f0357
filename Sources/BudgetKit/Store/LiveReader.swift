/// The database as one live result sees it: a connection of its own, reading inside snapshots
/// the live result opens and ends (``LiveSource``).
///
/// A live list keeps its snapshot open between syncs, so the rows it loads later come from the
/// same database state as the keys it holds, whatever other connections commit meanwhile. That
/// needs a connection of its own: a connection has one read transaction at a time, and the
/// store's must stay free for writes. In WAL mode (every writable book) an open read transaction
/// blocks no writer; it only keeps checkpoints from going past it, until the next snapshot.
///
/// Errors come out as ``BudgetError``, as from the store.
///
/// Not thread-safe: it belongs to its live result.
final class LiveReader: LiveSource {
    private let connection: Connection
    private let path: String
    /// The store's file: every snapshot first checks that `path` still names it.
    private let file: OpenFiles.Identity?
    let canHoldSnapshot: Bool
    private(set) var holdsSnapshot = false

    /// Opens a connection to the book at `path`, for reading only.
    ///
    /// - Parameter file: the file the store opened at `path` (`nil`: not checked).
    /// - Throws: ``BudgetError/bookReplaced(path:)`` when `path` no longer names `file`;
    ///   ``BudgetError`` when the file cannot be opened.
    init(path: String, file: OpenFiles.Identity?) throws {
        self.path = path
        self.file = file
        try LiveReader.check(path, names: file)
        do {
            connection = try Connection(path: path)
            try connection.registerCaseFoldFunction()
            try connection.execute("PRAGMA query_only = 1")
            canHoldSnapshot = try connection.cached("PRAGMA journal_mode").first { $0.text(0) } == "wal"
        } catch {
            throw BudgetStore.translate(error, path: path)
        }
    }

    deinit {
        endSnapshot()
    }

    /// Throws ``BudgetError/bookReplaced(path:)`` when `path` no longer names `file` (nor its
    /// own connection's file): the book was deleted, or another file took its place. Its rows
    /// would then be another book's, or a mix of two (SQLite opens the -wal by path).
    private static func check(_ path: String, names file: OpenFiles.Identity?, connection: Connection? = nil) throws {
        guard let file else { return }
        if OpenFiles.Identity(path: path) != file || (connection.map { $0.file != nil && $0.file != file } ?? false) {
            throw BudgetError.bookReplaced(path: path)
        }
    }

    /// Runs `body`, translating SQLite's errors for the user.
    private func reading<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw BudgetStore.translate(error, path: path)
        }
    }

    // MARK: - Snapshots

    func beginSnapshot() throws {
        endSnapshot()
        try LiveReader.check(path, names: file, connection: connection)
        try reading {
            try connection.execute("BEGIN")
            holdsSnapshot = true
            // BEGIN is deferred: the snapshot is taken by the first read, so read now.
            _ = try ChangeTracker.highWater(in: connection)
        }
    }

    func endSnapshot() {
        holdsSnapshot = false
        // Ending a read transaction cannot lose anything; ROLLBACK never fails for one.
        if connection.isInTransaction { try? connection.execute("ROLLBACK") }
    }

    // MARK: - The change log

    func changeSequence() throws -> Int64 {
        try reading { try ChangeTracker.highWater(in: connection) }
    }

    func changes(after sequence: Int64) throws -> LoggedChanges? {
        try reading { try ChangeTracker.changes(after: sequence, in: connection) }
    }

    // MARK: - Transactions

    func query(for request: TransactionRequest, categoryID: Int64?, accountID: Int64?, matchesNothing: Bool) -> LiveQuery {
        LiveQuery(request: request, categoryID: categoryID, accountID: accountID, matchesNothing: matchesNothing)
    }

    func highestTransactionID() throws -> Int64 {
        try reading { try connection.int64("SELECT max(id) FROM transactions") ?? 0 }
    }

    func hasTransactions(inCategory id: Int64) throws -> Bool {
        try reading {
            try connection.int64("""
                SELECT 1 FROM transactions WHERE category_id = ?1 UNION ALL SELECT 1 FROM transaction_splits WHERE category_id = ?1 LIMIT 1
                """, [.integer(id)]) != nil
        }
    }

    func keyCount(_ query: LiveQuery) throws -> Int {
        try reading { Int(try connection.int64(query.count, query.filterValues) ?? 0) }
    }

    func forEachKey(_ query: LiveQuery, limit: Int, fromTheEnd: Bool, _ body: (SortColumns) -> Void) throws {
        try reading {
            let statement = try connection.prepare(fromTheEnd ? query.keysFromTheEnd : query.keys)
            if query.keysAreOrdered {
                // Id and date only, parsed straight from SQLite's bytes: a million rows a second.
                try statement.forEachRow(query.filterValues, limit: limit) { row in
                    let (days, month) = row.isoDayNumbers(KeyColumn.date)
                    body(SortColumns(id: row.int64(KeyColumn.id), days: days, month: month, amount: 0, categoryID: 0, foldedPayee: nil))
                }
                return
            }
            try statement.forEachRow(query.filterValues, limit: limit) { row in
                let day = row.isoDay(KeyColumn.date)
                body(SortColumns(id: row.int64(KeyColumn.id), days: Int64(day.ordinal), month: Int64(day.year * 12 + day.month - 1),
                                 amount: row.int64(KeyColumn.amount), categoryID: row.int64(KeyColumn.categoryID),
                                 foldedPayee: query.foldsPayee ? row.text(KeyColumn.foldedPayee) : nil))
            }
        }
    }

    func rows(ids: ArraySlice<Int64>, query: LiveQuery, matchingFilter: Bool) throws -> [LiveRow] {
        try reading { try LiveReader.rows(ids: ids, query: query, matchingFilter: matchingFilter, in: connection) }
    }

    /// The rows with these ids (with `matchingFilter`, those the query's filter matches) read
    /// through `connection`: a live list's own, or (to see the newest commit without leaving
    /// its snapshot) its store's. Errors are SQLite's.
    static func rows(ids: ArraySlice<Int64>, query: LiveQuery, matchingFilter: Bool, in connection: Connection) throws -> [LiveRow] {
        let statement = try connection.cached(matchingFilter ? query.matchingRowsByID : query.rowsByID)
        var rows: [LiveRow] = []
        rows.reserveCapacity(ids.count)
        var start = ids.startIndex
        while start < ids.endIndex {
            let end = Swift.min(ids.endIndex, start + LiveQuery.batch)
            let values = LiveQuery.bound(ids[start..<end]) + (matchingFilter ? query.filterValues : [])
            try statement.forEachRow(values) { rows.append(try liveRow($0, query: query, in: connection)) }
            start = end
        }
        return rows
    }

    func rows(inCategory id: Int64, query: LiveQuery) throws -> [LiveRow] {
        try reading {
            try connection.cached(query.matchingRowsInCategory).map([.integer(id)] + query.filterValues) { try liveRow($0, query: query) }
        }
    }

    func rows(inRange range: ClosedRange<Int64>, query: LiveQuery) throws -> [LiveRow] {
        try reading {
            try connection.cached(query.matchingRowsInRange)
                .map([.integer(range.lowerBound), .integer(range.upperBound)] + query.filterValues) { try liveRow($0, query: query) }
        }
    }

    /// One row of a rows query, with what its key needs.
    private func liveRow(_ row: Row, query: LiveQuery) throws -> LiveRow {
        try LiveReader.liveRow(row, query: query, in: connection)
    }

    private static func liveRow(_ row: Row, query: LiveQuery, in connection: Connection) throws -> LiveRow {
        LiveRow(transaction: try TransactionQuery.transaction(from: row, in: connection),
                categoryID: row.int64(TransactionQuery.Column.categoryID),
                foldedPayee: query.foldsPayee ? row.text(TransactionQuery.Column.foldedPayee) : nil)
    }

    func ids(inAccount id: Int64, query: LiveQuery) throws -> [Int64] {
        try reading {
            try connection.cached(query.matchingIDsInAccount).map([.integer(id)] + query.filterValues) { $0.int64(0) }
        }
    }

    // MARK: - Accounts

    func accountID(named name: String) throws -> Int64 {
        let trimmed = name.trimmingSpaces()
        let id = try reading {
            try connection.int64("""
                SELECT id FROM accounts WHERE name = ?1 OR name_key = ?2 OR number_key = ?3
                ORDER BY name = ?1 DESC, name_key = ?2 DESC LIMIT 1
                """, [.text(trimmed), .text(Account.nameKey(trimmed)), .text(Account.numberKey(trimmed))])
        }
        guard let id else { throw BudgetError.unknownAccount(name) }
        return id
    }

    func accountBalances(on day: Day, includingClosed: Bool) throws -> [AccountBalance] {
        try reading { try BalanceQuery.accountBalances(on: day, includingClosed: includingClosed, in: connection) }
    }

    // MARK: - Categories

    func categoryNames() throws -> [Int64: CategoryName] {
        try reading {
            var table: [Int64: CategoryName] = [:]
            try connection.cached("SELECT \(BudgetStore.CategoryRow.columns) FROM categories").forEachRow {
                let category = BudgetStore.CategoryRow($0)
                table[category.id] = CategoryName(name: category.name, key: category.key)
            }
            return table
        }
    }

    func categoryID(named name: String) throws -> Int64 {
        let key = BudgetCategory.nameKey(name.trimmingSpaces())
        let id = try reading { try connection.int64("SELECT id FROM categories WHERE name_key = ?", [.text(key)]) }
        guard let id else { throw BudgetError.unknownCategory(name) }
        return id
    }

    func categories(in month: Month) throws -> [KeyedCategory] {
        try reading {
            let histories = try BudgetRows.histories(in: connection)
            return try connection.cached("SELECT \(BudgetStore.CategoryRow.columns) FROM categories ORDER BY name_key, id").map { row in
                let category = BudgetStore.CategoryRow(row)
                return KeyedCategory(category: BudgetCategory(id: category.id, name: category.name, kind: category.kind,
                                                              monthlyBudget: histories[category.id, default: []].budget(in: month) ?? .zero,
                                                              rollover: category.rollover),
                                     key: category.key)
            }
        }
    }
}

extension BudgetStore {
    /// A reader of the book with a connection of its own, for one live result.
    ///
    /// - Throws: ``BudgetError/bookReplaced(path:)`` when the path no longer names the store's
    ///   file; ``BudgetError`` when the file cannot be opened.
    func makeLiveReader() throws -> LiveReader {
        try LiveReader(path: path, file: connection.file)
    }
}

@available(*, unavailable)
extension LiveReader: Sendable {}
