/// The one home of balance arithmetic: what `accounts`, `reconcile`, net worth and live account
/// balances all compute.
///
/// An account's balance at the end of a day is its opening balance (once its opening day has
/// come) plus, for every transaction dated on or before that day: in an expense category
/// `-amount`, in an income category `+amount`; for a split, the same per part; for a transfer
/// `-amount` on the account it leaves and `+amount` on the one it reaches.
///
/// Three aggregates make it, each read from a covering index and grouped by SQLite, so the rows
/// themselves never reach Swift: categorized rows by (account, category), split parts by
/// (account, category), transfers by (from, to); the signs are applied to the few sums, by
/// category kind, in 128 bits. A category deleted behind budget's back counts as expense, as
/// lists show it.
enum BalanceQuery {
    /// The columns of each aggregate: the account, the category or the other account, the month
    /// (NULL unless grouped by month) and the sum.
    enum FlowColumn: Int32, SelectedColumns { case account, other, month, total }

    /// Which rows the aggregates read.
    struct Scope {
        /// Rows up to this day, included.
        var through: Day
        /// Rows from this day on (net worth within a range); `nil`: from the beginning.
        var from: Day? = nil
        /// Only rows touching this account.
        var accountID: Int64? = nil
        /// Grouped by month too.
        var byMonth = false
        /// No transaction is dated after ``through``: the categorized and transfer aggregates
        /// then skip the per-row date test (a fifth of their time over a million rows).
        var coversEveryRow = false

        /// The values bound to ``BalanceQuery/sql(_:)``'s `?1`, `?2` and `?3`.
        var values: [SQLiteValue] { [through.sqliteValue, accountID.sqliteValue, from.sqliteValue] }
    }

    /// The SQL of the three aggregates for a scope. Every statement names `?1` (through), `?2`
    /// (the account) and `?3` (from); an unused one as a constant `IS NULL`, which SQLite
    /// evaluates once, so the index seeks stay what the scope needs.
    static func sql(_ scope: Scope) -> (categorized: String, splits: String, transfers: String) {
        func month(_ date: String) -> String { scope.byMonth ? "substr(\(date), 1, 7)" : "NULL" }
        // The split parts keep their test: their dates are checked equal to their parents' only by `check`.
        func dates(_ date: String, skippable: Bool = false) -> String {
            (skippable && scope.coversEveryRow ? "?1 IS NOT NULL" : "\(date) <= ?1") + (scope.from == nil ? " AND ?3 IS NULL" : " AND \(date) >= ?3")
        }
        func account(_ condition: String) -> String { scope.accountID == nil ? " AND ?2 IS NULL" : " AND \(condition)" }
        // CROSS JOIN keeps the parts outside: a book's statistics taken while it had no split
        // made SQLite scan every transaction for parts instead (a third of the time).
        // Grouping by the constant month too would make SQLite sort every row in a temporary
        // B-tree (4x slower over a million rows); by (account, category) alone it streams the
        // covering index, which is in that order.
        let group = scope.byMonth ? "GROUP BY 1, 2, 3" : "GROUP BY 1, 2"
        let categorized = """
            SELECT account_id, category_id, \(month("date")), sum(amount) FROM transactions
            WHERE category_id IS NOT NULL AND \(dates("date", skippable: true))\(account("account_id = ?2"))
            \(group)
            """
        let splits = """
            SELECT t.account_id, s.category_id, \(month("s.date")), sum(s.amount)
            FROM transaction_splits AS s CROSS JOIN transactions AS t ON t.id = s.transaction_id
            WHERE \(dates("s.date"))\(account("t.account_id = ?2"))
            \(group)
            """
        let transfers = """
            SELECT account_id, transfer_account_id, \(month("date")), sum(amount) FROM transactions
            WHERE transfer_account_id IS NOT NULL AND \(dates("date", skippable: true))\(account("(account_id = ?2 OR transfer_account_id = ?2)"))
            \(group)
            """
        return (categorized, splits, transfers)
    }

    /// The SQL that replaces ``sql(_:)``'s `categorized` when not grouping by month: every row's
    /// sum by account alone (which streams the covering index comparing one column a row, a
    /// quarter faster than by account and category over a million rows), and, found by index
    /// seeks, the sums of the uncategorized rows (transfers and split parents, which that sum
    /// must not hold) and of the rows in income categories. Bound like ``sql(_:)``.
    static func totalsSQL(_ scope: Scope) -> (all: String, uncategorized: String, income: String) {
        let dates = "\(scope.coversEveryRow ? "?1 IS NOT NULL" : "date <= ?1") AND \(scope.from == nil ? "?3 IS NULL" : "date >= ?3")"
        let account = scope.accountID == nil ? "?2 IS NULL" : "account_id = ?2"
        let seek = "SELECT account_id, NULL, NULL, sum(amount) FROM transactions WHERE account_id IN (SELECT id FROM accounts) AND"
        return ("SELECT account_id, NULL, NULL, sum(amount) FROM transactions WHERE \(dates) AND \(account) GROUP BY 1",
                "\(seek) category_id IS NULL AND \(dates) AND \(account) GROUP BY 1",
                "\(seek) category_id IN (SELECT id FROM categories WHERE kind = 'income') AND \(dates) AND \(account) GROUP BY 1")
    }

