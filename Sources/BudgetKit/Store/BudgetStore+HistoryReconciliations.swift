extension BudgetStore {
    /// A reconciliation made since a history entry, with what its account's transactions added
    /// up to by its statement day (opening balance aside: ``reconciledOpenings(before:entryMilliseconds:)``
    /// watches that): what an undo or a redo of the entry must not change quietly.
    struct ReconciledFlow {
        let reconciliationID: Int64
        let accountID: Int64
        let statementDate: Day
        let flow: Int128
    }

    /// Every reconciliation made since the entry written at `entryMilliseconds` (not only each
    /// account's latest: `edit` refuses any change dated on or before the latest statement day,
    /// so a move within the period that an older reconciliation splits is refused too), with its
    /// account's flow up to its statement day, read from the rows (the monthly totals lag while
    /// an undo's triggers are off). `made_at` is to the second: one made in the entry's second
    /// counts as made since.
    ///
    /// - Complexity: one aggregate over the account's rows per reconciliation made since the
    ///   entry, each from the statement day before it (SQLite may still walk the account's index
    ///   whole: about 0.1 s a reconciliation at 300,000 rows in a debug build); none when no
    ///   reconciliation was made since, as for undoing the newest write.
    func reconciledFlows(madeSince entryMilliseconds: Int64) throws -> [ReconciledFlow] {
        enum Column: Int32, SelectedColumns { case account, id, date }
        var made: [(account: Int64, id: Int64, date: Day)] = []
        try connection.prepare("""
            SELECT r.account_id, r.id, r.statement_date FROM reconciliations AS r
            WHERE CAST(strftime('%s', r.made_at) AS INTEGER) * 1000 + 1000 > ?
            ORDER BY r.account_id, r.statement_date, r.id
            """).forEachRow([.integer(entryMilliseconds)]) {
            made.append((account: $0.int64(Column.account), id: $0.int64(Column.id), date: $0.day(Column.date)))
        }
        let flows = try self.flows(through: made.map { (account: $0.account, day: $0.date) })
        return zip(made, flows).map { reconciliation, flow in
            ReconciledFlow(reconciliationID: reconciliation.id, accountID: reconciliation.account, statementDate: reconciliation.date,
                           flow: flow)
        }
    }

    /// What each account's transactions add up to by the end of its day, read from the rows;
    /// `ends` is in order by account then day: a day's flow is the one before it plus the days
    /// between them.
    private func flows(through ends: [(account: Int64, day: Day)]) throws -> [Int128] {
        var flows: [Int128] = []
        var previous: (account: Int64, day: Day, flow: Int128)?
        for end in ends {
            // A scope with a first day never reads the monthly totals.
            let from = previous.flatMap { $0.account == end.account ? $0.day.adding(days: 1) : nil } ?? .first
            let base = previous.flatMap { $0.account == end.account ? $0.flow : nil } ?? 0
            let scope = BalanceQuery.Scope(through: end.day, from: from, accountID: end.account)
            let flow = base + (from <= end.day ? try BalanceQuery.flows(scope, in: connection)[end.account]?[nil] ?? 0 : 0)
            flows.append(flow)
            previous = (end.account, end.day, flow)
        }
        return flows
    }

    /// The reconciliations whose vouched-for balance an undo or redo just changed through the
    /// transactions (a deleted row put back, a row moved into the period again, or across an
    /// older statement day), as conflicts: `add`, `edit` and `delete` refuse that change unless
    /// forced, so reversing an entry must not make it quietly (undo the reconciliation first).
    /// `before` is ``reconciledFlows(madeSince:)`` read before the change: a reconciliation older
    /// than the entry is not one, the entry was the change made after it (forced), and reversing
    /// it goes back to what it reconciled.
    func reconciledFlowChanges(before: [ReconciledFlow]) throws -> [HistoryConflict] {
        var conflicts: [HistoryConflict] = []
        let after = try flows(through: before.map { (account: $0.accountID, day: $0.statementDate) })
        for (old, flow) in zip(before, after) where flow != old.flow {
            guard try connection.int64("SELECT id FROM reconciliations WHERE id = ?", [.integer(old.reconciliationID)]) != nil else { continue }
            conflicts.append(HistoryConflict(kind: .reconciled, table: "reconciliations",
                                             key: [HistoryField(column: "id", before: nil, after: .integer(old.reconciliationID))],
                                             fields: [HistoryField(column: "statement_date", before: nil,
                                                                   after: .text(old.statementDate.description))]))
        }
        return conflicts
    }
}
