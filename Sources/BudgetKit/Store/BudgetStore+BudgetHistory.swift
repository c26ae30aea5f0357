extension BudgetStore {
    /// The category's budget entries, oldest month first (`from` before `only` in the same month).
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    public func budgetHistory(forCategory name: String) throws -> [BudgetChange] {
        try reading { try budgetHistory(categoryID: categoryRow(named: name).id) }
    }

    /// Sets the monthly budget from `month` on, until the next `from` entry of the history.
    ///
    /// ```swift
    /// let edit = try store.setBudget(Money(parsing: "350"), forCategory: "Food", from: Month(parsing: "2026-12"))
    /// edit.changes          // [.added(2026-12 from 350.00)]
    /// edit.affectedMonths   // .from(2026-12)
    /// ```
    ///
    /// Adds the `from` entry of `month`, or replaces its amount. Later `from` entries are kept:
    /// each still takes over at its month (remove one with ``removeBudget(forCategory:from:)``);
    /// one-month overrides keep overriding. A month in the past changes that month's report and
    /// the following ones' (a month before the category's first month makes it start earlier),
    /// as ``BudgetHistoryEdit/affectedMonths`` says.
    ///
    /// - Returns: what changed in the history, and which months' reports.
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    @discardableResult
    public func setBudget(_ amount: Money, forCategory name: String, from month: Month) throws -> BudgetHistoryEdit {
        try editBudgetHistory(ofCategory: name) { row, _ in
            try upsertBudget(categoryID: row.id, month: month, scope: .from, amount: amount)
        }
    }

    /// Overrides the budget for `month` only; any month, past ones included (their reports change).
    ///
    /// - Returns: what changed in the history (an added or replaced `only` entry), and which
    ///   months' reports: that month, or with rollover that month and every later one.
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    @discardableResult
    public func setBudget(_ amount: Money, forCategory name: String, onlyIn month: Month) throws -> BudgetHistoryEdit {
        try editBudgetHistory(ofCategory: name) { row, _ in
            try upsertBudget(categoryID: row.id, month: month, scope: .only, amount: amount)
        }
    }

    /// Removes the one-month override of `month`: the `from` entry in effect applies again.
    ///
    /// - Returns: the removed entry, and which months' reports changed.
    /// - Throws: ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/noBudgetEntry(category:month:scope:)`` when the month has no override.
    @discardableResult
    public func removeBudget(forCategory name: String, onlyIn month: Month) throws -> BudgetHistoryEdit {
        try removeBudgetEntry(ofCategory: name, month: month, scope: .only)
    }

    /// Removes the `from` entry of `month`: the entry before it (if any) applies until the next one.
    ///
    /// Removing the first entry makes the category start at the next one: the months between
    /// report it as not started (budget 0). The only `from` entry cannot be removed, since a
    /// category needs a first month (set another amount, or delete the category).
    ///
    /// - Returns: the removed entry, and which months' reports changed.
    /// - Throws: ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/noBudgetEntry(category:month:scope:)``,
    ///   ``BudgetError/onlyBudgetEntry(category:month:)``.
    @discardableResult
    public func removeBudget(forCategory name: String, from month: Month) throws -> BudgetHistoryEdit {
        try removeBudgetEntry(ofCategory: name, month: month, scope: .from)
    }

    /// Turns rollover on or off: with it on, what was left (or overspent) in a month carries into
    /// the next, from the category's first month on.
    ///
    /// This changes the reports of every month after the first month, past months included
    /// (rollover has no history of its own).
    ///
    /// - Returns: the state before and after, and the months whose reports changed.
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    @discardableResult
    public func setRollover(_ on: Bool, forCategory name: String) throws -> RolloverEdit {
        try writing {
            let row = try categoryRow(named: name)
            try connection.run("UPDATE categories SET rollover = ? WHERE id = ?", [on.sqliteValue, .integer(row.id)])
            let firstMonth = try budgetHistory(categoryID: row.id).firstMonth
            let affected = row.rollover == on ? .none : firstMonth?.next.map(AffectedMonths.from) ?? .none
            return RolloverEdit(category: row.name, wasOn: row.rollover, isOn: on, affectedMonths: affected)
        }
    }

    // MARK: - Internals

    /// Runs `body` with the category and its history in one write, and describes what it did.
    private func editBudgetHistory(ofCategory name: String,
                                   _ body: (CategoryRow, [BudgetChange]) throws -> Void) throws -> BudgetHistoryEdit {
        try writing {
            let row = try categoryRow(named: name)
            let old = try budgetHistory(categoryID: row.id)
            try body(row, old)
            let new = try budgetHistory(categoryID: row.id)
            return BudgetHistoryEdit(category: row.name, changes: BudgetStore.changes(from: old, to: new),
                                     affectedMonths: AffectedMonths(from: old, to: new, rollover: row.rollover))
        }
    }

    private func removeBudgetEntry(ofCategory name: String, month: Month, scope: BudgetChange.Scope) throws -> BudgetHistoryEdit {
        try editBudgetHistory(ofCategory: name) { row, history in
            guard history.contains(where: { $0.month == month && $0.scope == scope }) else {
                throw BudgetError.noBudgetEntry(category: row.name, month: month, scope: scope)
            }
            if scope == .from && history.filter({ $0.scope == .from }).count == 1 {
                throw BudgetError.onlyBudgetEntry(category: row.name, month: month)
            }
            try connection.run("DELETE FROM budgets WHERE category_id = ? AND scope = ? AND month = ?",
                               [.integer(row.id), .text(scope.rawValue), month.sqliteValue])
        }
    }

    /// The entries added, replaced and removed between two histories, by month then scope.
    static func changes(from old: [BudgetChange], to new: [BudgetChange]) -> [BudgetHistoryEdit.Change] {
        struct Slot: Hashable { let month: Month, scope: BudgetChange.Scope }
        let before = Dictionary(old.map { (Slot(month: $0.month, scope: $0.scope), $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.map { (Slot(month: $0.month, scope: $0.scope), $0) }, uniquingKeysWith: { a, _ in a })
        let slots = Set(before.keys).union(after.keys).sorted {
            ($0.month, $0.scope == .from ? 0 : 1) < ($1.month, $1.scope == .from ? 0 : 1)
        }
        return slots.compactMap { slot in
            switch (before[slot], after[slot]) {
            case (nil, let added?): return .added(added)
            case (let removed?, nil): return .removed(removed)
            case (let old?, let new?) where old != new: return .replaced(old, with: new)
            default: return nil
            }
        }
    }

    func budgetHistory(categoryID: Int64) throws -> [BudgetChange] {
        try BudgetRows.history(of: categoryID, in: connection)
    }

    func allBudgetHistories() throws -> [Int64: [BudgetChange]] {
        try BudgetRows.histories(in: connection)
    }

    private func upsertBudget(categoryID: Int64, month: Month, scope: BudgetChange.Scope, amount: Money) throws {
        try connection.run("""
            INSERT INTO budgets (category_id, month, scope, amount) VALUES (?, ?, ?, ?)
            ON CONFLICT (category_id, scope, month) DO UPDATE SET amount = excluded.amount
            """, [.integer(categoryID), month.sqliteValue, .text(scope.rawValue), amount.sqliteValue])
    }
}

/// Reading budget histories, in one place for the store and the live readers.
enum BudgetRows {
    enum Column: Int32, FixedColumns {
        case categoryID, month, amount, scope
        var sql: String {
            switch self {
            case .categoryID: "category_id"
            case .month: "month"
            case .amount: "amount"
            case .scope: "scope"
            }
        }
    }

    static let select = "SELECT \(Column.selectList) FROM budgets"

    static func change(_ row: Row) -> BudgetChange {
        // A month written badly by hand in the sqlite3 shell reads as 0001-01 (`budget check` names it).
        BudgetChange(month: Month(iso: row.text(Column.month)) ?? Month(year: 1, month: 1)!, amount: row.money(Column.amount),
                     scope: BudgetChange.Scope(rawValue: row.text(Column.scope)) ?? .from)
    }

    /// One category's entries, oldest month first (`from` before `only` in the same month).
    static func history(of categoryID: Int64, in connection: Connection) throws -> [BudgetChange] {
        try connection.cached(select + " WHERE category_id = ? ORDER BY month, scope").map([.integer(categoryID)], change)
    }

    /// Every category's entries, by category id.
    static func histories(in connection: Connection) throws -> [Int64: [BudgetChange]] {
        var histories: [Int64: [BudgetChange]] = [:]
        try connection.cached(select + " ORDER BY category_id, month, scope").forEachRow {
            histories[$0.int64(Column.categoryID), default: []].append(change($0))
        }
        return histories
    }
}
