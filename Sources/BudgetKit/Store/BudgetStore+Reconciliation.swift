/// Whether a write may change a balance that a reconciliation vouches for.
///
/// A reconciliation says an account's balance at the end of its statement day matched the
/// bank's. Adding, changing or deleting a transaction so that a balance on or before that day
/// changes would silently break it, so it is refused unless allowed. Changes that leave every
/// balance as it was (a payee, a note, a category of the same kind, a split's parts that still
/// sum to the same amount) need nothing.
public enum ReconciledChanges: Hashable, Sendable {
    /// Refuse (``BudgetError/reconciledTransaction(id:_:)``,
    /// ``BudgetError/dateInReconciledPeriod(_:_:)``).
    case refuse
    /// Allow: the changed transaction is no longer marked reconciled; nothing else changes.
    case allow
}

/// What ``BudgetStore/reconcile(account:statementBalance:on:)`` found.
public enum ReconciliationResult: Hashable, Sendable {
    /// The balances matched: the reconciliation was recorded and `marked` transactions, all
    /// those of the account up to the statement day not marked before, were marked.
    case reconciled(Reconciliation, marked: Int)
    /// The balances matched, and the account was reconciled on that statement day at that
    /// balance already: no reconciliation was recorded; `marked` transactions (those a forced
    /// change un-marked since) were marked again. Nothing is written when it is 0.
    case alreadyReconciled(Reconciliation, marked: Int)
    /// The balances matched, and the account was reconciled on that statement day at another
    /// balance, `replaced`, which no longer held (a forced change moved the book since): the
    /// reconciliation now holds the new balance in its place, and `marked` transactions were
    /// marked.
    case corrected(Reconciliation, replaced: Reconciliation, marked: Int)
    /// The balances differ: nothing was recorded or marked.
    case mismatch(ReconciliationMismatch)
}

/// A statement balance that the book's balance does not match, with what to look at.
public struct ReconciliationMismatch: Hashable, Sendable {
    /// The account.
    public let account: Account
    /// The statement's day.
    public let statementDate: Day
    /// The balance the statement shows.
    public let statementBalance: Money
    /// The book's balance at the end of ``statementDate``.
    public let bookBalance: Money
    /// The account's latest reconciliation with a statement day on or before this one's, if any (an
    /// older statement checked after a later one is looked at from the one before it).
    public let lastReconciliation: Reconciliation?
    /// The account's transactions after ``lastReconciliation`` (all of them without one) up to
    /// ``statementDate``, and those within it that a forced change un-marked, by date then id:
    /// where the difference hides.
    public let transactionsSince: [Transaction]

    /// What the book lacks: the statement's balance minus the book's (negative when the book has
    /// too much); `nil` when that does not fit in 64 bits (only a book of hostile amounts, written
    /// past `budget` with the sqlite3 shell, holds such a balance), never a trap.
    ///
    /// The opposite sign of ``StatementBalanceCheck/closingDifference`` (the book's less the
    /// statement's). A message for a person should not print it bare, as "difference -5.10":
    /// say which is higher, as `budget` does (`the book 2405.10 (5.10 above the statement)`).
    public var difference: Money? { try? statementBalance.subtracting(bookBalance) }
}

