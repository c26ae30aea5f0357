/// The SQL behind reports. Each query has a form for the whole book and one for one account
/// (its id bound last); split parts are summed by queries of their own, on their own covering
/// index, and added in Swift, so the queries over transactions keep their plans.
enum ReportQuery {
    /// Per category: id, name, kind, rollover, and the month's sums of its transactions and of
    /// its split parts (each NULL when there were none). Each sum is a range seek on a covering
    /// index: (category_id, date, amount), or (account_id, category_id, date, amount).
    enum MonthlyColumn: Int32, SelectedColumns {
        case id, name, kind, rollover, actual, splitActual

        /// The SELECT list: the category's columns (`categories AS c`), then the two sums.
        static func list(actual: String, splitActual: String) -> String {
            selectList { column in
                switch column {
                case .id: "c.id"
                case .name: "c.name"
                case .kind: "c.kind"
                case .rollover: "c.rollover"
                case .actual: actual
                case .splitActual: splitActual
                }
            }
        }
    }

    /// The monthly query: `?1`, `?2` the month's first and last day, `?3` the account.
    static func monthly(byAccount: Bool) -> String {
        byAccount ? monthlyByAccount : monthlyOfBook
    }

    private static let monthlyOfBook = monthlySQL(account: "", partAccount: "")
    private static let monthlyByAccount = monthlySQL(account: " AND t.account_id = ?3", partAccount: partInAccount)

    /// A part's transaction is in account `?3` (parts are few: one lookup each).
    private static let partInAccount = " AND (SELECT pt.account_id FROM transactions AS pt WHERE pt.id = p.transaction_id) = ?3"

    private static func monthlySQL(account: String, partAccount: String) -> String {
        let list = MonthlyColumn.list(
            actual: "(SELECT sum(t.amount) FROM transactions AS t WHERE t.category_id = c.id AND t.date BETWEEN ?1 AND ?2\(account))",
            splitActual: "(SELECT sum(p.amount) FROM transaction_splits AS p WHERE p.category_id = c.id AND p.date BETWEEN ?1 AND ?2\(partAccount))")
        return "SELECT \(list) FROM categories AS c ORDER BY c.name_key"
    }

    /// Two optional sums as one: `nil` when both are.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when the sum does not fit in 64 bits.
    static func sum(_ a: Int64?, _ b: Int64?) throws -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return try Money(minorUnits: a).adding(Money(minorUnits: b)).minorUnits
    }

    /// One category's sums of amounts (transactions, then parts) from a day (inclusive) to a
    /// day (exclusive): `?1` the category, `?2`, `?3` the days, `?4` the account.
    static func actualBetween(byAccount: Bool) -> [String] {
        byAccount ? actualBetweenByAccount : actualBetweenOfBook
    }

    private static let actualBetweenOfBook = [
        "SELECT coalesce(sum(amount), 0) FROM transactions WHERE category_id = ?1 AND date >= ?2 AND date < ?3",
        "SELECT coalesce(sum(amount), 0) FROM transaction_splits WHERE category_id = ?1 AND date >= ?2 AND date < ?3",
    ]
    private static let actualBetweenByAccount = [
        "SELECT coalesce(sum(amount), 0) FROM transactions WHERE account_id = ?4 AND category_id = ?1 AND date >= ?2 AND date < ?3",
        """
        SELECT coalesce(sum(p.amount), 0) FROM transaction_splits AS p WHERE p.category_id = ?1 AND p.date >= ?2 AND p.date < ?3
            AND (SELECT pt.account_id FROM transactions AS pt WHERE pt.id = p.transaction_id) = ?4
        """,
    ]

    /// A trend row's columns: the group (category or payee), its kind, the month and the sum.
    enum TrendColumn: Int32, SelectedColumns {
        case name, kind, month, actual

        /// The SELECT list, `group` naming each row (`c.name` or `t.payee`), `date` and `amount`
        /// the columns summed.
        static func list(grouping group: String, date: String = "t.date", amount: String = "t.amount") -> String {
            selectList { column in
                switch column {
                case .name: return group
                case .kind: return "c.kind"
                case .month: return "substr(\(date), 1, 7) AS month"
                case .actual: return "sum(\(amount))"
                }
            }
        }
    }

    /// The trend queries (transactions, then parts): `?1`, `?2` the first and last day, `?3`
    /// the account.
    static func trend(_ grouping: TrendGrouping, byAccount: Bool) -> [String] {
        switch (grouping, byAccount) {
        case (.category, false): return trendByCategory
        case (.category, true): return trendByCategoryAndAccount
        case (.payee, false): return trendByPayee
        case (.payee, true): return trendByPayeeAndAccount
        }
    }

    private static let trendByCategory = trendByCategorySQL(account: "", partAccount: "")
    private static let trendByCategoryAndAccount = trendByCategorySQL(account: " AND t.account_id = ?3", partAccount: partInAccount)
    private static let trendByPayee = trendByPayeeSQL(account: "")
    private static let trendByPayeeAndAccount = trendByPayeeSQL(account: " AND t.account_id = ?3")

    private static func trendByCategorySQL(account: String, partAccount: String) -> [String] {
        ["""
        SELECT \(TrendColumn.list(grouping: "c.name"))
        FROM categories AS c JOIN transactions AS t ON t.category_id = c.id AND t.date BETWEEN ?1 AND ?2\(account)
        GROUP BY c.id, month
        """, """
        SELECT \(TrendColumn.list(grouping: "c.name", date: "p.date", amount: "p.amount"))
        FROM categories AS c JOIN transaction_splits AS p ON p.category_id = c.id AND p.date BETWEEN ?1 AND ?2\(partAccount)
        GROUP BY c.id, month
        """]
    }

    private static func trendByPayeeSQL(account: String) -> [String] {
        ["""
        SELECT \(TrendColumn.list(grouping: "t.payee"))
        FROM transactions AS t JOIN categories AS c ON c.id = t.category_id
        WHERE t.date BETWEEN ?1 AND ?2\(account)
        GROUP BY t.payee, c.kind, month
        """, """
        SELECT \(TrendColumn.list(grouping: "t.payee", date: "p.date", amount: "p.amount"))
        FROM transaction_splits AS p JOIN transactions AS t ON t.id = p.transaction_id JOIN categories AS c ON c.id = p.category_id
        WHERE p.date BETWEEN ?1 AND ?2\(account)
        GROUP BY t.payee, c.kind, month
        """]
    }
}
