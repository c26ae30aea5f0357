extension BudgetStore {
    /// Adds a transaction.
    ///
    /// ```swift
    /// let lunch = try store.addTransaction(amount: Money(parsing: "12.50"), category: "Food", payee: "Lunch")
    /// let refund = try store.addTransaction(amount: Money(parsing: "-2.25"), category: "Food", payee: "Refund")
    /// let card = try store.addTransaction(amount: Money(parsing: "40"), category: "Fuel", account: "Visa")
    /// ```
    ///
    /// - Parameters:
    ///   - amount: positive in the category's direction (spent, or received for income); negative for a refund.
    ///   - category: the category's name, ignoring case.
    ///   - date: the day; today by default.
    ///   - account: the account's name or number; the default account when `nil`.
    ///   - reconciled: whether a date on or before the account's last reconciliation is allowed.
    /// - Returns: the new transaction, with its id.
    /// - Throws: ``BudgetError/unknownCategory(_:)``, ``BudgetError/unknownAccount(_:)``,
    ///   ``BudgetError/accountClosed(_:closedOn:date:)``, ``BudgetError/dateInReconciledPeriod(_:_:)``.
    @discardableResult
    public func addTransaction(amount: Money, category: String, payee: String = "", date: Day = .today(), note: String = "",
                               account: String? = nil, reconciled: ReconciledChanges = .refuse) throws -> Transaction {
        try writing {
            let row = try categoryRow(named: category)
            let target = try openAccountRow(named: account, on: date)
            let kind = Transaction.Kind(row.kind)
            try guardReconciled(old: [], new: BalanceEffect.of(kind: kind, amount: amount, date: date, accountID: target.id,
                                                               transferAccountID: nil), id: nil, policy: reconciled)
            try connection.run("""
                INSERT INTO transactions (id, date, amount, category_id, payee, note, account_id) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [try nextID(for: "transactions"), date.sqliteValue, amount.sqliteValue, .integer(row.id), .text(payee), .text(note), .integer(target.id)])
            return Transaction(id: connection.lastInsertRowID, date: date, amount: amount, category: row.name, payee: payee, note: note,
                               kind: kind, account: target.name)
        }
    }

    /// Adds one payment split across several categories: its parts, each in its category, sum
    /// to `amount` exactly.
    ///
    /// ```swift
    /// try store.addTransaction(amount: Money(parsing: "82.40"), splits: [
    ///     SplitPart(category: "Food", amount: Money(parsing: "60")),
    ///     SplitPart(category: "Household", amount: Money(parsing: "22.40")),
    /// ], payee: "Market")
    /// ```
    ///
    /// The parts are all expense categories (a negative part is a refund) or all income
    /// categories: a split of both would mean money went two ways at once.
    ///
    /// - Throws: ``BudgetError/emptySplit``, ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/splitMixesKinds(expense:income:)``, ``BudgetError/splitDoesNotSum(total:parts:)``,
    ///   and what ``addTransaction(amount:category:payee:date:note:account:reconciled:)`` throws.
    @discardableResult
    public func addTransaction(amount: Money, splits: [SplitPart], payee: String = "", date: Day = .today(), note: String = "",
                               account: String? = nil, reconciled: ReconciledChanges = .refuse) throws -> Transaction {
        try writing {
            let parts = try resolveParts(splits, total: amount)
            let target = try openAccountRow(named: account, on: date)
            try guardReconciled(old: [], new: BalanceEffect.of(kind: parts.kind, amount: amount, date: date, accountID: target.id,
                                                               transferAccountID: nil), id: nil, policy: reconciled)
            try connection.run("INSERT INTO transactions (id, date, amount, category_id, payee, note, account_id) VALUES (?, ?, ?, NULL, ?, ?, ?)",
                               [try nextID(for: "transactions"), date.sqliteValue, amount.sqliteValue, .text(payee), .text(note),
                                .integer(target.id)])
            let id = connection.lastInsertRowID
            try writeParts(parts.parts, transactionID: id, date: date)
            return Transaction(id: id, date: date, amount: amount, category: "", payee: payee, note: note, kind: parts.kind,
                               account: target.name, splits: parts.parts.map(\.part))
        }
    }

    /// Moves money from one account to another: one transaction with two sides, no category,
    /// never spending or income. Paying a credit card is a transfer to it.
    ///
    /// ```swift
    /// try store.transfer(amount: Money(parsing: "500"), from: "Checking", to: "Savings")
    /// ```
    ///
    /// - Throws: ``BudgetError/invalidTransferAmount(_:)`` (zero or less),
    ///   ``BudgetError/unknownAccount(_:)``, ``BudgetError/transferToSameAccount(_:)``,
    ///   ``BudgetError/accountClosed(_:closedOn:date:)``, ``BudgetError/dateInReconciledPeriod(_:_:)``.
    @discardableResult
    public func transfer(amount: Money, from: String, to: String, date: Day = .today(), note: String = "", payee: String = "",
                         reconciled: ReconciledChanges = .refuse) throws -> Transaction {
        guard amount > .zero else { throw BudgetError.invalidTransferAmount(amount) }
        return try writing {
            let source = try openAccountRow(named: from, on: date)
            let target = try openAccountRow(named: to, on: date)
            if source.id == target.id { throw BudgetError.transferToSameAccount(source.name) }
            try guardReconciled(old: [], new: BalanceEffect.of(kind: .transfer, amount: amount, date: date, accountID: source.id,
                                                               transferAccountID: target.id), id: nil, policy: reconciled)
            try connection.run("""
                INSERT INTO transactions (id, date, amount, category_id, payee, note, account_id, transfer_account_id)
                VALUES (?, ?, ?, NULL, ?, ?, ?, ?)
                """, [try nextID(for: "transactions"), date.sqliteValue, amount.sqliteValue, .text(payee), .text(note), .integer(source.id), .integer(target.id)])
            return Transaction(id: connection.lastInsertRowID, date: date, amount: amount, category: "", payee: payee, note: note,
                               kind: .transfer, account: source.name, transferAccount: target.name)
        }
    }

    /// Deletes transactions (a transfer with both its sides, a split with its parts): all of
    /// them or, when one id is unknown or one is refused, none.
    ///
    /// An imported transaction's import key is remembered with its account (`import_tombstones`,
    /// see ``ImportTombstones``), so importing its file into that account again does not bring it
    /// back (see ``ImportOptions/includesDeleted``); the same row in another account's file is
    /// still imported.
    ///
    /// - Throws: ``BudgetError/unknownTransaction(_:)`` naming the first unknown id,
    ///   ``BudgetError/reconciledTransaction(id:_:)``.
    public func deleteTransactions(ids: [Int64], reconciled: ReconciledChanges = .refuse) throws {
        var seen = Set<Int64>()
        try writing {
            for id in ids where seen.insert(id).inserted {
                let stored = try storedTransaction(id: id)
                try guardReconciled(old: stored.effects, new: [], id: id, policy: reconciled)
                // An imported row stays deleted: its key is remembered in its account, so importing again skips it.
                try connection.run(ImportTombstones.remember, [Day.today().sqliteValue, .integer(id)])
                try connection.run(ImportTombstones.rememberTransfer, [.integer(id)])
                try connection.run("DELETE FROM transactions WHERE id = ?", [.integer(id)])
            }
        }
    }

    /// The transaction with this id.
    ///
    /// - Throws: ``BudgetError/unknownTransaction(_:)``.
    public func transaction(id: Int64) throws -> Transaction {
        try reading { try fetchTransaction(id: id) }
    }

    /// The transactions matching `filter`, in the order of `sort` (by default by date, then id).
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)`` or ``BudgetError/unknownAccount(_:)`` when the
    ///   filter names one that does not exist.
    public func transactions(matching filter: TransactionFilter = .init(), sortedBy sort: TransactionSort = .init()) throws -> [Transaction] {
        var result: [Transaction] = []
        try forEachTransaction(matching: filter, sortedBy: sort) { result.append($0) }
        return result
    }

    /// Calls `body` with each transaction matching `filter`, in the order of `sort` (by default
    /// by date, then id), without holding them all in memory: what `export` streams with.
    ///
    /// The order is a live list's with the same sort (``TransactionSort``): each key in its own
    /// direction, ties broken by id in the first key's. With the filter's
    /// ``TransactionFilter/limit``, the most recent `limit` rows are kept, then sorted.
    ///
    /// The rows come from one read snapshot: a concurrent writer never makes a row appear twice,
    /// and the totals returned are those of exactly the rows delivered.
    ///
    /// ```swift
    /// let totals = try store.forEachTransaction(matching: TransactionFilter(month: .current())) { print($0) }
    /// print(try totals.spent, try totals.earned, try totals.net)
    /// let largestFirst = TransactionSort([.ascending(.category), .descending(.amount)])
    /// try store.forEachTransaction(matching: TransactionFilter(), sortedBy: largestFirst) { print($0) }
    /// ```
    ///
    /// - Returns: what the delivered rows spent and earned (``TransactionTotals``).
    /// - Throws: ``BudgetError/unknownCategory(_:)``, ``BudgetError/unknownAccount(_:)``, or
    ///   whatever `body` throws.
    /// - Complexity: by date alone, rows stream in the date index's order; any other sort has
    ///   SQLite sort the matching rows first.
    @discardableResult
    public func forEachTransaction(matching filter: TransactionFilter, sortedBy sort: TransactionSort = .init(),
                                   _ body: (Transaction) throws -> Void) throws -> TransactionTotals {
        try reading {
            let resolved = try resolvedIDs(of: filter)
            var totals = TransactionTotals()
            try connection.inReadTransaction {
                try forEachRow(matching: filter, resolved: resolved, sort: sort) { transaction in
                    totals.add(transaction)
                    try body(transaction)
                }
            }
            return totals
        }
    }

    // MARK: - Internals

    /// The ids the filter's category and account names resolve to now.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)``, ``BudgetError/unknownAccount(_:)``.
    func resolvedIDs(of filter: TransactionFilter) throws -> TransactionQuery.ResolvedIDs {
        TransactionQuery.ResolvedIDs(categoryID: try filter.category.map { try categoryRow(named: $0).id },
                                     accountID: try filter.account.map { try accountRow(named: $0).id },
                                     categoryIDs: try filter.categories.map { try categoryRow(named: $0).id },
                                     accountIDs: try filter.accounts.map { try accountRow(named: $0).id })
    }

    /// Each transaction matching the filter with its names resolved, in the order of `sort`
    /// after `sectioning` (by date then id unless given).
    func forEachRow(matching filter: TransactionFilter, resolved: TransactionQuery.ResolvedIDs, sort: TransactionSort = .init(),
                    sectioning: TransactionSectioning? = nil, _ body: (Transaction) throws -> Void) throws {
        let (sql, values) = TransactionQuery.select(filter: filter, resolved: resolved, sort: sort, sectioning: sectioning)
        let statement = try connection.prepare(sql)
        try statement.forEachRow(values) { row in try body(TransactionQuery.transaction(from: row, in: connection)) }
    }

    func fetchTransaction(id: Int64) throws -> Transaction {
        try storedTransaction(id: id).transaction
    }

    /// A transaction with the ids it is stored with.
    struct StoredTransaction {
        let transaction: Transaction
        let categoryID: Int64?
        let accountID: Int64
        let transferAccountID: Int64?

        /// What it does to the balances.
        var effects: [BalanceEffect] {
            BalanceEffect.of(kind: transaction.kind, amount: transaction.amount, date: transaction.date, accountID: accountID,
                             transferAccountID: transferAccountID)
        }
    }

    func storedTransaction(id: Int64) throws -> StoredTransaction {
        typealias Column = TransactionQuery.Column
        let stored = try connection.cached(TransactionQuery.selectByID).first([.integer(id)]) {
            StoredTransaction(transaction: try TransactionQuery.transaction(from: $0, in: connection),
                              categoryID: $0.optionalInt64(Column.categoryID), accountID: $0.int64(Column.accountID),
                              transferAccountID: $0.optionalInt64(Column.transferAccountID))
        }
        guard let stored else { throw BudgetError.unknownTransaction(id) }
        return stored
    }
}
