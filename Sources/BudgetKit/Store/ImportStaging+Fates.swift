extension ImportStaging {
    /// Calls `body` with each staged row and its fate, in file order. Ids of rows added by this
    /// import are above `maxID` (SQLite gives a new row the highest id plus one); in a dry run,
    /// a new transaction gets the id it would have had (the parts of a split share theirs), and
    /// a category still to be created the name and kind the file gives it.
    func forEachFate(maxID: Int64, dryRun: Bool, _ body: (ImportedRow) throws -> Void) throws {
        typealias C = StagedColumn
        var newRows: Int64 = 0
        try connection.prepare(Self.fates).forEachRow {
            let row = Self.importRow($0)
            let existing = $0.optionalInt64(C.existingID)
            let added = dryRun ? existing == nil : existing.map { $0 > maxID } ?? false
            if dryRun && added && (row.split?.position ?? 1) == 1 { newRows += 1 }
            let id = dryRun && added ? maxID + newRows : existing ?? 0
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
            try body(ImportedRow(row: row, transaction: transaction, added: added))
        }
    }
}