extension BudgetStore {
    /// Compares a bank statement's balance with the book's balance of `account` at the end of
    /// `day`. On a match, records the reconciliation and marks every transaction of the account
    /// dated up to `day` that was not marked yet; on a mismatch, changes nothing and says what
    /// differs.
    ///
    /// A statement day holds one reconciliation: reconciling it again at the same balance
    /// records nothing (``ReconciliationResult/alreadyReconciled(_:marked:)``); at another
    /// balance it is a mismatch unless the book now matches it, which only a change forced past
    /// the reconciliation can make: the new balance then replaces the old one, and any other
    /// row of that day (``ReconciliationResult/corrected(_:replaced:marked:)``).
    ///
    /// ```swift
    /// switch try store.reconcile(account: "Checking", statementBalance: Money(parsing: "1234.56"), on: day) {
    /// case .reconciled(_, let marked): print("\(marked) transactions reconciled")
    /// case .alreadyReconciled(_, let marked): print("reconciled before; \(marked) marked again")
    /// case .corrected(_, let replaced, _): print("replaces \(replaced.statementBalance)")
    /// case .mismatch(let mismatch): print("statement \(mismatch.statementBalance), book \(mismatch.bookBalance)")
    /// }
    /// ```
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/futureReconciliation(_:today:)``,
    ///   ``BudgetError/totalTooLarge``.
    public func reconcile(account name: String, statementBalance: Money, on day: Day) throws -> ReconciliationResult {
        let today = Day.today()
        if day > today { throw BudgetError.futureReconciliation(day, today: today) }
        return try writing {
            let account = try accountRow(named: name)
            let balance = try BalanceQuery.balance(of: account, on: day, in: connection)
            guard balance == statementBalance else {
                // The one before this statement: an older statement checked after a later one is
                // looked at from the reconciliation before it, not from the later one.
                let last = try lastReconciliation(accountID: account.id, onOrBefore: day)
                var filter = TransactionFilter(from: last.map { $0.statementDate.adding(days: 1) }, to: day)
                filter.accountID = account.id
                var since: [Transaction] = []
                try forEachRow(matching: filter, resolved: .init()) { since.append($0) }
                if let last {
                    // Rows a forced change un-marked, dated within the last reconciliation.
                    let unmarked = try connection.cached("""
                        SELECT id FROM transactions
                        WHERE ((account_id = ?1 AND reconciled_on IS NULL) OR (transfer_account_id = ?1 AND transfer_reconciled_on IS NULL))
                            AND date <= ?2
                        """).map([.integer(account.id), last.statementDate.sqliteValue]) { $0.int64(0) }
                    since = try unmarked.map(fetchTransaction(id:)) + since
                    since.sort { ($0.date, $0.id) < ($1.date, $1.id) }
                }
                return .mismatch(ReconciliationMismatch(account: account, statementDate: day, statementBalance: statementBalance,
                                                        bookBalance: balance, lastReconciliation: last, transactionsSince: since))
            }
            let same = try lastReconciliation(accountID: account.id, onOrBefore: day).flatMap { $0.statementDate == day ? $0 : nil }
            if let same, same.statementBalance == statementBalance {
                return .alreadyReconciled(same, marked: try markReconciled(accountID: account.id, through: day))
            }
            if let same {
                // made_at is now's: undoing a write made before the correction sees it as made since.
                try connection.run("""
                    UPDATE reconciliations SET statement_balance = ?, made_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?
                    """, [statementBalance.sqliteValue, .integer(same.id)])
                // The day's other rows go too (a book from before a day held one kept a row per
                // reconcile; two devices reconciling apart sync two): none would hold any more.
                try connection.run("DELETE FROM reconciliations WHERE account_id = ? AND statement_date = ? AND id <> ?",
                                   [.integer(account.id), day.sqliteValue, .integer(same.id)])
                let corrected = Reconciliation(id: same.id, account: account.name, statementDate: day, statementBalance: statementBalance)
                return .corrected(corrected, replaced: same, marked: try markReconciled(accountID: account.id, through: day))
            }
            try connection.run("""
                INSERT INTO reconciliations (id, account_id, statement_date, statement_balance, made_at)
                VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
                """, [try nextID(for: "reconciliations"), .integer(account.id), day.sqliteValue, statementBalance.sqliteValue])
            let reconciliation = Reconciliation(id: connection.lastInsertRowID, account: account.name, statementDate: day,
                                                statementBalance: statementBalance)
            return .reconciled(reconciliation, marked: try markReconciled(accountID: account.id, through: day))
        }
    }

    /// Marks every transaction of the account dated up to `day` not marked yet as reconciled on
    /// `day`, and returns how many. Each side of a transfer is its own account's to mark.
    private func markReconciled(accountID: Int64, through day: Day) throws -> Int {
        try connection.run("""
            UPDATE transactions SET reconciled_on = ?1 WHERE account_id = ?2 AND date <= ?1 AND reconciled_on IS NULL
            """, [day.sqliteValue, .integer(accountID)])
        var marked = connection.changes
        try connection.run("""
            UPDATE transactions SET transfer_reconciled_on = ?1
            WHERE transfer_account_id = ?2 AND date <= ?1 AND transfer_reconciled_on IS NULL
            """, [day.sqliteValue, .integer(accountID)])
        marked += connection.changes
        return marked
    }

