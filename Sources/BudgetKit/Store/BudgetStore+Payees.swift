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
    /// Every name is checked before anything changes, so names that fold alike (each spelling
    /// ``payees()`` lists) may all be given.
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
    /// - Complexity: two passes over the transactions, one to check the names and one to
    ///   rewrite them (per 900 distinct names).
    @discardableResult
    public func mergePayees(_ names: [String], into target: String) throws -> Int {
        let target = try Self.validPayeeName(target)
        // Each folded name once (names that fold alike are one payee to SQL).
        var seen = Set<String>()
        let folded = names.filter { !$0.isEmpty }.map { $0.caseFolded() }.filter { seen.insert($0).inserted }
        return try writing {
            var found = Set<String>()
            for batch in folded.batches(of: Self.payeeBatch) {
                let list = Self.placeholders(batch.count, from: 1)
                try connection.prepare("SELECT DISTINCT budget_fold(payee) FROM transactions WHERE budget_fold(payee) IN (\(list))")
                    .forEachRow(batch.map { .text($0) }) { found.insert($0.text(0)) }
            }
            if let missing = names.first(where: { $0.isEmpty || !found.contains($0.caseFolded()) }) {
                throw BudgetError.unknownPayee(missing)
            }
            var changed = 0
            for batch in folded.batches(of: Self.payeeBatch) {
                let list = Self.placeholders(batch.count, from: 2)
                try connection.run("UPDATE transactions SET payee = ?1 WHERE budget_fold(payee) IN (\(list)) AND payee IS NOT ?1",
                                   [.text(target)] + batch.map { .text($0) })
                changed += connection.changes
            }
            return changed
        }
    }

    /// How many names one statement of ``mergePayees(_:into:)`` binds: below SQLite's oldest
    /// limit on bound values (999), so any build of SQLite takes it.
    static let payeeBatch = 900

    /// `?from, ?from+1, ...`: `count` numbered placeholders, for an `IN` list of bound values.
    private static func placeholders(_ count: Int, from first: Int) -> String {
        (first..<first + count).map { "?\($0)" }.joined(separator: ", ")
    }
}

private extension Array {
    /// The elements in consecutive slices of at most `size`.
    func batches(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
