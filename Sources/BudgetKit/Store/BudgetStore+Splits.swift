extension BudgetStore {
    /// A split's part with its category found.
    struct ResolvedPart {
        let categoryID: Int64
        /// The part as stored, its category named as the book writes it.
        let part: SplitPart
    }

    /// Finds the parts' categories and checks the split: at least one part, categories of one
    /// kind, parts summing to `total` exactly.
    ///
    /// - Returns: the parts and the kind of the transaction they make.
    /// - Throws: ``BudgetError/emptySplit``, ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/splitMixesKinds(expense:income:)``, ``BudgetError/splitDoesNotSum(total:parts:)``,
    ///   ``BudgetError/totalTooLarge``.
    func resolveParts(_ parts: [SplitPart], total: Money) throws -> (parts: [ResolvedPart], kind: Transaction.Kind) {
        guard !parts.isEmpty else { throw BudgetError.emptySplit }
        var resolved: [ResolvedPart] = []
        var expense: String?, income: String?
        var sum = Money.zero
        for part in parts {
            let row = try categoryRow(named: part.category)
            if row.kind == .income { income = income ?? row.name } else { expense = expense ?? row.name }
            if let expense, let income { throw BudgetError.splitMixesKinds(expense: expense, income: income) }
            sum = try sum.adding(part.amount)
            resolved.append(ResolvedPart(categoryID: row.id, part: SplitPart(category: row.name, amount: part.amount, note: part.note)))
        }
        if sum != total { throw BudgetError.splitDoesNotSum(total: total, parts: sum) }
        return (resolved, income == nil ? .expense : .income)
    }

    /// Replaces the parts of transaction `id` with `parts`, dated `date`.
    func writeParts(_ parts: [ResolvedPart], transactionID id: Int64, date: Day) throws {
        try connection.run("DELETE FROM transaction_splits WHERE transaction_id = ?", [.integer(id)])
        for (position, part) in parts.enumerated() {
            try connection.run("""
                INSERT INTO transaction_splits (transaction_id, position, category_id, amount, note, date) VALUES (?, ?, ?, ?, ?, ?)
                """, [.integer(id), .integer(Int64(position + 1)), .integer(part.categoryID), part.part.amount.sqliteValue,
                      .text(part.part.note), date.sqliteValue])
        }
    }
}
