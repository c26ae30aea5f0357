extension BudgetStore {
    /// Adds a category with a monthly budget that applies from `month` on.
    ///
    /// ```swift
    /// try store.addCategory(named: "Food", monthlyBudget: Money(parsing: "300"))
    /// try store.addCategory(named: "Salary", monthlyBudget: Money(parsing: "3000"), kind: .income)
    /// ```
    ///
    /// - Parameters:
    ///   - name: unique ignoring case (Unicode-aware); leading and trailing spaces are dropped.
    ///   - monthlyBudget: the budget (expected income, for an income category).
    ///   - kind: expense (the default) or income.
    ///   - month: the first month of the category; before it the category has no budget.
    ///   - rollover: whether what is left (or overspent) carries into the next month.
    /// - Returns: the new category.
    /// - Throws: ``BudgetError/duplicateCategory(_:)``, ``BudgetError/invalidCategoryName(_:)``.
    @discardableResult
    public func addCategory(named name: String, monthlyBudget: Money, kind: BudgetCategory.Kind = .expense,
                            from month: Month = .current(), rollover: Bool = false) throws -> BudgetCategory {
        let name = try BudgetStore.validCategoryName(name)
        return try writing {
            do {
                try connection.run("INSERT INTO categories (name, name_key, kind, rollover) VALUES (?, ?, ?, ?)",
                                   [.text(name), .text(BudgetCategory.nameKey(name)), .text(kind.rawValue), rollover.sqliteValue])
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw BudgetError.duplicateCategory(name)
            }
            let id = connection.lastInsertRowID
            try connection.run("INSERT INTO budgets (category_id, month, scope, amount) VALUES (?, ?, 'from', ?)",
                               [.integer(id), month.sqliteValue, monthlyBudget.sqliteValue])
            return BudgetCategory(id: id, name: name, kind: kind, monthlyBudget: monthlyBudget, rollover: rollover)
        }
    }

    /// Every category with the budget in effect in `month` (zero before its first month), by name.
    public func categories(in month: Month = .current()) throws -> [BudgetCategory] {
        try reading {
            try categories(in: month, histories: allBudgetHistories())
        }
    }

    /// Every category with its budget in `month`, from histories already read.
    func categories(in month: Month, histories: [Int64: [BudgetChange]]) throws -> [BudgetCategory] {
        try allCategoryRows().map {
            BudgetCategory(id: $0.id, name: $0.name, kind: $0.kind,
                           monthlyBudget: histories[$0.id, default: []].budget(in: month) ?? .zero, rollover: $0.rollover)
        }
    }

    /// The category named `name` (ignoring case), with the budget in effect in `month`.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    public func category(named name: String, in month: Month = .current()) throws -> BudgetCategory {
        try reading {
            let row = try categoryRow(named: name)
            let history = try budgetHistory(categoryID: row.id)
            return BudgetCategory(id: row.id, name: row.name, kind: row.kind,
                                  monthlyBudget: history.budget(in: month) ?? .zero, rollover: row.rollover)
        }
    }

    /// The category's budget entries, oldest month first (`from` before `only` in the same month).
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    public func budgetHistory(forCategory name: String) throws -> [BudgetChange] {
        try reading { try budgetHistory(categoryID: categoryRow(named: name).id) }
    }

    /// Renames a category; its transactions, budgets and rules follow it.
    ///
    /// Changing only the case (`food` to `Food`) is allowed.
    /// - Throws: ``BudgetError/unknownCategory(_:)``, ``BudgetError/duplicateCategory(_:)``.
    public func renameCategory(named name: String, to newName: String) throws {
        let newName = try BudgetStore.validCategoryName(newName)
        try writing {
            let row = try categoryRow(named: name)
            do {
                try connection.run("UPDATE categories SET name = ?, name_key = ? WHERE id = ?",
                                   [.text(newName), .text(BudgetCategory.nameKey(newName)), .integer(row.id)])
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw BudgetError.duplicateCategory(newName)
            }
        }
    }

    /// Sets the monthly budget from `month` on: it replaces the budget of that month and of every
    /// later month (later `from` entries are dropped; one-month overrides stay). Earlier months,
    /// and so their reports, never change.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    public func setBudget(_ amount: Money, forCategory name: String, from month: Month) throws {
        try writing {
            let id = try categoryRow(named: name).id
            try connection.run("DELETE FROM budgets WHERE category_id = ? AND scope = 'from' AND month > ?",
                               [.integer(id), month.sqliteValue])
            try upsertBudget(categoryID: id, month: month, scope: .from, amount: amount)
        }
    }

    /// Overrides the budget for `month` only.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    public func setBudget(_ amount: Money, forCategory name: String, onlyIn month: Month) throws {
        try writing {
            try upsertBudget(categoryID: categoryRow(named: name).id, month: month, scope: .only, amount: amount)
        }
    }

    /// Turns rollover on or off: with it on, what was left (or overspent) in a month carries into
    /// the next, from the category's first month on.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    public func setRollover(_ on: Bool, forCategory name: String) throws {
        try writing {
            try connection.run("UPDATE categories SET rollover = ? WHERE id = ?",
                               [on.sqliteValue, .integer(categoryRow(named: name).id)])
        }
    }

    /// Deletes a category with its budgets and rules.
    ///
    /// A category that still has transactions is refused, unless `other` names a category to move
    /// them to, or `force` deletes them too.
    ///
    /// - Returns: how many transactions were moved (or deleted, with `force`).
    /// - Throws: ``BudgetError/unknownCategory(_:)``, ``BudgetError/categoryInUse(_:transactionCount:)``,
    ///   ``BudgetError/moveToSameCategory(_:)``.
    @discardableResult
    public func deleteCategory(named name: String, movingTransactionsTo other: String? = nil, force: Bool = false) throws -> Int {
        try writing {
            let row = try categoryRow(named: name)
            let count = Int(try connection.int64("SELECT count(*) FROM transactions WHERE category_id = ?", [.integer(row.id)]) ?? 0)
            if let other {
                let target = try categoryRow(named: other)
                if target.id == row.id { throw BudgetError.moveToSameCategory(row.name) }
                try connection.run("UPDATE transactions SET category_id = ? WHERE category_id = ?", [.integer(target.id), .integer(row.id)])
            } else if count > 0 {
                guard force else { throw BudgetError.categoryInUse(row.name, transactionCount: count) }
                try connection.run("DELETE FROM transactions WHERE category_id = ?", [.integer(row.id)])
            }
            try connection.run("DELETE FROM categories WHERE id = ?", [.integer(row.id)])
            return count
        }
    }

    // MARK: - Internals

    struct CategoryRow {
        /// The columns ``init(_:)`` reads, in order.
        static let columns = "id, name, kind, rollover"

        let id: Int64
        let name: String
        let kind: BudgetCategory.Kind
        let rollover: Bool

        init(_ row: Row) {
            id = row.int64(0)
            name = row.text(1)
            kind = BudgetCategory.Kind(rawValue: row.text(2)) ?? .expense
            rollover = row.int64(3) != 0
        }
    }

    /// Every category row, by name.
    func allCategoryRows() throws -> [CategoryRow] {
        try connection.cached("SELECT \(CategoryRow.columns) FROM categories ORDER BY name_key").map([], CategoryRow.init)
    }

    /// The category row for `name`, ignoring case.
    func categoryRow(named name: String) throws -> CategoryRow {
        let key = BudgetCategory.nameKey(name.trimmingSpaces())
        let row = try connection.cached("SELECT \(CategoryRow.columns) FROM categories WHERE name_key = ?").first([.text(key)], CategoryRow.init)
        guard let row else { throw BudgetError.unknownCategory(name) }
        return row
    }

    func budgetHistory(categoryID: Int64) throws -> [BudgetChange] {
        try connection.cached("SELECT month, amount, scope FROM budgets WHERE category_id = ? ORDER BY month, scope").map([.integer(categoryID)]) {
            BudgetChange(month: Month(iso: $0.text(0)) ?? Month(year: 1, month: 1)!, amount: $0.money(1),
                         scope: BudgetChange.Scope(rawValue: $0.text(2)) ?? .from)
        }
    }

    func allBudgetHistories() throws -> [Int64: [BudgetChange]] {
        var histories: [Int64: [BudgetChange]] = [:]
        try connection.cached("SELECT category_id, month, amount, scope FROM budgets ORDER BY category_id, month, scope").forEachRow {
            histories[$0.int64(0), default: []].append(
                BudgetChange(month: Month(iso: $0.text(1)) ?? Month(year: 1, month: 1)!, amount: $0.money(2),
                             scope: BudgetChange.Scope(rawValue: $0.text(3)) ?? .from))
        }
        return histories
    }

    private func upsertBudget(categoryID: Int64, month: Month, scope: BudgetChange.Scope, amount: Money) throws {
        try connection.run("""
            INSERT INTO budgets (category_id, month, scope, amount) VALUES (?, ?, ?, ?)
            ON CONFLICT (category_id, scope, month) DO UPDATE SET amount = excluded.amount
            """, [.integer(categoryID), month.sqliteValue, .text(scope.rawValue), amount.sqliteValue])
    }

    /// The name without surrounding spaces; refuses empty names and control characters.
    static func validCategoryName(_ name: String) throws -> String {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw BudgetError.invalidCategoryName(name)
        }
        return trimmed
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
