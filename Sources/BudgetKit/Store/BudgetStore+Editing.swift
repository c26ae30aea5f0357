extension BudgetStore {
    /// Changes some fields of a transaction.
    ///
    /// ```swift
    /// try store.editTransaction(id: 7, TransactionChanges(note: "birthday"))
    /// try store.editTransaction(id: 8, TransactionChanges(category: "Salary"), kindChange: .negateAmount)
    /// try store.editTransaction(id: 9, TransactionChanges(splits: [SplitPart(category: "Food", amount: food),
    ///                                                              SplitPart(category: "Household", amount: rest)]))
    /// ```
    ///
    /// Moving it to a category of the other kind (expense to income or back), or giving it parts
    /// of the other kind, would change what its amount means, so it is refused unless
    /// `kindChange` says what to do with the amount (negated, the parts must sum to the negated
    /// amount), or `changes` gives a new amount (read in the new category's direction). New parts replace
    /// a split's parts (or make a transaction a split) and must sum to its amount (the new one,
    /// when given); a category makes a split a plain transaction again. A transfer has no
    /// category: its amount, date, payee, note and both accounts can change. A change that moves
    /// a balance a reconciliation vouches for is refused unless `reconciled` allows it.
    ///
    /// - Parameters:
    ///   - id: the transaction.
    ///   - changes: the fields to change; a category and parts exclude each other.
    ///   - kindChange: what to do with the current amount when the category changes kind.
    ///   - reconciled: whether balances a reconciliation vouches for may change.
    /// - Returns: the transaction as it now is.
    /// - Throws: ``BudgetError/unknownTransaction(_:)``, ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/unknownAccount(_:)``,
    ///   ``BudgetError/transactionWouldChangeKind(id:amount:from:fromKind:to:toKind:)``,
    ///   ``BudgetError/transferHasNoCategory(id:)``, ``BudgetError/notATransfer(id:)``,
    ///   ``BudgetError/transferToSameAccount(_:)``, ``BudgetError/invalidTransferAmount(_:)``, the split
    ///   errors of ``addTransaction(amount:splits:payee:date:note:account:reconciled:)``,
    ///   ``BudgetError/accountClosed(_:closedOn:date:)``, ``BudgetError/reconciledTransaction(id:_:)``,
    ///   ``BudgetError/dateInReconciledPeriod(_:_:)``, ``BudgetError/totalTooLarge`` when the amount
    ///   to negate has no negation in 64 bits.
    @discardableResult
    public func editTransaction(id: Int64, _ changes: TransactionChanges, kindChange: KindChange = .refuse,
                                reconciled: ReconciledChanges = .refuse) throws -> Transaction {
        precondition(changes.category == nil || changes.splits == nil, "a category and split parts exclude each other")
        return try writing {
            let stored = try storedTransaction(id: id)
            var edit = Edit(transaction: stored.transaction, categoryID: stored.categoryID, accountID: stored.accountID,
                            transferAccountID: stored.transferAccountID)
            if let date = changes.date { edit.transaction.date = date }
            if let payee = changes.payee { edit.transaction.payee = payee }
            if let note = changes.note { edit.transaction.note = note }
            if let name = changes.account {
                let account = try accountRow(named: name)
                edit.accountID = account.id
                edit.transaction.account = account.name
            }
            if stored.transaction.isTransfer {
                try applyTransferChanges(changes, to: &edit)
            } else {
                if changes.transferAccount != nil { throw BudgetError.notATransfer(id: id) }
                try applyCategoryChanges(changes, kindChange: kindChange, to: &edit)
            }
            if changes.account != nil || changes.transferAccount != nil || changes.date != nil {
                for accountID in [edit.accountID, edit.transferAccountID].compactMap({ $0 }) {
                    let account = try accountRow(id: accountID)
                    if let closedOn = account.closedOn, edit.transaction.date >= closedOn {
                        throw BudgetError.accountClosed(account.name, closedOn: closedOn, date: edit.transaction.date)
                    }
                }
            }
            var transaction = edit.transaction
            let effects = BalanceEffect.of(kind: transaction.kind, amount: transaction.amount, date: transaction.date,
                                           accountID: edit.accountID, transferAccountID: edit.transferAccountID)
            // Each side keeps its mark unless the balance of its account (before or after) moves.
            let moved = try guardReconciled(old: stored.effects, new: effects, id: id, policy: reconciled)
            if moved.contains(stored.accountID) || moved.contains(edit.accountID) { transaction.reconciledOn = nil }
            if [stored.transferAccountID, edit.transferAccountID].contains(where: { $0.map(moved.contains) ?? false }) {
                transaction.transferReconciledOn = nil
            }
            if edit.transferAccountID == nil { transaction.transferReconciledOn = nil }
            try connection.run("""
                UPDATE transactions SET date = ?, amount = ?, category_id = ?, payee = ?, note = ?, account_id = ?,
                    transfer_account_id = ?, reconciled_on = ?, transfer_reconciled_on = ? WHERE id = ?
                """, [transaction.date.sqliteValue, transaction.amount.sqliteValue, edit.categoryID.sqliteValue,
                      .text(transaction.payee), .text(transaction.note), .integer(edit.accountID), edit.transferAccountID.sqliteValue,
                      transaction.reconciledOn.sqliteValue, transaction.transferReconciledOn.sqliteValue, .integer(id)])
            if let parts = edit.newParts {
                try writeParts(parts, transactionID: id, date: transaction.date)
            } else if stored.transaction.isSplit && !transaction.isSplit {
                try connection.run("DELETE FROM transaction_splits WHERE transaction_id = ?", [.integer(id)])
            } else if transaction.isSplit && changes.date != nil {
                try connection.run("UPDATE transaction_splits SET date = ? WHERE transaction_id = ?",
                                   [transaction.date.sqliteValue, .integer(id)])
            }
            return transaction
        }
    }

    /// A transaction being edited, with the ids it will be stored with.
    private struct Edit {
        var transaction: Transaction
        var categoryID: Int64?
        var accountID: Int64
        var transferAccountID: Int64?
        /// Parts to write in place of the old ones.
        var newParts: [ResolvedPart]?
    }

    private func applyTransferChanges(_ changes: TransactionChanges, to edit: inout Edit) throws {
        let id = edit.transaction.id
        if changes.category != nil || changes.splits != nil { throw BudgetError.transferHasNoCategory(id: id) }
        if let amount = changes.amount {
            guard amount > .zero else { throw BudgetError.invalidTransferAmount(amount) }
            edit.transaction.amount = amount
        }
        if let name = changes.transferAccount {
            let account = try accountRow(named: name)
            edit.transferAccountID = account.id
            edit.transaction.transferAccount = account.name
        }
        if edit.transferAccountID == edit.accountID { throw BudgetError.transferToSameAccount(edit.transaction.account) }
    }

    private func applyCategoryChanges(_ changes: TransactionChanges, kindChange: KindChange, to edit: inout Edit) throws {
        var transaction = edit.transaction
        if let splits = changes.splits {
            var total = changes.amount ?? transaction.amount
            // Parts of the other kind change what the amount means, as a category of it would.
            if changes.amount == nil, let first = splits.first, case let kind = try categoryRow(named: first.category).kind,
               Transaction.Kind(kind) != transaction.kind {
                switch kindChange {
                case .refuse:
                    let from = transaction.isSplit ? transaction.splits.map(\.category).joined(separator: ", ") : transaction.category
                    let to = try splits.map { try categoryRow(named: $0.category).name }.joined(separator: ", ")
                    throw BudgetError.transactionWouldChangeKind(id: transaction.id, amount: transaction.amount, from: from,
                                                                 fromKind: transaction.kind.categoryKind ?? .expense, to: to, toKind: kind)
                case .keepAmount:
                    break
                case .negateAmount:
                    total = try Money.zero.subtracting(total)
                }
            }
            let parts = try resolveParts(splits, total: total)
            transaction.amount = total
            transaction.kind = parts.kind
            transaction.category = ""
            transaction.splits = parts.parts.map(\.part)
            edit.categoryID = nil
            edit.newParts = parts.parts
        } else if let name = changes.category {
            let row = try categoryRow(named: name)
            let kind = Transaction.Kind(row.kind)
            if kind != transaction.kind && changes.amount == nil {
                switch kindChange {
                case .refuse:
                    let from = transaction.isSplit ? transaction.splits.map(\.category).joined(separator: ", ") : transaction.category
                    throw BudgetError.transactionWouldChangeKind(id: transaction.id, amount: transaction.amount, from: from,
                                                                 fromKind: transaction.kind.categoryKind ?? .expense,
                                                                 to: row.name, toKind: row.kind)
                case .keepAmount:
                    break
                case .negateAmount:
                    transaction.amount = try Money.zero.subtracting(transaction.amount)
                }
            }
            if let amount = changes.amount { transaction.amount = amount }
            transaction.category = row.name
            transaction.kind = kind
            transaction.splits = []
            edit.categoryID = row.id
        } else if let amount = changes.amount {
            if transaction.isSplit && amount != transaction.amount {
                throw BudgetError.splitDoesNotSum(total: amount, parts: transaction.amount)
            }
            transaction.amount = amount
        }
        edit.transaction = transaction
    }
}
