extension BudgetStore {
    /// Deletes a category with its budget history, doing with its transactions what `deletion` says.
    ///
    /// ```swift
    /// let result = try store.deleteCategory(named: "Snacks", .moveTransactions(to: "Food"))
    /// result.transactionsMoved   // 12
    /// result.rulesMoved          // [rule 3: 'crisps' to Food]
    /// ```
    ///
    /// Moving keeps each transaction's id, date and amount and each rule's id and place in the
    /// order; into a category of the other kind it needs an explicit ``KindChange`` (a move of
    /// no transactions needs none). Everything happens in one write, or nothing does.
    ///
    /// - Returns: what moved, what was deleted, and the rules that followed.
    /// - Throws: ``BudgetError/unknownCategory(_:)``, ``BudgetError/categoryInUse(_:transactionCount:)``,
    ///   ``BudgetError/moveToSameCategory(_:)``,
    ///   ``BudgetError/moveWouldChangeKind(from:fromKind:to:toKind:transactionCount:)``,
    ///   ``BudgetError/totalTooLarge`` when an amount to negate has no negation in 64 bits.
    @discardableResult
    public func deleteCategory(named name: String, _ deletion: CategoryDeletion = .refuseIfUsed) throws -> CategoryDeletionResult {
        try writing {
            let row = try categoryRow(named: name)
            let count = Int(try connection.int64(CategoryUse.count, [.integer(row.id)]) ?? 0)
            let rules = try fetchRules(categoryID: row.id)
            let history = try budgetHistory(categoryID: row.id)
            var movedTo: String?, kindChange: KindChange?, rulesMoved: [ImportRule] = [], duplicates: [ImportRule] = []
            var deleted = 0, shrunk: [CategoryDeletionResult.ShrunkSplit] = []
            switch deletion {
            case .refuseIfUsed:
                if count > 0 { throw BudgetError.categoryInUse(row.name, transactionCount: count) }
            case .deleteTransactions:
                try refuseReconciledRows(categoryID: row.id)
                (deleted, shrunk) = try deleteTransactionsAndParts(categoryID: row.id)
            case .moveTransactions(let other, let choice):
                let target = try categoryRow(named: other)
                if target.id == row.id { throw BudgetError.moveToSameCategory(row.name) }
                if target.kind != row.kind && count > 0 {
                    kindChange = choice
                    switch choice {
                    case .refuse:
                        throw BudgetError.moveWouldChangeKind(from: row.name, fromKind: row.kind, to: target.name, toKind: target.kind,
                                                              transactionCount: count)
                    case .keepAmount:
                        try refuseMixedSplits(categoryID: row.id, kind: row.kind, target: target)
                        // The same numbers now flow the other way: balances change.
                        try refuseReconciledRows(categoryID: row.id)
                    case .negateAmount:
                        try refuseMixedSplits(categoryID: row.id, kind: row.kind, target: target)
                        try negateAmounts(categoryID: row.id)
                    }
                }
                try connection.run("UPDATE transactions SET category_id = ? WHERE category_id = ?", [.integer(target.id), .integer(row.id)])
                try connection.run("UPDATE transaction_splits SET category_id = ? WHERE category_id = ?", [.integer(target.id), .integer(row.id)])
                try connection.run("UPDATE rules SET category_id = ? WHERE category_id = ?", [.integer(target.id), .integer(row.id)])
                duplicates = try removeDuplicateRules(categoryID: target.id, moved: Set(rules.map(\.id)))
                let removed = Set(duplicates.map(\.id))
                rulesMoved = rules.filter { !removed.contains($0.id) }.map { rule in
                    var moved = rule
                    moved.category = target.name
                    return moved
                }
                movedTo = target.name
            }
            try connection.run("DELETE FROM categories WHERE id = ?", [.integer(row.id)])
            return CategoryDeletionResult(
                category: row.name, kind: row.kind, movedTo: movedTo, transactionsMoved: movedTo == nil ? 0 : count,
                kindChange: kindChange, transactionsDeleted: deleted, rulesMoved: rulesMoved,
                duplicateRulesRemoved: duplicates, rulesDeleted: movedTo == nil ? rules : [], budgetHistory: history, splitsShrunk: shrunk)
        }
    }

    /// Deletes a category: the form before ``CategoryDeletion``, kept for existing callers.
    ///
    /// `other` moves the transactions (refusing a move across kinds), else `force` deletes them,
    /// else a category with transactions is refused.
    ///
    /// - Returns: how many transactions were moved or deleted, or lost the category's part of
    ///   their split.
    /// - Throws: as ``deleteCategory(named:_:)``.
    @discardableResult
    public func deleteCategory(named name: String, movingTransactionsTo other: String?, force: Bool) throws -> Int {
        let deletion: CategoryDeletion = other.map { .moveTransactions(to: $0) } ?? (force ? .deleteTransactions : .refuseIfUsed)
        let result = try deleteCategory(named: name, deletion)
        return result.transactionsMoved + result.transactionsDeleted + result.splitsShrunk.count
    }

    // MARK: - Internals

    /// Negates every amount of the category, refusing (before changing anything) an amount whose
    /// negation does not fit in 64 bits.
    func negateAmounts(categoryID: Int64) throws {
        let unnegatable = try connection.int64("""
            SELECT count(*) FROM transactions WHERE (category_id = ?1 OR id IN (\(CategoryUse.splitsIn))) AND amount = ?2
            """, [.integer(categoryID), .integer(.min)]) ?? 0
        if unnegatable > 0 { throw BudgetError.totalTooLarge }
        try connection.run("UPDATE transactions SET amount = -amount WHERE category_id = ?1 OR id IN (\(CategoryUse.splitsIn))",
                           [.integer(categoryID)])
        try connection.run("UPDATE transaction_splits SET amount = -amount WHERE category_id = ?", [.integer(categoryID)])
    }

