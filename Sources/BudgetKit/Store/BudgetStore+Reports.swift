extension BudgetStore {
    /// The report for `month`: per category its budget, rollover, actual, remaining and percent used.
    ///
    /// A category is listed when it has a budget in effect that month: before its first month it
    /// is left out, even if transactions are dated then. The SQL reads only that month's
    /// rows (a covering index on category and date), plus, for rollover categories, the sum of
    /// their earlier months.
    ///
    /// - Complexity: O(categories × log n + rows in the month).
    public func monthlyReport(for month: Month) throws -> MonthlyReport {
        try reading {
            try connection.inReadTransaction {
                let histories = try allBudgetHistories()
                var expenses: [ReportLine] = []
                var income: [ReportLine] = []
                try connection.cached(ReportQuery.monthly).forEachRow([month.firstDay.sqliteValue, month.lastDay.sqliteValue]) { row in
                    let id = row.int64(0)
                    let history = histories[id, default: []]
                    let budget = history.budget(in: month)
                    let actual = row.optionalInt64(4)
                    // Before its first month a category has no budget and is not listed, even
                    // with transactions dated then (set-budget --from moves the first month).
                    guard budget != nil else { return }
                    let kind = BudgetCategory.Kind(rawValue: row.text(2)) ?? .expense
                    let rollover = row.int64(3) != 0 ? try rolloverInto(month, categoryID: id, history: history) : .zero
                    let line = ReportLine(category: row.text(1), kind: kind, budget: budget ?? .zero, rollover: rollover,
                                          actual: Money(minorUnits: actual ?? 0))
                    if kind == .income { income.append(line) } else { expenses.append(line) }
                }
                return MonthlyReport(month: month, expenses: expenses, income: income)
            }
        }
    }

    /// What carries into `month`: the sum over the category's earlier months, from its first budget
    /// month, of budget minus actual.
    func rolloverInto(_ month: Month, categoryID: Int64, history: [BudgetChange]) throws -> Money {
        // From the first `from` entry: a one-month override set earlier does not start it.
        guard let start = history.filter({ $0.scope == .from }).map(\.month).min(), start < month else { return .zero }
        var budgets = Money.zero
        var current = start
        while current < month {
            budgets = budgets.clampedAdding(history.budget(in: current) ?? .zero)
            current = current.next
        }
        let spent = try connection.int64(ReportQuery.actualBetween,
                                         [.integer(categoryID), start.firstDay.sqliteValue, month.firstDay.sqliteValue]) ?? 0
        return budgets.clampedSubtracting(Money(minorUnits: spent))
    }

    /// Actual amounts per month from `first` through `last`, one row per category or payee.
    ///
    /// Categories with no budget and no transactions in the range are left out.
    public func trendReport(from first: Month, to last: Month, by grouping: TrendGrouping = .category) throws -> TrendReport {
        let months = first <= last ? Array(first...last) : []
        guard let start = months.first, let end = months.last else { return TrendReport(months: [], rows: []) }
        return try reading {
            try connection.inReadTransaction {
                var table: [String: (kind: BudgetCategory.Kind, sortKey: String, actuals: [Money])] = [:]
                let sql = grouping == .category ? ReportQuery.trendByCategory : ReportQuery.trendByPayee
                try connection.cached(sql).forEachRow([start.firstDay.sqliteValue, end.lastDay.sqliteValue]) { row in
                    let name = row.text(0)
                    let kind = BudgetCategory.Kind(rawValue: row.text(1)) ?? .expense
                    let key = kind.rawValue + "\u{0}" + name
                    var entry = table[key] ?? (kind, BudgetCategory.nameKey(name), Array(repeating: .zero, count: months.count))
                    if let month = Month(iso: row.text(2)) {
                        entry.actuals[start.distance(to: month)] = row.money(3)
                    }
                    table[key] = entry
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
                    TrendRow(name: String(key.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)[1]),
                             kind: value.kind, actuals: value.actuals)
                }
                return TrendReport(months: months, rows: rows.sorted {
                    ($0.kind == .expense ? 0 : 1, BudgetCategory.nameKey($0.name), $0.name)
                        < ($1.kind == .expense ? 0 : 1, BudgetCategory.nameKey($1.name), $1.name)
                })
            }
        }
    }
}

/// The SQL behind reports.
enum ReportQuery {
    /// Per category: id, name, kind, rollover, and the month's sum (NULL when it had no transactions).
    /// The correlated sum is a range seek on the covering index (category_id, date, amount).
    static let monthly = """
        SELECT c.id, c.name, c.kind, c.rollover,
               (SELECT sum(t.amount) FROM transactions AS t WHERE t.category_id = c.id AND t.date BETWEEN ?1 AND ?2)
        FROM categories AS c ORDER BY c.name_key
        """

    /// One category's sum of amounts from a day (inclusive) to a day (exclusive).
    static let actualBetween = """
        SELECT coalesce(sum(amount), 0) FROM transactions WHERE category_id = ? AND date >= ? AND date < ?
        """

    static let trendByCategory = """
        SELECT c.name, c.kind, substr(t.date, 1, 7) AS month, sum(t.amount)
        FROM categories AS c JOIN transactions AS t ON t.category_id = c.id AND t.date BETWEEN ?1 AND ?2
        GROUP BY c.id, month
        """

    static let trendByPayee = """
        SELECT t.payee, c.kind, substr(t.date, 1, 7) AS month, sum(t.amount)
        FROM transactions AS t JOIN categories AS c ON c.id = t.category_id
        WHERE t.date BETWEEN ?1 AND ?2
        GROUP BY t.payee, c.kind, month
        """
}
