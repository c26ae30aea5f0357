extension BudgetStore {
    /// How many change-log entries are kept: a live list that fell further behind fetches again.
    static let changeLogKept: Int64 = 10_000

    /// What the change log says happened past a sequence number.
    struct LoggedChanges {
        var transactionIDs: Set<Int64> = []
        var categoryIDs: Set<Int64> = []
        /// A bulk write asked for a reload, or entries were pruned before they were read.
        var needsReload = false
        /// The sequence number the reader is current with after reading these.
        var sequence: Int64 = 0
    }

    /// The highest sequence number ever given to a change-log entry (0 for none).
    func changeLogHighWater() throws -> Int64 {
        try connection.int64("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0
    }

    /// The changes logged after `sequence`, or `nil` when there are none. Call it inside a read
    /// transaction, with the reads that follow it, so they all see one snapshot.
    ///
    /// Sequence numbers are consecutive (AUTOINCREMENT, and a rolled-back write gives its numbers
    /// back), so a missing number means pruned entries: the reader fell behind and must reload.
    /// A high-water mark below `sequence` means the file was replaced (a restored backup).
    func loggedChanges(after sequence: Int64) throws -> LoggedChanges? {
        let high = try changeLogHighWater()
        if high == sequence { return nil }
        var changes = LoggedChanges(sequence: high)
        if high < sequence {
            changes.needsReload = true
            return changes
        }
        var expected = sequence + 1
        try connection.cached("SELECT seq, entity, row_id FROM change_log WHERE seq > ? ORDER BY seq")
            .forEachRow([.integer(sequence)]) { row in
                if row.int64(0) != expected { changes.needsReload = true }
                expected = row.int64(0) + 1
                switch row.text(1) {
                case "transaction": changes.transactionIDs.insert(row.int64(2))
                case "category": changes.categoryIDs.insert(row.int64(2))
                default: changes.needsReload = true
                }
            }
        if expected != high + 1 { changes.needsReload = true }
        return changes
    }

    /// Drops change-log entries older than the newest ``changeLogKept``: one indexed DELETE per
    /// write, run inside the write's transaction, that usually removes as many entries as the
    /// write added.
    func pruneChangeLog() throws {
        try connection.run("DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log) - ?",
                           [.integer(BudgetStore.changeLogKept)])
    }

    /// Every category's name and unique name key, by id.
    func categoryTable() throws -> [Int64: KeyOrder.Category] {
        var table: [Int64: KeyOrder.Category] = [:]
        try connection.cached("SELECT id, name, name_key FROM categories").forEachRow {
            table[$0.int64(0)] = KeyOrder.Category(name: $0.text(1), key: $0.text(2))
        }
        return table
    }

    /// Tells this store's live lists that the database may have changed (after a commit here,
    /// or when a watcher saw another connection's).
    func notifyCommitObservers() {
        for observer in Array(commitObservers.values) { observer() }
    }
}
