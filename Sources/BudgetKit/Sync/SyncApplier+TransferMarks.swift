extension SyncApplier {
    /// Notes a transaction whose `reconciled_on` a change recorded before schema 8 set: such a
    /// change has fewer values than the table has columns (`transfer_reconciled_on` came at the
    /// end), and its mark then stood for either account's reconciliation of a transfer.
    mutating func noteOldTransferMark(_ change: ChangesetChange, shape: Shape) {
        guard change.table == "transactions", change.operation != .delete, change.newValues.count < shape.columns.count,
              let column = shape.columns.firstIndex(of: "reconciled_on"), column < change.newValues.count,
              change.newValues[column] != .unchanged, change.newValues[column] != .null,
              case .integer(let id)? = change.primaryKey.first else { return }
        oldTransferMarks.insert(id)
    }

    /// Gives each transfer an older device marked its sides' marks as migration 8 gives them
    /// (``Schema/version8TransferReconciliation``): each side the statement day of its own
    /// account's first reconciliation made since the mark that covers it, or none. Every book
    /// applying the file works it out the same from the same rows.
    mutating func settleOldTransferMarks() throws {
        guard !oldTransferMarks.isEmpty else { return }
        let settle = try connection.prepare("""
            UPDATE transactions SET
                transfer_reconciled_on = coalesce(transfer_reconciled_on, (\(Schema.version8FirstCovering("transfer_account_id")))),
                reconciled_on = (\(Schema.version8FirstCovering("account_id")))
            WHERE id = ? AND transfer_account_id IS NOT NULL AND reconciled_on IS NOT NULL
            """)
        for id in oldTransferMarks.sorted() { try settle.run([.integer(id)]) }
        oldTransferMarks.removeAll()
    }
}
