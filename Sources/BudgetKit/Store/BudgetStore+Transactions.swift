extension BudgetStore {
    /// Adds a transaction.
    ///
    /// ```swift
    /// let lunch = try store.addTransaction(amount: Money(parsing: "12.50"), category: "Food", payee: "Lunch")
    /// let refund = try store.addTransaction(amount: Money(parsing: "-2.25"), category: "Food", payee: "Refund")
    /// ```
    ///
    /// - Parameters:
    ///   - amount: positive in the category's direction (spent, or received for income); negative for a refund.
    ///   - category: the category's name, ignoring case.
    ///   - date: the day; today by default.
    /// - Returns: the new transaction, with its id.
    /// - Throws: ``BudgetError/unknownCategory(_:)``.
    @discardableResult
    public func addTransaction(amount: Money, category: String, payee: String = "", date: Day = .today(), note: String = "") throws -> Transaction {
        try writing {
            let row = try categoryRow(named: category)
            try connection.run("INSERT INTO transactions (date, amount, category_id, payee, note) VALUES (?, ?, ?, ?, ?)",
                               [date.sqliteValue, amount.sqliteValue, .integer(row.id), .text(payee), .text(note)])
            return Transaction(id: connection.lastInsertRowID, date: date, amount: amount, category: row.name, payee: payee, note: note,
                               kind: row.kind)
        }
    }

    /// Changes some fields of a transaction.
    ///
    /// ```swift
    /// try store.editTransaction(id: 7, TransactionChanges(note: "birthday"))
    /// try store.editTransaction(id: 8, TransactionChanges(category: "Salary"), kindChange: .negateAmount)
    /// ```
    ///
    /// Moving it to a category of the other kind (expense to income or back) would change what
    /// its amount means, so it is refused unless `kindChange` says what to do with the amount,
    /// or `changes` gives a new amount (read in the new category's direction).
    ///
    /// - Parameters:
    ///   - id: the transaction.
    ///   - changes: the fields to change.
    ///   - kindChange: what to do with the current amount when the category changes kind.
    /// - Returns: the transaction as it now is.
    /// - Throws: ``BudgetError/unknownTransaction(_:)``, ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/transactionWouldChangeKind(id:amount:from:fromKind:to:toKind:)``,
    ///   ``BudgetError/totalTooLarge`` when the amount to negate has no negation in 64 bits.
    @discardableResult
    public func editTransaction(id: Int64, _ changes: TransactionChanges, kindChange: KindChange = .refuse) throws -> Transaction {
        try writing {
            var transaction = try fetchTransaction(id: id)
            let current = try connection.cached("""
                SELECT \(CategoryRow.columns) FROM categories WHERE id = (SELECT category_id FROM transactions WHERE id = ?)
                """).first([.integer(id)], CategoryRow.init)
            guard let current else { throw BudgetError.unknownTransaction(id) }
            var categoryID = current.id
            if let name = changes.category {
                let row = try categoryRow(named: name)
                if row.kind != current.kind && changes.amount == nil {
                    switch kindChange {
                    case .refuse:
                        throw BudgetError.transactionWouldChangeKind(id: id, amount: transaction.amount, from: current.name,
                                                                     fromKind: current.kind, to: row.name, toKind: row.kind)
                    case .keepAmount:
                        break
                    case .negateAmount:
                        transaction.amount = try Money.zero.subtracting(transaction.amount)
                    }
                }
                categoryID = row.id
                transaction.category = row.name
                transaction.kind = row.kind
            }
            if let amount = changes.amount { transaction.amount = amount }
            if let payee = changes.payee { transaction.payee = payee }
            if let note = changes.note { transaction.note = note }
            if let date = changes.date { transaction.date = date }
            try connection.run("UPDATE transactions SET date = ?, amount = ?, category_id = ?, payee = ?, note = ? WHERE id = ?",
                               [transaction.date.sqliteValue, transaction.amount.sqliteValue, .integer(categoryID),
                                .text(transaction.payee), .text(transaction.note), .integer(id)])
            return transaction
        }
    }

    /// Deletes transactions: all of them, or, when one id is unknown, none.
    ///
    /// - Throws: ``BudgetError/unknownTransaction(_:)`` naming the first unknown id.
    public func deleteTransactions(ids: [Int64]) throws {
        var seen = Set<Int64>()
        try writing {
            for id in ids where seen.insert(id).inserted {
                try connection.run("DELETE FROM transactions WHERE id = ?", [.integer(id)])
                if connection.changes == 0 { throw BudgetError.unknownTransaction(id) }
            }
        }
    }

    /// The transaction with this id.
    ///
    /// - Throws: ``BudgetError/unknownTransaction(_:)``.
    public func transaction(id: Int64) throws -> Transaction {
        try reading { try fetchTransaction(id: id) }
    }

    /// The transactions matching `filter`, by date then id.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)`` when the filter names one that does not exist.
    public func transactions(matching filter: TransactionFilter = .init()) throws -> [Transaction] {
        var result: [Transaction] = []
        try forEachTransaction(matching: filter) { result.append($0) }
        return result
    }

    /// Calls `body` with each transaction matching `filter`, by date then id, without holding them
    /// all in memory: what `export` streams with.
    ///
    /// The rows come from one read snapshot: a concurrent writer never makes a row appear twice,
    /// and the totals returned are those of exactly the rows delivered.
    ///
    /// ```swift
    /// let totals = try store.forEachTransaction(matching: TransactionFilter(month: .current())) { print($0) }
    /// print(try totals.spent, try totals.earned, try totals.net)
    /// ```
    ///
    /// - Returns: what the delivered rows spent and earned (``TransactionTotals``).
    /// - Throws: ``BudgetError/unknownCategory(_:)``, or whatever `body` throws.
    @discardableResult
    public func forEachTransaction(matching filter: TransactionFilter, _ body: (Transaction) throws -> Void) throws -> TransactionTotals {
        try reading {
            let (sql, values) = try TransactionQuery.select(filter: filter, categoryID: filter.category.map { try categoryRow(named: $0).id })
            let statement = try connection.prepare(sql)
            var totals = TransactionTotals()
            try connection.inReadTransaction {
                try statement.forEachRow(values) { row in
                    let transaction = TransactionQuery.transaction(from: row)
                    totals.add(transaction.amount, kind: transaction.kind)
                    try body(transaction)
                }
            }
            return totals
        }
    }

    func fetchTransaction(id: Int64) throws -> Transaction {
        let transaction = try connection.cached(TransactionQuery.selectByID).first([.integer(id)]) { TransactionQuery.transaction(from: $0) }
        guard let transaction else { throw BudgetError.unknownTransaction(id) }
        return transaction
    }
}

