/// What the rules do to one existing transaction (``BudgetStore/applyRules(_:dryRun:kindChange:)``).
public struct RuleOutcome: Hashable, Sendable {
    /// The transaction as it was.
    public let before: Transaction
    /// The transaction as the rules leave it (equal to ``before`` when ``isRefused`` and no
    /// payee changed).
    public let after: Transaction
    /// The rule that gave the payee, if it changed.
    public let payeeRule: Int64?
    /// The rule that gave the category, if it changed (or would have, when ``isRefused``).
    public let categoryRule: Int64?
    /// The category the rule wanted and did not get: moving between an expense and an income
    /// category was refused (``KindChange/refuse``, or a reconciled row whose balance would change).
    public let refusedCategory: String?

    /// Whether a reconciliation vouches for the transaction's balance: it is marked reconciled,
    /// or dated on or before its account's latest statement day (a row added or changed there
    /// with `--force`), so a move that changes its balance is refused.
    public let isReconciled: Bool

    /// Whether the rules wanted a category they were refused.
    public var isRefused: Bool { refusedCategory != nil }
    /// Whether the transaction changes.
    public var changes: Bool { before != after }
}

extension BudgetStore {
    /// Applies the rules to existing transactions, in ONE write transaction: each transaction
    /// gets the payee of the first matching rule that sets a payee and the category of the first
    /// matching rule that sets a category, as on import (``RuleMatcher``), matching its payee and
    /// note as they are now and its direction of money (from its amount and category kind).
    ///
    /// ```swift
    /// let outcomes = try store.applyRules(TransactionFilter(from: Day(iso: "2026-11-01")), dryRun: true)
    /// for outcome in outcomes where outcome.changes { print(outcome.before.payee, "→", outcome.after.payee) }
    /// ```
    ///
    /// Transfers and splits are left alone (a transfer has no category; a split's are its
    /// parts'). A move between an expense and an income category follows `kindChange`, as
    /// ``editTransaction(id:_:kindChange:reconciled:)`` does: ``KindChange/refuse`` (the default)
    /// leaves the category (the outcome says which was refused; the payee still changes),
    /// ``KindChange/negateAmount`` keeps the money's direction (12.50 spent in Food becomes
    /// -12.50 in Salary), ``KindChange/keepAmount`` keeps the number. A reconciled row is never
    /// moved in a way that changes its account's balance (``KindChange/keepAmount`` across kinds),
    /// nor is a row dated on or before its account's latest reconciliation: that move is refused too.
    ///
    /// The rows are read under the write lock, so another process's write lands wholly before or
    /// wholly after this one. A dry run writes nothing and takes no write lock.
    ///
    /// - Parameters:
    ///   - filter: which transactions (dates, account, ...); every one by default.
    ///   - dryRun: report what would change and write nothing.
    ///   - kindChange: what a move between kinds does.
    /// - Returns: every transaction the rules would touch (changed, or refused a category), by
    ///   date then id.
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/unknownCategory(_:)`` (the
    ///   filter's), ``BudgetError/invalidStoredRulePattern(ruleID:pattern:reason:)`` for a pattern edited by hand,
    ///   a database error (nothing is written then).
    /// - Complexity: O(transactions × rules); memory O(outcomes): the outcomes are all returned.
    ///   ``applyRules(_:dryRun:kindChange:_:)`` hands them over one at a time instead.
    public func applyRules(_ filter: TransactionFilter = .init(), dryRun: Bool = false,
                           kindChange: KindChange = .refuse) throws -> [RuleOutcome] {
        var outcomes: [RuleOutcome] = []
        try applyRules(filter, dryRun: dryRun, kindChange: kindChange) { outcomes.append($0) }
        return outcomes
    }

    /// Applies the rules to existing transactions as ``applyRules(_:dryRun:kindChange:)`` does,
    /// in ONE write transaction recorded as one history entry, calling `body` with each outcome
    /// (by date then id) instead of returning them all: memory stays bounded whatever the number
    /// of transactions the rules touch.
    ///
    /// ```swift
    /// var changed = 0
    /// try store.applyRules(TransactionFilter(from: Day(iso: "2026-11-01"))) { if $0.changes { changed += 1 } }
    /// ```
    ///
    /// The matching rows are read and changed in chunks of ``ruleApplyChunk``, each chunk from
    /// where the one before stopped in the order by date then id: a change never moves a row in
    /// that order (the rules change payees, categories and amounts, never dates), so every row
    /// is read once, as it was before the write. `body` runs inside the write transaction, after
    /// its transaction's change is made: an error it throws rolls the whole write back.
    ///
    /// - Parameters:
    ///   - filter: which transactions (dates, account, ...); every one by default.
    ///   - dryRun: report what would change and write nothing (no write lock is taken).
    ///   - kindChange: what a move between kinds does.
    ///   - body: called with every outcome: each transaction the rules would touch (changed, or
    ///     refused a category).
    /// - Throws: as ``applyRules(_:dryRun:kindChange:)``, or what `body` throws (nothing is written then).
    /// - Complexity: O(transactions × rules); memory O(``ruleApplyChunk``) besides what SQLite
    ///   keeps of the write for its history entry.
    public func applyRules(_ filter: TransactionFilter = .init(), dryRun: Bool = false, kindChange: KindChange = .refuse,
                           _ body: (RuleOutcome) throws -> Void) throws {
        func work() throws {
            let matcher = try RuleMatcher(try self.ruleDefinitions())
            let resolved = try self.resolvedIDs(of: filter)
            guard !matcher.isEmpty else { return }
            var statementDays: [String: Day] = [:]
            try self.connection.prepare("""
                SELECT a.name, max(r.statement_date) FROM reconciliations AS r JOIN accounts AS a ON a.id = r.account_id GROUP BY a.id
                """).forEachRow { statementDays[$0.text(0)] = $0.day(1) }
            let update = dryRun ? nil : try self.connection.prepare(
                "UPDATE transactions SET payee = ?, amount = ?, category_id = coalesce(?, category_id) WHERE id = ?")
            var chunk: [(outcome: RuleOutcome, categoryID: Int64?)] = []
            var last: TransactionQuery.Position?
            var read = 0
            repeat {
                let (sql, values) = TransactionQuery.select(filter: filter, resolved: resolved, after: last, count: Self.ruleApplyChunk)
                read = 0
                chunk.removeAll(keepingCapacity: true)
                try self.connection.cached(sql).forEachRow(values) { row in
                    let transaction = try TransactionQuery.transaction(from: row, in: self.connection)
                    read += 1
                    last = TransactionQuery.Position(date: row.text(TransactionQuery.Column.date), id: transaction.id)
                    let covered = transaction.isReconciled || statementDays[transaction.account].map { transaction.date <= $0 } == true
                    if let outcome = Self.outcome(of: transaction, matcher: matcher, kindChange: kindChange, covered: covered) {
                        chunk.append(outcome)
                    }
                }
                for (outcome, categoryID) in chunk {
                    if let update, outcome.changes {
                        try update.run([.text(outcome.after.payee), outcome.after.amount.sqliteValue,
                                        categoryID.map(SQLiteValue.integer) ?? .null, .integer(outcome.after.id)])
                    }
                    try body(outcome)
                }
            } while read == Self.ruleApplyChunk
        }
        if dryRun { try reading { try connection.inReadTransaction(work) } } else { try writing(work) }
    }

    /// How many transactions ``applyRules(_:dryRun:kindChange:_:)`` reads at a time: 4,096.
    static let ruleApplyChunk = 4_096

    /// What the rules do to one transaction, with the new category's id; `nil` when nothing.
    /// `covered`: a reconciliation vouches for its balance (``RuleOutcome/isReconciled``).
    static func outcome(of transaction: Transaction, matcher: RuleMatcher, kindChange: KindChange,
                        covered: Bool) -> (outcome: RuleOutcome, categoryID: Int64?)? {
        guard !transaction.isTransfer, !transaction.isSplit, let kind = transaction.kind.categoryKind else { return nil }
        let match = matcher.match(payee: transaction.payee, note: transaction.note,
                                  direction: ImportRule.Direction(amount: transaction.amount, kind: kind))
        var after = transaction
        var payeeRule: Int64?, categoryRule: Int64?, refused: String?, categoryID: Int64?
        if let payee = match.payee, payee.name != transaction.payee {
            after.payee = payee.name
            payeeRule = payee.rule
        }
        if let category = match.category, category.name != transaction.category {
            categoryRule = category.rule
            let crossing = category.kind != kind
            if crossing && (kindChange == .refuse || (kindChange == .keepAmount && covered)) {
                refused = category.name
            } else {
                after.category = category.name
                after.kind = Transaction.Kind(category.kind)
                if crossing && kindChange == .negateAmount { after.amount = -transaction.amount }
                categoryID = category.id
            }
        }
        guard payeeRule != nil || categoryRule != nil else { return nil }
        return (RuleOutcome(before: transaction, after: after, payeeRule: payeeRule, categoryRule: categoryRule, refusedCategory: refused,
                            isReconciled: covered),
                categoryID)
    }
}
