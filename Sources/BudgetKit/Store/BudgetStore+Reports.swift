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
    /// The SQL reads only that month's rows (a covering index on category and date), plus, for
    /// rollover categories, the sum of their earlier months.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a sum would not fit in 64 bits.
    /// - Complexity: O(categories × log n + rows in the month).
    public func monthlyReport(for month: Month) throws -> MonthlyReport {
        try reading {
            try connection.inReadTransaction {
                let histories = try allBudgetHistories()
                var expenses: [ReportLine] = []
                var income: [ReportLine] = []
                try connection.cached(ReportQuery.monthly).forEachRow([month.firstDay.sqliteValue, month.lastDay.sqliteValue]) { row in
                    typealias Column = ReportQuery.MonthlyColumn
                    let id = row.int64(Column.id)
                    let history = histories[id, default: []]
                    let budget = history.budget(in: month)
                    let actual = row.optionalInt64(Column.actual)
                    // Listed with a budget or with transactions: money never vanishes from a report.
                    guard budget != nil || actual != nil else { return }
                    let kind = BudgetCategory.Kind(rawValue: row.text(Column.kind)) ?? .expense
                    let rollover = row.int64(Column.rollover) != 0 ? try rolloverInto(month, categoryID: id, history: history) : .zero
                    let hasStarted = history.firstMonth.map { $0 <= month } ?? false
                    let line = ReportLine(category: row.text(Column.name), kind: kind, budget: budget ?? .zero, rollover: rollover,
                                          actual: Money(minorUnits: actual ?? 0), hasStarted: hasStarted)
                    if kind == .income { income.append(line) } else { expenses.append(line) }
                }
                return try MonthlyReport(month: month, expenses: expenses, income: income).checked()
            }
        }
    }

    /// What carries into `month`: the sum over the category's earlier months, from its first budget
    /// month, of budget minus actual. Transactions dated before the first month do not carry.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when the sum would not fit in 64 bits.
    func rolloverInto(_ month: Month, categoryID: Int64, history: [BudgetChange]) throws -> Money {
        // From the first `from` entry: a one-month override set earlier does not start it.
        guard let start = history.firstMonth, start < month else { return .zero }
        var budgets = Money.zero
        for current in start..<month {
            budgets = try budgets.adding(history.budget(in: current) ?? .zero)
        }
        let spent = try connection.int64(ReportQuery.actualBetween,
                                         [.integer(categoryID), start.firstDay.sqliteValue, month.firstDay.sqliteValue]) ?? 0
        return try budgets.subtracting(Money(minorUnits: spent))
    }

    /// Actual amounts per month from `first` through `last`, one row per category or payee, with
    /// per-month totals of each kind and the net (``TrendReport/totals``).
    ///
    /// Every transaction dated in the range counts, also before its category's first budget
    /// month. Categories with no budget and no transactions in the range are left out. Averages
    /// divide by the number of months of the range (``TrendReport/monthCount``).
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a total would not fit in 64 bits.
    public func trendReport(from first: Month, to last: Month, by grouping: TrendGrouping = .category) throws -> TrendReport {
        let months = first <= last ? Array(first...last) : []
        guard let start = months.first, let end = months.last else { return TrendReport(months: [], rows: []) }
        return try reading {
            try connection.inReadTransaction {
                var table: [String: (kind: BudgetCategory.Kind, sortKey: String, actuals: [Money])] = [:]
                let sql = grouping == .category ? ReportQuery.trendByCategory : ReportQuery.trendByPayee
                try connection.cached(sql).forEachRow([start.firstDay.sqliteValue, end.lastDay.sqliteValue]) { row in
                    typealias Column = ReportQuery.TrendColumn
                    let name = row.text(Column.name)
                    let kind = BudgetCategory.Kind(rawValue: row.text(Column.kind)) ?? .expense
                    let key = kind.rawValue + "\u{0}" + name
                    var entry = table[key] ?? (kind, BudgetCategory.nameKey(name), Array(repeating: .zero, count: months.count))
                    if let month = Month(iso: row.text(Column.month)) {
                        entry.actuals[start.distance(to: month)] = row.money(Column.actual)
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

/// The SQL behind reports.
enum ReportQuery {
    /// Per category: id, name, kind, rollover, and the month's sum (NULL when it had no transactions).
    /// The correlated sum is a range seek on the covering index (category_id, date, amount).
    enum MonthlyColumn: Int32, FixedColumns {
        case id, name, kind, rollover, actual
        var sql: String {
            self == .actual ? "(SELECT sum(t.amount) FROM transactions AS t WHERE t.category_id = c.id AND t.date BETWEEN ?1 AND ?2)"
                : "c.\(self)"
        }
    }

    static let monthly = "SELECT \(MonthlyColumn.selectList) FROM categories AS c ORDER BY c.name_key"

    /// A trend row's columns: the group (category or payee), its kind, the month and the sum.
    enum TrendColumn: Int32, SelectedColumns {
        case name, kind, month, actual

        /// The SELECT list, `group` naming each row (`c.name` or `t.payee`).
        static func list(grouping group: String) -> String {
            selectList { column in
                switch column {
                case .name: return group
                case .kind: return "c.kind"
                case .month: return "substr(t.date, 1, 7) AS month"
                case .actual: return "sum(t.amount)"
                }
            }
        }
    }

    /// One category's sum of amounts from a day (inclusive) to a day (exclusive).
    static let actualBetween = """
        SELECT coalesce(sum(amount), 0) FROM transactions WHERE category_id = ? AND date >= ? AND date < ?
        """

    static let trendByCategory = """
        SELECT \(TrendColumn.list(grouping: "c.name"))
        FROM categories AS c JOIN transactions AS t ON t.category_id = c.id AND t.date BETWEEN ?1 AND ?2
        GROUP BY c.id, month
        """

    static let trendByPayee = """
        SELECT \(TrendColumn.list(grouping: "t.payee"))
        FROM transactions AS t JOIN categories AS c ON c.id = t.category_id
        WHERE t.date BETWEEN ?1 AND ?2
        GROUP BY t.payee, c.kind, month
        """
}
