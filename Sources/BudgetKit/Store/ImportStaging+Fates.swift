extension ImportStaging {
    /// Calls `body` with each staged row and its fate, in file order. Ids of rows added by this
    /// import are above `maxID` (SQLite gives a new row the highest id plus one); in a dry run,
    /// a new transaction gets the id it would have had (the parts of a split share theirs; in a
    /// synced book, numbered as the import numbers them), and
    /// a category still to be created the name and kind the file gives it.
    ///
    /// A posted row that replaces a pending one (`twins`) is not added: its fate names the pending transaction, which
    /// takes its day, amount, payee, note and key (``ImportedRow/replacedPending``). In a dry
    /// run it still takes the id it would have had before that, as the import files it first.
    /// `rowid`, when given, is called with each row's staging rowid too.
    func forEachFate(maxID: Int64, dryRun: Bool, twins: Twins = Twins(),
                     _ body: (ImportedRow, _ rowid: Int64) throws -> Void) throws {
        let replacing = twins.pendingByKey
        // After an import, a row of the file already imported as the pending row it replaced is
        // found under the key that row had: it was skipped, not deleted.
        let replacedKeys = dryRun ? [:] : twins.pendingByOldKey
        typealias C = StagedColumn
        var newRows: Int64 = 0
        // In a synced book the import numbers its rows itself (``fileStaged``): from the
        // device's first id, by steps of ten, by the row's place in the file (a file without
        // splits), or by the count of the transactions before it that are not hidden by a
        // tombstone (a file with splits). A dry run shows the ids the import will give.
        let synced = dryRun ? (try? store.firstNewID(for: "transactions")) ?? nil : nil
        var numbered: Int64 = 0
        try connection.prepare(Self.fates).forEachRow {
            var row = Self.importRow($0)
            if !$0.isNull(C.cleanPayee) { row.payee = $0.text(C.cleanPayee) }
            let existing = $0.optionalInt64(C.existingID) ?? replacedKeys[row.importKey]
            let hidden = !options.includesDeleted && $0.int64(C.deleted) != 0
            let ignored = existing == nil && hidden
            var added = dryRun ? existing == nil && !ignored : existing.map { $0 > maxID } ?? false
            let firstOfItsTransaction = (row.split?.position ?? 1) == 1
            if dryRun && added && firstOfItsTransaction { newRows += 1 }
            if !hidden && firstOfItsTransaction { numbered += 1 }
            var id = dryRun && added ? maxID + newRows : existing ?? 0
            if dryRun && added, let synced {
                let place = splitGroups == 0 ? $0.int64(C.stagedRowID) : numbered
                id = synced + BudgetStore.slotCount * (place - 1)
            }
            let replaced = replacing[row.importKey]
            if let replaced, dryRun ? added : existing == replaced {
                added = false
                id = replaced
            }
            let account = $0.text(C.accountName)
            let transaction: Transaction
            if row.transferAccount != nil {
                transaction = Transaction(id: id, date: row.date, amount: $0.money(C.storedAmount), category: "", payee: row.payee,
                                          note: row.note, kind: .transfer, account: account,
                                          transferAccount: $0.isNull(C.transferAccountName) ? "" : $0.text(C.transferAccountName))
            } else {
                let inBook = !$0.isNull(C.bookCategory)
                let name = inBook ? $0.text(C.bookCategory) : $0.text(C.missingName)
                let kind = BudgetCategory.Kind(rawValue: $0.text(inBook ? C.bookKind : C.missingKind)) ?? .expense
                let amount = row.storedAmount(in: kind)
                transaction = Transaction(id: id, date: row.date, amount: amount, category: name, payee: row.payee, note: row.note,
                                          kind: Transaction.Kind(kind), account: account,
                                          splits: row.split == nil ? [] : [SplitPart(category: name, amount: amount, note: row.splitNote)])
            }
            var fate = ImportedRow(row: row, transaction: transaction, added: added, ignored: ignored)
            fate.replacedPending = added || ignored ? nil : replaced
            if let pending = fate.replacedPending {
                // The book holds the pending transaction, in its own category, not the row's.
                fate.transaction = dryRun ? try Self.replaced(pending, by: transaction, store: store)
                                          : try store.fetchTransaction(id: pending)
            }
            if let existing, !added, fate.replacedPending == nil, row.transferAccount == nil {
                fate.transaction = try Self.held(transaction, row: row, id: existing, matched: $0, store: store)
            }
            try body(fate, $0.int64(C.stagedRowID))
        }
    }

    /// The pending transaction `pending` as replacing it by the posted row `posted` (as the
    /// import would file it) leaves it: the row's day, money, payee and note in the pending
    /// transaction's category, its amount signed by that category's kind
    /// (``replacePending``).
    private static func replaced(_ pending: Int64, by posted: Transaction, store: BudgetStore) throws -> Transaction {
        let twin = try store.fetchTransaction(id: pending)
        let amount = (twin.kind == .income) == (posted.kind == .income) ? posted.amount : try Money.zero.subtracting(posted.amount)
        return Transaction(id: pending, date: posted.date, amount: amount, category: twin.category, payee: posted.payee,
                           note: posted.note, kind: twin.kind, account: twin.account)
    }

    /// A row skipped as already imported as transaction `id`, as the book holds it: the row's
    /// day, amount and payee in the category the book files the transaction in now (a later
    /// edit's or rule's, not the one the import would give); when the book holds it otherwise
    /// than the row (a split where the row is whole, parts of another split, a transfer), the
    /// book's transaction itself, whole, rather than a category made up for the row.
    private static func held(_ transaction: Transaction, row: ImportRow, id: Int64, matched: Row,
                             store: BudgetStore) throws -> Transaction {
        typealias C = StagedColumn
        guard !matched.isNull(C.matchedCategory), let kind = BudgetCategory.Kind(rawValue: matched.text(C.matchedKind)) else {
            return try store.fetchTransaction(id: id)
        }
        let name = matched.text(C.matchedCategory)
        let amount = row.storedAmount(in: kind)
        return Transaction(id: id, date: row.date, amount: amount, category: name, payee: transaction.payee, note: row.note,
                           kind: Transaction.Kind(kind), account: transaction.account,
                           splits: row.split == nil ? [] : [SplitPart(category: name, amount: amount, note: row.splitNote)])
    }
}
