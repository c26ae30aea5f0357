extension TransactionQuery {
    /// The ORDER BY clause of a sort, after a live list's sections when given: the order a live
    /// list with that request holds, written for SQLite from fixed fragments (no user text).
    ///
    /// Sections come first and the tie-break by id last, both in the first key's direction; each
    /// key in its own. Payees compare by `budget_fold` (their case-folded text), categories by
    /// their unique name key and then id (a row without a category, a split or a transfer, or
    /// whose category the sqlite3 shell deleted, counts as the empty name), as ``KeyOrder`` does.
    static func orderBy(_ sort: TransactionSort, sectioning: TransactionSectioning? = nil) -> String {
        let list = sort.ascending ? "" : " DESC"
        var terms: [String] = []
        switch sectioning {
        case nil: break
        case .month: terms.append("substr(t.date, 1, 7)" + list)
        case .category: terms += ["coalesce(c.name_key, '')" + list, "coalesce(t.category_id, 0)" + list]
        }
        for criterion in sort.criteria {
            let direction = criterion.ascending ? "" : " DESC"
            switch criterion.key {
            case .date: terms.append("t.date" + direction)
            case .amount: terms.append("t.amount" + direction)
            case .payee: terms.append("budget_fold(t.payee)" + direction)
            case .category: terms += ["coalesce(c.name_key, '')" + direction, "coalesce(t.category_id, 0)" + direction]
            }
        }
        terms.append("t.id" + list)
        return " ORDER BY " + terms.joined(separator: ", ")
    }
}
