/// What the change log says happened after a sequence number: the ids of the changed rows, by
/// kind, or that the reader must fetch everything again.
struct LoggedChanges: Equatable {
    /// Transactions inserted, updated or deleted.
    var transactionIDs: Set<Int64> = []
    /// Ranges of transaction ids in which every row may have been inserted, updated or deleted
    /// (a bulk import's new rows: ``ChangeTracker/logTransactions(above:)``).
    var transactionRanges: [ClosedRange<Int64>] = []
    /// Categories inserted, updated (renamed, kind, rollover) or deleted.
    var categoryIDs: Set<Int64> = []
    /// Categories deleted (a subset of ``categoryIDs``), even when a category created later
    /// has the same id again.
    var deletedCategoryIDs: Set<Int64> = []
    /// Categories whose budget entries were inserted, updated or deleted.
    var budgetCategoryIDs: Set<Int64> = []
    /// Accounts inserted, updated (renamed, closed, made the default) or deleted.
    var accountIDs: Set<Int64> = []
    /// Accounts whose reconciliations were recorded or removed.
    var reconciledAccountIDs: Set<Int64> = []
    /// A bulk write logged a reload (a large undo, redo or sync), entries were pruned before they
    /// were read, or the file was replaced (a restored backup): the ids above are incomplete.
    var needsReload = false
    /// The sequence number the reader is current with after reading these.
    var sequence: Int64 = 0
}

extension ChangeTracker {
    /// The highest sequence number ever given to a change-log entry (0 for none).
    ///
    /// - Parameter connection: any connection to the file; call it inside the read transaction
    ///   that the reads it vouches for run in.
    static func highWater(in connection: Connection) throws -> Int64 {
        try connection.int64("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0
    }

    /// The changes logged after `sequence`, or `nil` when there are none. Call it inside a read
    /// transaction, with the reads that follow it, so they all see one snapshot.
    ///
    /// Sequence numbers are consecutive (AUTOINCREMENT, and a rolled-back write gives its numbers
    /// back), so a missing number means pruned entries: the reader fell behind and must reload.
    /// A high-water mark below `sequence` means the file was replaced (a restored backup).
    ///
    /// A `*_conflict` entry names a row that a REPLACE may have deleted without firing the delete
    /// trigger (the sqlite3 shell runs without `recursive_triggers`): the row counts as changed
    /// only when it is gone from this snapshot. (A row the REPLACE put in its place, or a row an
    /// `INSERT OR IGNORE` left alone, has its own entry or none.)
    ///
    /// - Complexity: O(e) for e entries, plus one indexed lookup per conflict entry.
    static func changes(after sequence: Int64, in connection: Connection) throws -> LoggedChanges? {
        let high = try highWater(in: connection)
        if high == sequence { return nil }
        var changes = LoggedChanges(sequence: high)
        if high < sequence {
            changes.needsReload = true
            return changes
        }
        var expected = sequence + 1
        var transactionConflicts: Set<Int64> = [], categoryConflicts: Set<Int64> = []
        try connection.cached("SELECT \(LogColumn.selectList) FROM change_log WHERE seq > ? ORDER BY seq")
            .forEachRow([.integer(sequence)]) { row in
                if row.int64(LogColumn.seq) != expected { changes.needsReload = true }
                expected = row.int64(LogColumn.seq) + 1
                let id = row.int64(LogColumn.rowID)
                switch row.text(LogColumn.entity) {
                case "transaction": changes.transactionIDs.insert(id)
                case "transaction_range":
                    let last = row.int64(LogColumn.lastRowID)
                    if id <= last { changes.transactionRanges.append(id...last) }
                case "category": changes.categoryIDs.insert(id)
                case "category_delete":
                    changes.categoryIDs.insert(id)
                    changes.deletedCategoryIDs.insert(id)
                case "budget": changes.budgetCategoryIDs.insert(id)
                case "account": changes.accountIDs.insert(id)
                case "reconciliation": changes.reconciledAccountIDs.insert(id)
                case "transaction_conflict": transactionConflicts.insert(id)
                case "category_conflict": categoryConflicts.insert(id)
                default: changes.needsReload = true
                }
            }
        if expected != high + 1 { changes.needsReload = true }
        if changes.needsReload { return changes }
        for id in transactionConflicts.subtracting(changes.transactionIDs) {
            if try connection.int64("SELECT 1 FROM transactions WHERE id = ?", [.integer(id)]) == nil {
                changes.transactionIDs.insert(id)
            }
        }
        for id in categoryConflicts.subtracting(changes.deletedCategoryIDs) {
            if try connection.int64("SELECT 1 FROM categories WHERE id = ?", [.integer(id)]) == nil {
                changes.categoryIDs.insert(id)
                changes.deletedCategoryIDs.insert(id)
            }
        }
        return changes
    }
}

/// The columns of a change-log entry, as ``ChangeTracker/changes(after:in:)`` reads them.
enum LogColumn: Int32, FixedColumns {
    case seq, entity, rowID, lastRowID
    var sql: String {
        switch self {
        case .seq: "seq"
        case .entity: "entity"
        case .rowID: "row_id"
        case .lastRowID: "last_row_id"
        }
    }
}