/// The SQL that reads transactions. Filters become fixed fragments with `?` placeholders: user
/// text only ever travels as bound values.
enum TransactionQuery {
    /// What a transaction query reads: ``transaction(from:)``'s fields, the category's id, and
    /// the payee case-folded (NULL unless a live list sorts by payee).
    enum Column: Int32, SelectedColumns {
        case id, date, amount, category, payee, note, kind, categoryID, foldedPayee

        func sql(foldingPayee: Bool) -> String {
            switch self {
            case .id: return "t.id"
            case .date: return "t.date"
            case .amount: return "t.amount"
            // A row whose category the sqlite3 shell deleted is still listed (`budget check` names it).
            case .category: return "coalesce(c.name, '')"
            case .payee: return "t.payee"
            case .note: return "t.note"
            case .kind: return "coalesce(c.kind, 'expense')"
            case .categoryID: return "t.category_id"
            case .foldedPayee: return foldingPayee ? "budget_fold(t.payee)" : "NULL"
            }
        }
    }

    /// The SELECT list of ``Column``.
    static func columns(foldingPayee: Bool = false) -> String {
        Column.selectList { $0.sql(foldingPayee: foldingPayee) }
    }

    static let from = "transactions AS t LEFT JOIN categories AS c ON c.id = t.category_id"
    static let selectByID = "SELECT \(columns()) FROM \(from) WHERE t.id = ?"

    static func transaction(from row: Row) -> Transaction {
        Transaction(id: row.int64(Column.id), date: row.day(Column.date), amount: row.money(Column.amount),
                    category: row.text(Column.category), payee: row.text(Column.payee), note: row.text(Column.note),
                    kind: BudgetCategory.Kind(rawValue: row.text(Column.kind)) ?? .expense)
    }

    /// The WHERE clause (possibly empty) and its values for `filter`, with `categoryID` the id its
    /// category name resolved to.
    static func whereClause(filter: TransactionFilter, categoryID: Int64?) -> (String, [SQLiteValue]) {
        var conditions: [String] = []
        var values: [SQLiteValue] = []
        /// One condition and its values; a filter field that is not set adds nothing.
        func add(_ condition: String, _ bound: SQLiteValue?...) {
            let bound = bound.compactMap { $0 }
            guard !bound.isEmpty else { return }
            conditions.append(condition)
            values += bound
        }
        add("t.date BETWEEN ? AND ?", filter.month?.firstDay.sqliteValue, filter.month?.lastDay.sqliteValue)
        add("t.date >= ?", filter.from?.sqliteValue)
        add("t.date <= ?", filter.to?.sqliteValue)
        add("t.category_id = ?", categoryID.map(SQLiteValue.integer))
        add("t.category_id = ?", filter.categoryID.map(SQLiteValue.integer))
        add("instr(budget_fold(t.payee), ?) > 0", filter.payee.flatMap { $0.isEmpty ? nil : .text($0.caseFolded()) })
        add("t.amount >= ?", filter.minAmount?.sqliteValue)
        add("t.amount <= ?", filter.maxAmount?.sqliteValue)
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }

    static func select(filter: TransactionFilter, categoryID: Int64?) -> (String, [SQLiteValue]) {
        let (condition, values) = whereClause(filter: filter, categoryID: categoryID)
        guard let limit = filter.limit else {
            return ("SELECT \(columns()) FROM \(from)\(condition) ORDER BY t.date, t.id", values)
        }
        // The most recent `limit` rows, printed oldest first.
        return ("""
            SELECT * FROM (SELECT \(columns()) FROM \(from)\(condition) ORDER BY t.date DESC, t.id DESC LIMIT ?)
            ORDER BY date, id
            """, values + [.integer(Int64(max(0, limit)))])
    }
}