    /// What the transactions in `scope` did to each account (per month when grouped by month;
    /// the month key is `nil` otherwise), in minor units.
    ///
    /// Whole months are read from the monthly totals when they can serve the scope
    /// (``flowsFromTotals(_:in:)``).
    ///
    /// - Complexity: with the totals, O(categories × months × accounts) plus the rows of a
    ///   month begun; else one pass over the covering index of the rows in scope; memory in the
    ///   number of (account, category, month) groups (of accounts alone when not by month).
    static func flows(_ scope: Scope, in connection: Connection) throws -> [Int64: [Month?: Int128]] {
        if let flows = try flowsFromTotals(scope, in: connection) { return flows }
        enum KindColumn: Int32, SelectedColumns { case id, kind }
        var kinds: [Int64: BudgetCategory.Kind] = [:]
        try connection.cached("SELECT id, kind FROM categories").forEachRow {
            kinds[$0.int64(KindColumn.id)] = BudgetCategory.Kind(rawValue: $0.text(KindColumn.kind)) ?? .expense
        }
        var scope = scope
        let latest = try connection.cached("SELECT max(date) FROM transactions").first([]) { $0.isNull(0) ? "" : $0.text(0) }
        scope.coversEveryRow = (latest ?? "") <= scope.through.description
        var flows: [Int64: [Month?: Int128]] = [:]
        func add(_ account: Int64, _ month: Month?, _ amount: Int128) {
            flows[account, default: [:]][month, default: 0] += amount
        }
        func month(_ row: Row) -> Month? { row.isNull(FlowColumn.month) ? nil : Month(iso: row.text(FlowColumn.month)) }
        let sql = sql(scope), values = scope.values
        if !scope.byMonth {
            // Every categorized row as spending (all minus the uncategorized), then income
            // counted back twice: income - spending.
            let totals = totalsSQL(scope)
            for (statement, factor) in [(totals.all, Int128(-1)), (totals.uncategorized, 1), (totals.income, 2)] {
                try connection.cached(statement).forEachRow(values) { row in
                    add(row.int64(FlowColumn.account), nil, factor * Int128(row.int64(FlowColumn.total)))
                }
            }
        }
        for statement in scope.byMonth ? [sql.categorized, sql.splits] : [sql.splits] {
            try connection.cached(statement).forEachRow(values) { row in
                let total = Int128(row.int64(FlowColumn.total))
                let income = kinds[row.int64(FlowColumn.other)] == .income
                add(row.int64(FlowColumn.account), month(row), income ? total : -total)
            }
        }
        try connection.cached(sql.transfers).forEachRow(values) { row in
            let total = Int128(row.int64(FlowColumn.total))
            add(row.int64(FlowColumn.account), month(row), -total)
            add(row.int64(FlowColumn.other), month(row), total)
        }
        return flows
    }

    /// Every account (those open on `day` only unless `includingClosed`: an account closed
    /// later was open then) with its balance at the end of `day`, by name ignoring case. Call it
    /// inside a read transaction.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a balance would not fit in 64 bits.
    static func accountBalances(on day: Day, includingClosed: Bool, in connection: Connection) throws -> [AccountBalance] {
        let accounts = try connection.cached("""
            SELECT \(BudgetStore.AccountColumn.list("a")) FROM accounts AS a ORDER BY a.name_key, a.id
            """).map([], BudgetStore.AccountColumn.account)
        let shown = accounts.filter { includingClosed || !$0.isClosed(on: day) }
        guard !shown.isEmpty else { return [] }
        let flows = try flows(Scope(through: day, accountID: shown.count == 1 ? shown[0].id : nil), in: connection)
        return try shown.map { account in
            AccountBalance(account: account, balance: try balance(account, flow: flows[account.id]?[nil] ?? 0, on: day), day: day)
        }
    }

    /// One account's balance at the end of `day`. Call it inside a transaction.
    static func balance(of account: Account, on day: Day, in connection: Connection) throws -> Money {
        let flows = try flows(Scope(through: day, accountID: account.id), in: connection)
        return try balance(account, flow: flows[account.id]?[nil] ?? 0, on: day)
    }

    /// The opening balance (when it has begun by `day`) plus `flow`.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when it does not fit in 64 bits.
    static func balance(_ account: Account, flow: Int128, on day: Day) throws -> Money {
        let opening = account.openingDate.map { $0 <= day } ?? true ? Int128(account.openingBalance.minorUnits) : 0
        guard let total = Int64(exactly: opening + flow) else { throw BudgetError.totalTooLarge }
        return Money(minorUnits: total)
    }
}