    /// Refuses to change the kind of a category that shares a split with other categories: the
    /// split would mix kinds.
    private func refuseMixedSplits(categoryID: Int64, kind: BudgetCategory.Kind, target: CategoryRow) throws {
        let other = try connection.cached("""
            SELECT c.name FROM transaction_splits AS p JOIN categories AS c ON c.id = p.category_id
            WHERE p.transaction_id IN (\(CategoryUse.splitsIn)) AND p.category_id <> ?1 ORDER BY p.transaction_id, p.position LIMIT 1
            """).first([.integer(categoryID)]) { $0.text(0) }
        guard let other else { return }
        throw target.kind == .income ? BudgetError.splitMixesKinds(expense: other, income: target.name)
                                     : BudgetError.splitMixesKinds(expense: target.name, income: other)
    }

    /// Refuses when a transaction in the category (or a split with a part in it) is dated on or
    /// before its account's last reconciliation.
    private func refuseReconciledRows(categoryID: Int64) throws {
        enum Covered: Int32, SelectedColumns { case id, accountID }
        let covered = try connection.cached("""
            SELECT t.id, t.account_id FROM transactions AS t
            WHERE (t.category_id = ?1 OR t.id IN (\(CategoryUse.splitsIn)))
                AND EXISTS (SELECT 1 FROM reconciliations AS r WHERE r.account_id = t.account_id AND r.statement_date >= t.date)
            ORDER BY t.date, t.id LIMIT 1
            """).first([.integer(categoryID)]) { ($0.int64(Covered.id), $0.int64(Covered.accountID)) }
        guard let (id, accountID) = covered, let last = try lastReconciliation(accountID: accountID) else { return }
        throw BudgetError.reconciledTransaction(id: id, last)
    }

    /// Deletes the category's transactions, and its parts of splits: a split's amount drops by
    /// the parts removed, and a split left with no part goes.
    ///
    /// - Returns: how many transactions were deleted, and the splits kept with their other parts.
    private func deleteTransactionsAndParts(categoryID: Int64) throws -> (deleted: Int, shrunk: [CategoryDeletionResult.ShrunkSplit]) {
        let id = SQLiteValue.integer(categoryID)
        enum Kept: Int32, SelectedColumns { case id, before, after }
        // Their amounts as the UPDATE below computes them.
        let shrunk = try connection.prepare("""
            SELECT t.id, t.amount, t.amount - (SELECT sum(p.amount) FROM transaction_splits AS p WHERE p.transaction_id = t.id AND p.category_id = ?1)
            FROM transactions AS t WHERE t.id IN (\(CategoryUse.splitsIn))
                AND EXISTS (SELECT 1 FROM transaction_splits AS p WHERE p.transaction_id = t.id AND p.category_id <> ?1)
            ORDER BY t.id
            """).map([id]) {
            CategoryDeletionResult.ShrunkSplit(transactionID: $0.int64(Kept.id), amountBefore: $0.money(Kept.before), amount: $0.money(Kept.after))
        }
        try connection.run("DELETE FROM transactions WHERE category_id = ?", [id])
        var deleted = connection.changes
        try connection.run("""
            DELETE FROM transactions WHERE id IN (\(CategoryUse.splitsIn))
                AND NOT EXISTS (SELECT 1 FROM transaction_splits AS p WHERE p.transaction_id = transactions.id AND p.category_id <> ?1)
            """, [id])
        deleted += connection.changes
        try connection.run("""
            UPDATE transactions SET amount = amount - (SELECT sum(p.amount) FROM transaction_splits AS p
                WHERE p.transaction_id = transactions.id AND p.category_id = ?1)
            WHERE id IN (\(CategoryUse.splitsIn))
            """, [id])
        try connection.run("DELETE FROM transaction_splits WHERE category_id = ?", [id])
        return (deleted, shrunk)
    }

    /// Removes the category's rules whose pattern an earlier rule of it has (ignoring case),
    /// with the same field, mode, direction and payee, where one of the two is in `moved`;
    /// returns them as they were.
    private func removeDuplicateRules(categoryID: Int64, moved: Set<Int64>) throws -> [ImportRule] {
        var earliest: [String: ImportRule] = [:]
        var duplicates: [ImportRule] = []
        for rule in try fetchRules(categoryID: categoryID) {
            let key = [rule.pattern.caseFolded(), rule.field.rawValue, rule.mode.rawValue, rule.direction?.rawValue ?? "",
                       rule.payee ?? "\u{0}"].joined(separator: "\u{0}")
            if let earlier = earliest[key] {
                if moved.contains(rule.id) || moved.contains(earlier.id) { duplicates.append(rule) }
            } else {
                earliest[key] = rule
            }
        }
        for rule in duplicates { try connection.run("DELETE FROM rules WHERE id = ?", [.integer(rule.id)]) }
        return duplicates
    }
}

/// How a category is used by transactions and by parts of splits.
enum CategoryUse {
    /// The ids of the splits with a part in category `?1`.
    static let splitsIn = "SELECT transaction_id FROM transaction_splits WHERE category_id = ?1"
    /// How many transactions use category `?1`: in it, or split with a part in it.
    static let count = "SELECT count(*) FROM transactions WHERE category_id = ?1 OR id IN (\(splitsIn))"
}
