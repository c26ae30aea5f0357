/// What ``BudgetStore/deleteAccount(named:_:)`` does with the account's transactions.
public enum AccountDeletion: Hashable, Sendable {
    /// Delete only an account with no transactions and no transfers; refuse otherwise
    /// (``BudgetError/accountInUse(_:transactionCount:)``).
    case refuseIfUsed
    /// Move its transactions, and its side of every transfer, to another account first.
    case moveTransactions(to: String)
}

extension BudgetStore {
    /// Deletes an account, with its reconciliations, doing with its transactions what
    /// `deletion` says.
    ///
    /// ```swift
    /// let moved = try store.deleteAccount(named: "Old card", .moveTransactions(to: "Visa"))
    /// ```
    ///
    /// A move keeps every transaction's id, date and amount (the moved rows are no longer marked
    /// reconciled, but for transfers, which the other side may vouch for); it is refused when it would make a
    /// transfer between the two accounts a transfer to itself, or change a balance of the
    /// receiving account that a reconciliation vouches for. The default account cannot be
    /// deleted: make another the default first. An account with an opening balance cannot be
    /// deleted either (its money would leave the net worth unseen): close it instead. Everything happens in one write, or nothing does.
    ///
    /// The account's deleted imported rows (``ImportTombstones``) stay deleted in the account
    /// its transactions move to; without a move, their deletion is forgotten with the account.
    ///
    /// - Returns: how many transactions moved.
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/defaultAccountRequired(_:)``,
    ///   ``BudgetError/accountHasOpeningBalance(_:balance:)``,
    ///   ``BudgetError/accountInUse(_:transactionCount:)``, ``BudgetError/moveToSameAccount(_:)``,
    ///   ``BudgetError/transfersWithinAccount(from:to:count:)``,
    ///   ``BudgetError/dateInReconciledPeriod(_:_:)``.
    @discardableResult
    public func deleteAccount(named name: String, _ deletion: AccountDeletion = .refuseIfUsed) throws -> Int {
        try writing {
            let account = try accountRow(named: name)
            if account.isDefault { throw BudgetError.defaultAccountRequired(account.name) }
            // An opening balance is money no transaction records: deleting it would change every
            // later net worth silently, so it is refused (closing keeps it).
            if account.openingBalance != .zero {
                throw BudgetError.accountHasOpeningBalance(account.name, balance: account.openingBalance)
            }
            let id = SQLiteValue.integer(account.id)
            let count = Int(try connection.int64("SELECT count(*) FROM transactions WHERE account_id = ?1 OR transfer_account_id = ?1",
                                                 [id]) ?? 0)
            switch deletion {
            case .refuseIfUsed:
                if count > 0 { throw BudgetError.accountInUse(account.name, transactionCount: count) }
            case .moveTransactions(let other):
                let target = try accountRow(named: other)
                if target.id == account.id { throw BudgetError.moveToSameAccount(account.name) }
                let within = Int(try connection.int64("""
                    SELECT count(*) FROM transactions WHERE (account_id = ?1 AND transfer_account_id = ?2)
                        OR (account_id = ?2 AND transfer_account_id = ?1)
                    """, [id, .integer(target.id)]) ?? 0)
                if within > 0 { throw BudgetError.transfersWithinAccount(from: account.name, to: target.name, count: within) }
                if let last = try lastReconciliation(accountID: target.id),
                   let date = try connection.cached("""
                       SELECT min(date) FROM transactions WHERE (account_id = ?1 OR transfer_account_id = ?1) AND date <= ?2
                       """).first([id, last.statementDate.sqliteValue], { $0.isNull(0) ? nil : $0.day(0) }) ?? nil {
                    throw BudgetError.dateInReconciledPeriod(date, last)
                }
                // The deleted account's reconciliations go with it: its side of each row is no
                // longer covered (a transfer's other side still is, by its own account's).
                try connection.run("UPDATE transactions SET account_id = ?1, reconciled_on = NULL WHERE account_id = ?2",
                                   [.integer(target.id), id])
                try connection.run("UPDATE transactions SET transfer_account_id = ?1, transfer_reconciled_on = NULL WHERE transfer_account_id = ?2",
                                   [.integer(target.id), id])
                // Its deleted imported rows stay deleted there (``ImportTombstones``).
                for sql in ImportTombstones.moveAccount { try connection.run(sql, [id, .integer(target.id)]) }
                for sql in ImportTombstones.moveTransfers { try connection.run(sql, [id, .integer(target.id)]) }
            }
            for sql in ImportTombstones.forgetAccount { try connection.run(sql, [id]) }
            try connection.run("DELETE FROM accounts WHERE id = ?", [id])
            return count
        }
    }
}