    /// The account's reconciliations, latest statement first.
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)``.
    public func reconciliations(ofAccount name: String) throws -> [Reconciliation] {
        try reading {
            let account = try accountRow(named: name)
            return try connection.cached("""
                SELECT \(ReconciliationColumn.selectList) FROM reconciliations AS r LEFT JOIN accounts AS a ON a.id = r.account_id
                WHERE r.account_id = ? ORDER BY r.statement_date DESC, r.id DESC
                """).map([.integer(account.id)], ReconciliationColumn.reconciliation)
        }
    }

    // MARK: - The guard every write passes

    /// The account's reconciliation with the latest statement day (on or before `day`, when
    /// given), or `nil`.
    func lastReconciliation(accountID: Int64, onOrBefore day: Day? = nil) throws -> Reconciliation? {
        try connection.cached("""
            SELECT \(ReconciliationColumn.selectList) FROM reconciliations AS r LEFT JOIN accounts AS a ON a.id = r.account_id
            WHERE r.account_id = ?1 AND (?2 IS NULL OR r.statement_date <= ?2) ORDER BY r.statement_date DESC, r.id DESC LIMIT 1
            """).first([.integer(accountID), day?.sqliteValue ?? .null], ReconciliationColumn.reconciliation)
    }

    /// Refuses (unless `policy` allows) a change of a transaction's balance effects from `old`
    /// to `new` that touches a day a reconciliation vouches for. Only the effects that change
    /// count: a transfer whose destination changes leaves its source's balance as it was, so
    /// the source's reconciliation neither refuses it nor loses its mark.
    ///
    /// - Parameter id: the transaction changed or deleted; `nil` when adding.
    /// - Returns: the accounts whose balances the change moves (empty when none): each side of
    ///   the transaction in one of them loses its reconciled mark. When `policy` allows the
    ///   change, the reconciliations it breaks are added to ``brokenReconciliations``
    ///   (``noteBrokenReconciliations(removed:added:)``).
    /// - Throws: ``BudgetError/reconciledTransaction(id:_:)`` for an existing transaction whose
    ///   old effect that goes is covered, ``BudgetError/dateInReconciledPeriod(_:_:)`` for a new
    ///   effect that is.
    @discardableResult
    func guardReconciled(old: [BalanceEffect], new: [BalanceEffect], id: Int64?, policy: ReconciledChanges) throws -> Set<Int64> {
        var removed = old.filter(\.movesBalance), added: [BalanceEffect] = []
        for effect in new where effect.movesBalance {
            if let index = removed.firstIndex(of: effect) { removed.remove(at: index) } else { added.append(effect) }
        }
        let moved = Set((removed + added).map(\.accountID))
        guard !moved.isEmpty else { return moved }
        guard policy == .refuse else {
            try noteBrokenReconciliations(removed: removed, added: added)
            return moved
        }
        for effect in removed {
            if let last = try lastReconciliation(accountID: effect.accountID), effect.date <= last.statementDate {
                throw id.map { BudgetError.reconciledTransaction(id: $0, last) } ?? BudgetError.dateInReconciledPeriod(effect.date, last)
            }
        }
        for effect in added {
            if let last = try lastReconciliation(accountID: effect.accountID), effect.date <= last.statementDate {
                throw BudgetError.dateInReconciledPeriod(effect.date, last)
            }
        }
        return moved
    }
}

extension BudgetStore {
    /// Adds to ``brokenReconciliations`` the latest reconciliation of each account whose
    /// statement balance a change from `removed` to `added` effects no longer holds: the
    /// account's balance at the end of its statement day moved. A change that moves money only
    /// between days of one statement period (a date moved from the 10th to the 12th, with
    /// statements on the 3rd and the 20th) breaks none; a date moved across a statement day
    /// breaks that statement, not a later one.
    ///
    /// - Complexity: one seek per account over its reconciliations from the first changed day.
    private func noteBrokenReconciliations(removed: [BalanceEffect], added: [BalanceEffect]) throws {
        // What each effect does to the balances from its day on: a removed one is taken back.
        let changes = removed.map { (account: $0.accountID, date: $0.date, amount: 0 &- $0.amount) }
            + added.map { (account: $0.accountID, date: $0.date, amount: $0.amount) }
        var accounts: [Int64] = []
        for change in changes where !accounts.contains(change.account) { accounts.append(change.account) }
        for account in accounts {
            let own = changes.filter { $0.account == account }
            guard let first = own.map(\.date).min() else { continue }
            let reached = try connection.cached("""
                SELECT \(ReconciliationColumn.selectList) FROM reconciliations AS r LEFT JOIN accounts AS a ON a.id = r.account_id
                WHERE r.account_id = ?1 AND r.statement_date >= ?2 ORDER BY r.statement_date DESC, r.id DESC
                """).map([.integer(account), first.sqliteValue], ReconciliationColumn.reconciliation)
            let broken = reached.first { reconciliation in
                own.filter { $0.date <= reconciliation.statementDate }.reduce(Int64(0)) { $0 &+ $1.amount } != 0
            }
            if let broken, !brokenReconciliations.contains(where: { $0.id == broken.id }) { brokenReconciliations.append(broken) }
        }
    }
}

