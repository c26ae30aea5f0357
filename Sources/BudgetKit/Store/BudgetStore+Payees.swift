/// A payee as ``BudgetStore/payees()`` lists it.
public struct PayeeSummary: Hashable, Sendable {
    /// The payee, exactly as stored (names differing in case are listed apart, side by side,
    /// so they can be merged).
    public let name: String
    /// How many transactions have it (transfers included).
    public let transactionCount: Int
    /// Money received minus money spent with it (income amounts minus expense amounts; split
    /// parts by their categories; transfers count nothing).
    public let net: Money
}

extension BudgetStore {
    /// Every payee with its number of transactions and net amount, sorted by name ignoring case
    /// (then exactly), so names differing only in case are listed together. Transactions with no
    /// payee are left out.
    ///
    /// - Throws: a database error, ``BudgetError/totalTooLarge``.
    /// - Complexity: one pass over the transactions.
    public func payees() throws -> [PayeeSummary] {
        try reading {
            enum Column: Int32, SelectedColumns { case payee, count, net }
            let payees = try connection.prepare("""
                SELECT t.payee, count(*), sum(CASE
                    WHEN t.transfer_account_id IS NOT NULL THEN 0
                    WHEN t.category_id IS NULL THEN (SELECT coalesce(sum(CASE WHEN c.kind = 'income' THEN p.amount ELSE -p.amount END), 0)
                        FROM transaction_splits AS p JOIN categories AS c ON c.id = p.category_id WHERE p.transaction_id = t.id)
                    ELSE (SELECT CASE WHEN c.kind = 'income' THEN t.amount ELSE -t.amount END FROM categories AS c WHERE c.id = t.category_id)
                    END)
                FROM transactions AS t WHERE t.payee <> '' GROUP BY t.payee
                """).map { PayeeSummary(name: $0.text(Column.payee), transactionCount: Int($0.int64(Column.count)), net: $0.money(Column.net)) }
            return payees.map { (key: $0.name.caseFolded(), payee: $0) }
                .sorted { ($0.key, $0.payee.name) < ($1.key, $1.payee.name) }
                .map(\.payee)
        }
    }

    /// Gives every transaction whose payee is one of `names` (compared case-folded:
    /// `AMAZON` merges `Amazon` and `amazon`) the payee `target`, in one write transaction.
    ///
    /// ```swift
    /// let changed = try store.mergePayees(["AMAZON MKTPLACE", "amazon.de"], into: "Amazon")
    /// ```
    ///
    /// - Returns: how many transactions changed (a row already named `target` exactly is not
    ///   counted).
    /// - Throws: ``BudgetError/invalidPayeeName(_:)`` for `target`;
    ///   ``BudgetError/unknownPayee(_:)`` for the first name no transaction has (nothing is
    ///   changed then).
    /// - Complexity: O(transactions × names).
    @discardableResult
    public func mergePayees(_ names: [String], into target: String) throws -> Int {
        let target = try Self.validPayeeName(target)
        return try writing {
            let exists = try connection.prepare("SELECT 1 FROM transactions WHERE budget_fold(payee) = ? LIMIT 1")
            let merge = try connection.prepare("UPDATE transactions SET payee = ?1 WHERE budget_fold(payee) = ?2 AND payee IS NOT ?1")
            var changed = 0
            for name in names {
                let folded = name.caseFolded()
                guard !name.isEmpty, try exists.first([.text(folded)], { _ in true }) != nil else { throw BudgetError.unknownPayee(name) }
                try merge.run([.text(target), .text(folded)])
                changed += connection.changes
            }
            return changed
        }
    }
}
