/// The report queries over the monthly totals (``MonthTotals``), which give what the queries
/// over the rows give (a part counts in its category, a transfer never; with an account, only
/// its rows and its transactions' parts) at a cost in categories × months, whatever the history.
/// Used unless a total overflowed (``MonthTotals/hasOverflow(in:)``).
extension ReportQuery {
    /// ``monthly(byAccount:)`` over the totals, with the same columns (`splitActual` NULL):
    /// `?1` the month (`YYYY-MM`), `?2` the account.
    static func monthlyFromTotals(byAccount: Bool) -> String {
        byAccount ? monthlyFromTotalsByAccount : monthlyFromTotalsOfBook
    }

    private static let monthlyFromTotalsOfBook = monthlyFromTotalsSQL(account: "")
    private static let monthlyFromTotalsByAccount = monthlyFromTotalsSQL(account: " AND m.account_id = ?2")

    private static func monthlyFromTotalsSQL(account: String) -> String {
        let list = MonthlyColumn.list(
            actual: "(SELECT sum(m.amount_sum) FROM category_months AS m WHERE m.category_id = c.id AND m.month = ?1\(account))",
            splitActual: "NULL")
        return "SELECT \(list) FROM categories AS c ORDER BY c.name_key"
    }

    /// One category's total from a month (inclusive) to a month (exclusive): `?1` the
    /// category, `?2`, `?3` the months, `?4` the account.
    static func actualBetweenFromTotals(byAccount: Bool) -> String {
        "SELECT coalesce(sum(amount_sum), 0) FROM category_months WHERE category_id = ?1 AND month >= ?2 AND month < ?3"
            + (byAccount ? " AND account_id = ?4" : "")
    }

    /// The trend by category over the totals: `?1`, `?2` the first and last month, `?3` the account.
    static func trendByCategoryFromTotals(byAccount: Bool) -> String {
        """
        SELECT \(TrendColumn.list(grouping: "c.name", date: "m.month", amount: "m.amount_sum"))
        FROM categories AS c JOIN category_months AS m ON m.category_id = c.id AND m.month BETWEEN ?1 AND ?2\(byAccount ? " AND m.account_id = ?3" : "")
        GROUP BY c.id, m.month
        """
    }
}
