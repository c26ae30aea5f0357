/// Balances from the monthly totals (``MonthTotals``): the whole months of a scope are read
/// from `category_months` and `transfer_months` (O(categories × months × accounts), whatever the
/// number of rows), and only the days of a month begun but not ended from the rows.
extension BalanceQuery {
    /// ``flows(_:in:)`` read from the totals, or `nil` when they cannot serve the scope (a total
    /// overflowed; by month with a range that does not start and end on whole months; from a day
    /// without grouping by month), and the rows are read instead.
    static func flowsFromTotals(_ scope: Scope, in connection: Connection) throws -> [Int64: [Month?: Int128]]? {
        let last = scope.through.monthOfYear
        let throughWholeMonth = scope.through == last.lastDay
        var partial: Scope?
        let months: (from: String, before: String)
        switch (scope.byMonth, scope.from) {
        case (false, nil):
            // Every month before the day's; that month from the rows unless the day ends it.
            months = ("", throughWholeMonth ? (last.next?.description ?? "9999-99") : last.description)
            if !throughWholeMonth { partial = Scope(through: scope.through, from: last.firstDay, accountID: scope.accountID) }
        case (true, let from?) where from.monthOfYear.firstDay == from && throughWholeMonth:
            months = (from.monthOfYear.description, last.next?.description ?? "9999-99")
        default:
            return nil
        }
        guard try !MonthTotals.hasOverflow(in: connection) else { return nil }
        var flows = try partial.map { try BalanceQuery.flows($0, in: connection) } ?? [:]
        func add(_ account: Int64, _ month: Month?, _ amount: Int128) {
            flows[account, default: [:]][month, default: 0] += amount
        }
        var kinds: [Int64: BudgetCategory.Kind] = [:]
        try connection.cached("SELECT id, kind FROM categories").forEachRow {
            kinds[$0.int64(0)] = BudgetCategory.Kind(rawValue: $0.text(1)) ?? .expense
        }
        let month = scope.byMonth ? "month" : "NULL"
        let values: [SQLiteValue] = [.text(months.from), .text(months.before), scope.accountID.sqliteValue]
        func monthKey(_ row: Row) -> Month? { row.isNull(FlowColumn.month) ? nil : Month(iso: row.text(FlowColumn.month)) }
        try connection.cached("""
            SELECT account_id, category_id, \(month), sum(amount_sum) FROM category_months
            WHERE month >= ?1 AND month < ?2 AND (?3 IS NULL OR account_id = ?3) GROUP BY 1, 2, 3
            """).forEachRow(values) { row in
            let total = Int128(row.int64(FlowColumn.total))
            add(row.int64(FlowColumn.account), monthKey(row), kinds[row.int64(FlowColumn.other)] == .income ? total : -total)
        }
        try connection.cached("""
            SELECT account_id, transfer_account_id, \(month), sum(amount_sum) FROM transfer_months
            WHERE month >= ?1 AND month < ?2 AND (?3 IS NULL OR account_id = ?3 OR transfer_account_id = ?3) GROUP BY 1, 2, 3
            """).forEachRow(values) { row in
            let total = Int128(row.int64(FlowColumn.total))
            add(row.int64(FlowColumn.account), monthKey(row), -total)
            add(row.int64(FlowColumn.other), monthKey(row), total)
        }
        return flows
    }
}
