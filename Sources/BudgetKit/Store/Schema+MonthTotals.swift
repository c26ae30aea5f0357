extension Schema {
    /// Version 11: the monthly totals that reports and balances read (issue 13, ``MonthTotals``):
    /// `category_months` and `transfer_months`, their triggers, and their rows computed from the
    /// book's rows (a book of a million transactions migrates in a second or two).
    static let version11MonthTotals = MonthTotals.tablesSQL + "\n" + MonthTotals.triggersSQL + "\n" + MonthTotals.rebuildSQL
}
