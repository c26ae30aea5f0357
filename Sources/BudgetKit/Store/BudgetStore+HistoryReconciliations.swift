extension BudgetStore {
    /// An account's latest reconciliation, with what its transactions added up to by its
    /// statement day (opening balance aside: ``reconciledOpenings(before:entryMilliseconds:)``
    /// watches that): what an undo or a redo must not change quietly.
    struct ReconciledFlow {
        let reconciliationID: Int64
        let statementDate: Day
        /// When it was made, in milliseconds since 1970 (to the second).
        let madeMilliseconds: Int64
        let flow: Int128
    }

    /// Every account's latest reconciliation and its transactions' flow up to its statement
    /// day, by account id, read from the rows (the monthly totals lag while an undo's triggers
    /// are off).
    ///
    /// - Complexity: one pass over each reconciled account's rows up to its statement day.
    func reconciledFlows() throws -> [Int64: ReconciledFlow] {
        enum Column: Int32, SelectedColumns { case account, id, date, made }
        var latest: [(account: Int64, id: Int64, date: Day, made: Int64)] = []
        try connection.prepare("""
            SELECT r.account_id, r.id, r.statement_date, CAST(strftime('%s', r.made_at) AS INTEGER) * 1000 FROM reconciliations AS r
            WHERE r.id = (SELECT l.id FROM reconciliations AS l WHERE l.account_id = r.account_id
                          ORDER BY l.statement_date DESC, l.id DESC LIMIT 1)
            """).forEachRow {
            latest.append((account: $0.int64(Column.account), id: $0.int64(Column.id), date: $0.day(Column.date), made: $0.int64(Column.made)))
        }
        var flows: [Int64: ReconciledFlow] = [:]
        for reconciliation in latest {
            // A scope with a first day never reads the monthly totals.
            let scope = BalanceQuery.Scope(through: reconciliation.date, from: .first, accountID: reconciliation.account)
            let flow = try BalanceQuery.flows(scope, in: connection)[reconciliation.account]?[nil] ?? 0
            flows[reconciliation.account] = ReconciledFlow(reconciliationID: reconciliation.id, statementDate: reconciliation.date,
                                                           madeMilliseconds: reconciliation.made, flow: flow)
        }
        return flows
    }

    /// The reconciliations whose vouched-for balance an undo or redo just changed through the
    /// transactions (a deleted row put back, a row moved into the period again), as conflicts:
    /// `add`, `edit` and `delete` refuse that change unless forced, so reversing an entry must
    /// not make it quietly (undo the reconciliation first). A reconciliation older than the entry
    /// is not one: the entry was the change made after it (forced), and reversing it goes back
    /// to what it reconciled.
    func reconciledFlowChanges(before: [Int64: ReconciledFlow], entryMilliseconds: Int64) throws -> [HistoryConflict] {
        let after = try reconciledFlows()
        var conflicts: [HistoryConflict] = []
        for (account, old) in before.sorted(by: { $0.key < $1.key }) {
            guard let now = after[account], now.reconciliationID == old.reconciliationID, now.flow != old.flow,
                  old.madeMilliseconds + 1000 > entryMilliseconds else { continue }
            conflicts.append(HistoryConflict(kind: .reconciled, table: "reconciliations",
                                             key: [HistoryField(column: "id", before: nil, after: .integer(old.reconciliationID))],
                                             fields: [HistoryField(column: "statement_date", before: nil,
                                                                   after: .text(old.statementDate.description))]))
        }
        return conflicts
    }
}
