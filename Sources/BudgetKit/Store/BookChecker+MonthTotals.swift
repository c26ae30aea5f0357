extension BookChecker {
    /// Each month whose totals (``MonthTotals``) differ from a sum over its rows, once per table
    /// and month; nothing for a book older than the totals (schema 7 and before).
    ///
    /// Complexity: reads every row once and sorts their keys.
    func monthTotals() throws {
        for table in [MonthTotals.categoryMonths, MonthTotals.transferMonths] {
            guard try connection.int64("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(table.name)]) == 1 else {
                continue
            }
            try connection.prepare(MonthTotals.differingMonthsSQL(table)).forEachRow { row in
                report(.monthTotalDiffers(table: table.name, month: row.text(0)))
            }
        }
    }
}

extension MonthTotals {
    /// The months (sorted, distinct) where `table` and a sum over the rows differ: a key in one
    /// and not the other, or another sum, count or overflow flag (a flagged sum's value aside).
    static func differingMonthsSQL(_ table: Table) -> String {
        let key = table.key.joined(separator: ", ")
        let stored = "SELECT \(key), CASE WHEN overflowed <> 0 THEN NULL ELSE amount_sum END, row_count, overflowed <> 0 FROM \(table.name)"
        let computed = "SELECT \(key), CASE WHEN overflowed <> 0 THEN NULL ELSE total END, count, overflowed <> 0 FROM (\(recomputedSQL(table)))"
        return """
            SELECT month FROM (\(stored) EXCEPT \(computed))
            UNION SELECT month FROM (\(computed) EXCEPT \(stored))
            ORDER BY 1
            """
    }
}

extension BudgetStore {
    /// Computes the monthly totals (``MonthTotals``) again from every row: what `check` reports
    /// as ``BookProblem/monthTotalDiffers(table:month:)`` is then gone. No history entry (the
    /// totals are derived, never recorded).
    ///
    /// - Throws: a database error; the book is then unchanged.
    /// - Complexity: O(rows), a sort of their keys.
    public func rebuildMonthTotals() throws {
        try writing { try MonthTotals.rebuild(in: connection) }
    }

    /// Deletes the parts of splits whose transaction is gone
    /// (``BookProblem/partsOfMissingTransaction(transactionID:parts:)``), as SQLite would have
    /// with foreign keys on when the sqlite3 shell deleted the transaction, then computes the
    /// monthly totals again from the rows. No history entry: the deletion it finishes left none
    /// either, so an undo or a sync never sees half of it.
    ///
    /// - Returns: how many parts were deleted.
    /// - Throws: a database error; the book is then unchanged.
    @discardableResult
    public func removePartsOfMissingTransactions() throws -> Int {
        let recorded = recordsHistory
        recordsHistory = false
        defer { recordsHistory = recorded }
        return try writing {
            try connection.run("""
                DELETE FROM transaction_splits AS s WHERE NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.id = s.transaction_id)
                """)
            let removed = connection.changes
            try MonthTotals.rebuild(in: connection)
            return removed
        }
    }
}
