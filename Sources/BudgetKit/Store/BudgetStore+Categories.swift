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
    /// - Throws: ``BudgetError/duplicateCategory(_:)``, ``BudgetError/invalidCategoryName(_:)``,
    ///   ``BudgetError/invisibleCharacterInCategoryName(_:_:)``.
    @discardableResult
    public func addCategory(named name: String, monthlyBudget: Money, kind: BudgetCategory.Kind = .expense,
                            from month: Month = .current(), rollover: Bool = false) throws -> BudgetCategory {
        let name = try BudgetStore.newCategoryName(name)
        return try writing {
            do {
                try connection.run("INSERT INTO categories (id, name, name_key, kind, rollover) VALUES (?, ?, ?, ?, ?)",
                                   [try nextID(for: "categories"), .text(name), .text(BudgetCategory.nameKey(name)), .text(kind.rawValue), rollover.sqliteValue])
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
    /// A name is looked up exactly first, then by its key (``BudgetCategory/nameKey(_:)``): the
    /// two differ only in a book from before schema 2 that held two names folding to one key
    /// (`Straße` and `STRASSE`), where the category that did not get the key is found by its
    /// exact name.
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

    /// Renames a category; its transactions, budgets and rules follow it.
    ///
    /// Changing only the case (`food` to `Food`) is allowed.
    /// - Throws: ``BudgetError/unknownCategory(_:)``, ``BudgetError/duplicateCategory(_:)``,
    ///   ``BudgetError/invalidCategoryName(_:)``, ``BudgetError/invisibleCharacterInCategoryName(_:_:)``.
    public func renameCategory(named name: String, to newName: String) throws {
        let newName = try BudgetStore.newCategoryName(newName)
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

    // MARK: - Internals

    struct CategoryRow {
        /// The columns ``init(_:)`` reads (table `categories`, unaliased), then its name key.
        enum Column: Int32, FixedColumns {
            case id, name, kind, rollover, nameKey
            var sql: String {
                switch self {
                case .id: "id"
                case .name: "name"
                case .kind: "kind"
                case .rollover: "rollover"
                case .nameKey: "name_key"
                }
            }
        }

        /// The SELECT list ``init(_:)`` reads.
        static let columns = Column.selectList

        let id: Int64
        let name: String
        let kind: BudgetCategory.Kind
        let rollover: Bool
        /// The name's unique key (case folded).
        let key: String

        init(_ row: Row) {
            id = row.int64(Column.id)
            name = row.text(Column.name)
            kind = BudgetCategory.Kind(rawValue: row.text(Column.kind)) ?? .expense
            rollover = row.int64(Column.rollover) != 0
            key = row.text(Column.nameKey)
        }
    }

    /// Every category row, by name.
    func allCategoryRows() throws -> [CategoryRow] {
        try connection.cached("SELECT \(CategoryRow.columns) FROM categories ORDER BY name_key").map([], CategoryRow.init)
    }

    /// The category row for `name`: the one with exactly that name, else the one with its key
    /// (ignoring case).
    func categoryRow(named name: String) throws -> CategoryRow {
        let trimmed = name.trimmingSpaces()
        let row = try connection.cached("""
            SELECT \(CategoryRow.columns) FROM categories WHERE name = ?1 OR name_key = ?2 ORDER BY name = ?1 DESC LIMIT 1
            """).first([.text(trimmed), .text(BudgetCategory.nameKey(trimmed))], CategoryRow.init)
        guard let row else { throw BudgetError.unknownCategory(name) }
        return row
    }

    /// The name without surrounding spaces; refuses empty names and control characters.
    static func validCategoryName(_ name: String) throws -> String {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw BudgetError.invalidCategoryName(name)
        }
        return trimmed
    }

    /// The name ``addCategory(named:monthlyBudget:kind:from:rollover:)`` and
    /// ``renameCategory(named:to:)`` would give a category, checked as they check it, with no
    /// book opened: a caller about to create a book for a new category refuses a bad name first.
    ///
    /// Refuses what ``validCategoryName(_:)`` refuses, and the characters that draw nothing
    /// (``InvisibleCharacters``). Names already in a book are not held to this: they are
    /// found, used and checked as before.
    ///
    /// ```swift
    /// let name = try BudgetStore.newCategoryName("  Eating out ")   // "Eating out"
    /// ```
    ///
    /// - Returns: the name without surrounding spaces and tabs.
    /// - Throws: ``BudgetError/invalidCategoryName(_:)``, ``BudgetError/invisibleCharacterInCategoryName(_:_:)``.
    public static func newCategoryName(_ name: String) throws -> String {
        let trimmed = try validCategoryName(name)
        if let character = InvisibleCharacters.first(in: trimmed) { throw BudgetError.invisibleCharacterInCategoryName(name, character) }
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
