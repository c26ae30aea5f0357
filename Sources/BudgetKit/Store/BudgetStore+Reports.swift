extension BudgetStore {
    /// The report for `month`: per category its budget, rollover, actual, remaining and percent used.
    ///
    /// Every transaction dated in the month counts. A category is listed when it has a budget in
    /// effect that month or transactions dated then: in a month before its first budget month
    /// (its earliest `from` entry) it is listed with budget 0 (unless a one-month override says
    /// otherwise), no rollover and ``ReportLine/hasStarted`` false, and an expense category that
    /// spent then is ``MonthlyReport/overspent``. Rollover starts at the first month: what was
    /// spent before it is reported in its own months and does not carry.
    ///
    /// A split counts each part in its category; a transfer is never spending or income. With
    /// `account`, only that account's transactions count (budgets are the book's).
    ///
    /// The SQL reads the monthly totals (``MonthTotals``): the month's per category, plus, for
    /// rollover categories, their earlier months'. Should a total have overflowed, it reads the
    /// month's rows instead (a covering index on category and date) and the earlier months' rows.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a sum would not fit in 64 bits;
    ///   ``BudgetError/unknownAccount(_:)``.
    /// - Complexity: O(categories × months of history × accounts), whatever the number of rows.
    public func monthlyReport(for month: Month, account: String? = nil) throws -> MonthlyReport {
        try reading {
            try connection.inReadTransaction {
                try monthlyReportInTransaction(for: month, accountID: account.map { try accountRow(named: $0).id })
            }
        }
    }

    /// The report for `month` of the account with this id (``monthlyReport(for:account:)``),
    /// with the account as it is now: a live report follows its account through a rename.
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)`` (`#` and the id) when no account has it;
    ///   ``BudgetError/totalTooLarge``.
    func monthlyReport(for month: Month, accountID: Int64) throws -> (report: MonthlyReport, account: Account) {
        try reading {
            try connection.inReadTransaction {
                let account = try accountRow(id: accountID)
                return (try monthlyReportInTransaction(for: month, accountID: accountID), account)
            }
        }
    }

    /// ``monthlyReport(for:account:)``'s work, in the read transaction the caller opened.
    private func monthlyReportInTransaction(for month: Month, accountID: Int64?) throws -> MonthlyReport {
        let histories = try allBudgetHistories()
        var expenses: [ReportLine] = []
        var income: [ReportLine] = []
        let fromTotals = try !MonthTotals.hasOverflow(in: connection)
        let account = accountID.map { [SQLiteValue.integer($0)] } ?? []
        let values = fromTotals ? [.text(month.description)] + account : [month.firstDay.sqliteValue, month.lastDay.sqliteValue] + account
        let sql = fromTotals ? ReportQuery.monthlyFromTotals(byAccount: accountID != nil) : ReportQuery.monthly(byAccount: accountID != nil)
        try connection.cached(sql).forEachRow(values) { row in
            typealias Column = ReportQuery.MonthlyColumn
            let id = row.int64(Column.id)
            let history = histories[id, default: []]
            let budget = history.budget(in: month)
            let actual = try ReportQuery.sum(row.optionalInt64(Column.actual), row.optionalInt64(Column.splitActual))
            // Listed with a budget or with transactions: money never vanishes from a report.
            guard budget != nil || actual != nil else { return }
            let kind = BudgetCategory.Kind(rawValue: row.text(Column.kind)) ?? .expense
            let rollover = row.int64(Column.rollover) != 0
                ? try rolloverInto(month, categoryID: id, history: history, accountID: accountID, fromTotals: fromTotals) : .zero
            let hasStarted = history.firstMonth.map { $0 <= month } ?? false
            let line = ReportLine(category: row.text(Column.name), kind: kind, budget: budget ?? .zero, rollover: rollover,
                                  actual: Money(minorUnits: actual ?? 0), hasStarted: hasStarted)
            if kind == .income { income.append(line) } else { expenses.append(line) }
        }
        return try MonthlyReport(month: month, expenses: expenses, income: income).checked()
    }

    /// What carries into `month`: the sum over the category's earlier months, from its first budget
    /// month, of budget minus actual. Transactions dated before the first month do not carry.
    ///
    /// With `fromTotals`, what was spent is read from the monthly totals (one seek over the
    /// category's months) instead of the rows.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when the sum would not fit in 64 bits.
    func rolloverInto(_ month: Month, categoryID: Int64, history: [BudgetChange], accountID: Int64? = nil,
                      fromTotals: Bool = false) throws -> Money {
        // From the first `from` entry: a one-month override set earlier does not start it.
        guard let start = history.firstMonth, start < month else { return .zero }
        var budgets = Money.zero
        for current in start..<month {
            budgets = try budgets.adding(history.budget(in: current) ?? .zero)
        }
        let account = accountID.map { [SQLiteValue.integer($0)] } ?? []
        if fromTotals {
            let values = [.integer(categoryID), .text(start.description), .text(month.description)] + account
            let spent = try connection.cached(ReportQuery.actualBetweenFromTotals(byAccount: accountID != nil)).first(values) { $0.int64(0) }
            return try budgets.subtracting(Money(minorUnits: spent ?? 0))
        }
        let values = [.integer(categoryID), start.firstDay.sqliteValue, month.firstDay.sqliteValue] + account
        var spent = Money.zero
        for sql in ReportQuery.actualBetween(byAccount: accountID != nil) {
            spent = try spent.adding(Money(minorUnits: try connection.int64(sql, values) ?? 0))
        }
        return try budgets.subtracting(spent)
    }

    /// Actual amounts per month from `first` through `last`, one row per category or payee, with
    /// per-month totals of each kind and the net (``TrendReport/totals``).
    ///
    /// Every transaction dated in the range counts, also before its category's first budget
    /// month; a split counts each part in its category (by payee: under its payee), a transfer
    /// never counts. With `account`, only that account's transactions count. Categories with no
    /// budget and no transactions in the range are left out. Averages divide by the number of
    /// months of the range (``TrendReport/monthCount``).
    ///
    /// By category it reads the monthly totals (``MonthTotals``, unless one overflowed): O(categories
    /// × months × accounts). By payee it reads the rows of the range.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a total would not fit in 64 bits;
    ///   ``BudgetError/unknownAccount(_:)``.
    public func trendReport(from first: Month, to last: Month, by grouping: TrendGrouping = .category,
                            account: String? = nil) throws -> TrendReport {
        let months = first <= last ? Array(first...last) : []
        guard let start = months.first, let end = months.last else { return TrendReport(months: [], rows: []) }
        return try reading {
            try connection.inReadTransaction {
                let accountID = try account.map { try accountRow(named: $0).id }
                var table: [String: (kind: BudgetCategory.Kind, sortKey: String, actuals: [Money])] = [:]
                let account = accountID.map { [SQLiteValue.integer($0)] } ?? []
                let fromTotals = try grouping == .category && !MonthTotals.hasOverflow(in: connection)
                let values = fromTotals ? [.text(start.description), .text(end.description)] + account
                    : [start.firstDay.sqliteValue, end.lastDay.sqliteValue] + account
                let queries = fromTotals ? [ReportQuery.trendByCategoryFromTotals(byAccount: accountID != nil)]
                    : ReportQuery.trend(grouping, byAccount: accountID != nil)
                for sql in queries {
                    try connection.cached(sql).forEachRow(values) { row in
                        typealias Column = ReportQuery.TrendColumn
                        let name = row.text(Column.name)
                        let kind = BudgetCategory.Kind(rawValue: row.text(Column.kind)) ?? .expense
                        let key = kind.rawValue + "\u{0}" + name
                        var entry = table[key] ?? (kind, BudgetCategory.nameKey(name), Array(repeating: .zero, count: months.count))
                        if let month = Month(iso: row.text(Column.month)) {
                            let index = start.distance(to: month)
                            entry.actuals[index] = try entry.actuals[index].adding(row.money(Column.actual))
                        }
                        table[key] = entry
                    }
                }
                if grouping == .category {
                    let histories = try allBudgetHistories()
                    for category in try categories(in: end, histories: histories) where table[category.kind.rawValue + "\u{0}" + category.name] == nil {
                        let history = histories[category.id, default: []]
                        if months.contains(where: { history.budget(in: $0) != nil }) {
                            table[category.kind.rawValue + "\u{0}" + category.name] =
                                (category.kind, BudgetCategory.nameKey(category.name), Array(repeating: .zero, count: months.count))
                        }
                    }
                }
                let rows = table.map { key, value in
                    (sortKey: value.sortKey,
                     row: TrendRow(name: String(key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)[1]),
                                   kind: value.kind, actuals: value.actuals))
                }
                return try TrendReport(months: months, rows: rows.sorted {
                    ($0.row.kind == .expense ? 0 : 1, $0.sortKey, $0.row.name) < ($1.row.kind == .expense ? 0 : 1, $1.sortKey, $1.row.name)
                }.map(\.row)).checked()
            }
        }
    }
}