/// A reconciliation as its query reads it (`reconciliations AS r` joined with `accounts AS a`).
enum ReconciliationColumn: Int32, FixedColumns {
    case id, statementDate, statementBalance, account
    var sql: String {
        switch self {
        case .id: return "r.id"
        case .statementDate: return "r.statement_date"
        case .statementBalance: return "r.statement_balance"
        case .account: return "coalesce(a.name, '')"
        }
    }

    static func reconciliation(_ row: Row) -> Reconciliation {
        Reconciliation(id: row.int64(ReconciliationColumn.id), account: row.text(ReconciliationColumn.account),
                       statementDate: row.day(ReconciliationColumn.statementDate),
                       statementBalance: row.money(ReconciliationColumn.statementBalance))
    }
}

/// What a transaction does to one account's balance: `amount` minor units on `date`.
struct BalanceEffect: Hashable, Comparable {
    let accountID: Int64
    let date: Day
    let amount: Int64

    /// Whether it moves a balance at all: an effect of zero (a placeholder added as 0.00, a
    /// bank's row of 0.00) changes none, so no reconciliation refuses it or is broken by it.
    /// The one rule for it: ``BudgetStore/guardReconciled(old:new:id:policy:)`` counts only
    /// these effects, and a write of many rows at once checks in SQL with
    /// ``movesBalance(amount:)``, grouped by transaction ``movesBalance(parts:)`` (an import's
    /// new rows,
    /// ``ImportStaging/throwIfReconciled(maxID:replacing:)``; the pending rows it replaces go
    /// through `guardReconciled`, judged by the change to each).
    var movesBalance: Bool { amount != 0 }

    /// ``movesBalance`` as an SQL condition on `amount`, an expression of a row's amount (its
    /// sign does not matter).
    static func movesBalance(amount: String) -> String { "\(amount) <> 0" }

    /// ``movesBalance(amount:)`` of a transaction staged as several rows (a split's parts), for
    /// the `HAVING` of a `GROUP BY` of its rows; `amount` an expression of one row's amount. A
    /// split moves its account's balance by its parts' sum, as `add` judges it by its total
    /// (``of(kind:amount:date:accountID:transferAccountID:)`` of the split's one kind), so
    /// parts that cancel move nothing. The rows' amounts sum to that effect up to its sign when
    /// the parts share one kind and one sign convention, as an import's do (one file, and a
    /// split mixing kinds is refused before it is judged); per part, an expense of 5.00 and one
    /// of -5.00 each move money, together none.
    static func movesBalance(parts amount: String) -> String { movesBalance(amount: "sum(\(amount))") }

    static func < (a: BalanceEffect, b: BalanceEffect) -> Bool {
        (a.accountID, a.date, a.amount) < (b.accountID, b.date, b.amount)
    }

    /// The effects of a transaction of `kind` moving `amount` in `accountID` (and, for a
    /// transfer, into `transferAccountID`) on `date`.
    static func of(kind: Transaction.Kind, amount: Money, date: Day, accountID: Int64, transferAccountID: Int64?) -> [BalanceEffect] {
        switch kind {
        // Wrapping negation: an amount written by hand may be Int64.min; it still differs from others.
        case .expense: return [BalanceEffect(accountID: accountID, date: date, amount: 0 &- amount.minorUnits)]
        case .income: return [BalanceEffect(accountID: accountID, date: date, amount: amount.minorUnits)]
        case .transfer:
            return [BalanceEffect(accountID: accountID, date: date, amount: 0 &- amount.minorUnits),
                    BalanceEffect(accountID: transferAccountID ?? accountID, date: date, amount: amount.minorUnits)]
        }
    }
}
