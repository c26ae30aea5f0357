/// Everything a live result reads from the database, and only that: the small interface between
/// Observation and the store. The store's implementation (`LiveReader`) reads through a
/// connection of the live result's own, inside snapshots the live result opens and ends; tests
/// wrap it to inject failures.
///
/// Every read but the snapshot calls happens inside a snapshot (``beginSnapshot()``), and all
/// the reads of one snapshot see the same database state.
protocol LiveSource: AnyObject {
    /// Whether a snapshot is open.
    var holdsSnapshot: Bool { get }
    /// Whether a snapshot may stay open between calls without blocking writers (the file is in
    /// WAL mode; in rollback-journal mode an open read transaction would stop every commit).
    var canHoldSnapshot: Bool { get }
    /// Ends the open snapshot, if any, and opens a new one on the newest committed state.
    func beginSnapshot() throws
    /// Ends the open snapshot, if any.
    func endSnapshot()

    /// The change log's high-water mark (see ``ChangeTracker/highWater(in:)``).
    func changeSequence() throws -> Int64
    /// The changes logged after `sequence` (see ``ChangeTracker/changes(after:in:)``).
    func changes(after sequence: Int64) throws -> LoggedChanges?

    /// Every category's name and unique name key, by id.
    func categoryNames() throws -> [Int64: CategoryName]
    /// The id of the category named `name`, ignoring case.
    func categoryID(named name: String) throws -> Int64
    /// Every category with its budget in `month`, ordered by name key.
    func categories(in month: Month) throws -> [KeyedCategory]

    /// The id of the account named (or numbered) `name`, ignoring case.
    func accountID(named name: String) throws -> Int64
    /// Every account (open ones only unless `includingClosed`) with its balance at the end of
    /// `day`, by name ignoring case.
    func accountBalances(on day: Day, includingClosed: Bool) throws -> [AccountBalance]

    /// The SQL for a request, with its category and account names resolved to `categoryID` and
    /// `accountID`; with `matchesNothing`, for a list whose category was deleted.
    func query(for request: TransactionRequest, categoryID: Int64?, accountID: Int64?, matchesNothing: Bool) -> LiveQuery
    /// The highest transaction id (0 for none).
    func highestTransactionID() throws -> Int64
    /// Whether any transaction (or split part) still points at this category id.
    func hasTransactions(inCategory id: Int64) throws -> Bool
    /// How many rows the query matches.
    func keyCount(_ query: LiveQuery) throws -> Int
    /// Reads the sort columns of the rows the query matches (the first `limit` of them), in the
    /// query's order when ``LiveQuery/keysAreOrdered`` (from the last row back `fromTheEnd`).
    func forEachKey(_ query: LiveQuery, limit: Int, fromTheEnd: Bool, _ body: (SortColumns) -> Void) throws
    /// The rows with these ids (those that exist; with `matchingFilter`, those the query's filter
    /// matches), in no particular order.
    func rows(ids: ArraySlice<Int64>, query: LiveQuery, matchingFilter: Bool) throws -> [LiveRow]
    /// The rows in one category (splits with a part in it included) that the query's filter
    /// matches, read by one query.
    func rows(inCategory id: Int64, query: LiveQuery) throws -> [LiveRow]
    /// The rows with an id in `range` that the query's filter matches, read by one query.
    func rows(inRange range: ClosedRange<Int64>, query: LiveQuery) throws -> [LiveRow]
    /// The ids of the rows in one account (transfers reaching it included) that the query's
    /// filter matches.
    func ids(inAccount id: Int64, query: LiveQuery) throws -> [Int64]
}

/// A category's name and its unique name key (what category order compares).
struct CategoryName: Hashable {
    let name: String
    let key: String
}

/// A category with the name key that orders it.
struct KeyedCategory: Hashable {
    let category: BudgetCategory
    let key: String
}

/// The columns of one row that a live list's order may need. Unneeded ones are zero.
struct SortColumns {
    var id: Int64
    /// The date's ``Day/ordinal``.
    var days: Int64
    /// Months since year 0 (`year * 12 + month - 1`).
    var month: Int64
    var amount: Int64
    var categoryID: Int64
    /// The case-folded payee, when the list sorts by payee.
    var foldedPayee: String?
}

/// A whole row with what its key needs beyond the ``Transaction`` value.
struct LiveRow {
    let transaction: Transaction
    let categoryID: Int64
    /// The case-folded payee, when the list sorts by payee.
    let foldedPayee: String?
}
