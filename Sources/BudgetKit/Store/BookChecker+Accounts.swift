/// The rules of accounts, transfers, splits and reconciliations (schema 4).
extension BookChecker {
    func accounts() throws {
        var defaults = 0
        try connection.prepare("SELECT \(AccountCheck.selectList) FROM accounts ORDER BY id").forEachRow { row in
            let id = row.int64(AccountCheck.id), name = row.text(AccountCheck.name)
            if (try? BudgetStore.validAccountName(name)) != name { report(.invalidAccountName(accountID: id, name: name)) }
            let key = row.text(AccountCheck.nameKey)
            if key != Account.nameKey(name) {
                report(.wrongAccountKey(accountID: id, column: "name_key", stored: key, expected: Account.nameKey(name)))
            }
            let numberKey = row.isNull(AccountCheck.number) ? nil : Account.numberKey(row.text(AccountCheck.number))
            let stored = row.isNull(AccountCheck.numberKey) ? nil : row.text(AccountCheck.numberKey)
            if stored != numberKey {
                report(.wrongAccountKey(accountID: id, column: "number_key", stored: stored ?? "NULL", expected: numberKey ?? "NULL"))
            }
            if Account.Kind(rawValue: row.text(AccountCheck.type)) == nil { report(.invalidAccountType(accountID: id, type: row.text(AccountCheck.type))) }
            for (column, value) in [("opening_date", AccountCheck.openingDate), ("closed_on", AccountCheck.closedOn)] where !row.isNull(value) {
                if Day(iso: row.text(value)) == nil { report(.invalidAccountDate(accountID: id, column: column, value: row.text(value))) }
            }
            if !row.isNull(AccountCheck.openingDate), !row.isNull(AccountCheck.closedOn),
               let opening = Day(iso: row.text(AccountCheck.openingDate)), let closed = Day(iso: row.text(AccountCheck.closedOn)), opening >= closed {
                report(.openingOnOrAfterClosing(accountID: id, openingDate: opening, closedOn: closed))
            }
            if row.int64(AccountCheck.isDefault) != 0 { defaults += 1 }
        }
        if defaults == 0 { report(.noDefaultAccount) }
    }

    /// The rules of a transaction's shape: a transfer is one (no category, another account, an
    /// amount above zero: the table's CHECK constraint, which only a sync's merge or the sqlite3
    /// shell gets past), and a split's parts stand alone, add up to its amount, keep to one kind
    /// and carry its date. With `merged`, only the transactions in
    /// `temp.unsettled_candidates` are checked (``BudgetStore/unsettledTransactions(among:)``).
    func transactionShapes(merged: Bool = false) throws {
        let only = merged ? " AND t.id IN temp.unsettled_candidates" : ""
        try connection.prepare("""
            SELECT t.id FROM transactions AS t WHERE t.transfer_account_id IS NOT NULL
                AND NOT (t.category_id IS NULL AND t.transfer_account_id <> t.account_id AND t.amount > 0)\(only) ORDER BY t.id
            """).forEachRow { report(.brokenTransfer(transactionID: $0.int64(0))) }
        try connection.prepare("""
            SELECT t.id FROM transactions AS t WHERE t.category_id IS NULL AND t.transfer_account_id IS NULL
                AND NOT EXISTS (SELECT 1 FROM transaction_splits AS p WHERE p.transaction_id = t.id)\(only) ORDER BY t.id
            """).forEachRow { report(.uncategorizedTransaction(transactionID: $0.int64(0))) }
        try connection.prepare("""
            SELECT DISTINCT t.id FROM transactions AS t JOIN transaction_splits AS p ON p.transaction_id = t.id
            WHERE (t.category_id IS NOT NULL OR t.transfer_account_id IS NOT NULL)\(only) ORDER BY t.id
            """).forEachRow { report(.partsOfUnsplitTransaction(transactionID: $0.int64(0))) }
        try connection.prepare("""
            SELECT t.id, t.amount, sum(p.amount), count(DISTINCT c.kind) FROM transactions AS t
            JOIN transaction_splits AS p ON p.transaction_id = t.id LEFT JOIN categories AS c ON c.id = p.category_id
            WHERE t.category_id IS NULL AND t.transfer_account_id IS NULL\(only) GROUP BY t.id ORDER BY t.id
            """).forEachRow { row in
                let id = row.int64(SplitSum.id), amount = row.int64(SplitSum.amount), parts = row.int64(SplitSum.parts)
                if amount != parts { report(.splitDoesNotSum(transactionID: id, amount: amount, parts: parts)) }
                if row.int64(SplitSum.kinds) > 1 { report(.splitMixesKinds(transactionID: id)) }
            }
        try connection.prepare("""
            SELECT p.transaction_id, p.position FROM transaction_splits AS p JOIN transactions AS t ON t.id = p.transaction_id
            WHERE p.date IS NOT t.date\(only) ORDER BY p.transaction_id, p.position
            """).forEachRow { report(.splitDateDiffers(transactionID: $0.int64(Dated.id), position: $0.int64(Dated.value))) }
    }

    func reconciliations() throws {
        try connection.prepare("""
            SELECT id, reconciled_on FROM transactions WHERE reconciled_on IS NOT NULL
            UNION ALL SELECT id, transfer_reconciled_on FROM transactions WHERE transfer_reconciled_on IS NOT NULL ORDER BY 1
            """).forEachRow {
            if Day(iso: $0.text(Dated.value)) == nil {
                report(.invalidReconciliationDate(table: "transactions", rowID: $0.int64(Dated.id), value: $0.text(Dated.value)))
            }
        }
        try connection.prepare("""
            SELECT id FROM transactions WHERE transfer_reconciled_on IS NOT NULL AND transfer_account_id IS NULL ORDER BY id
            """).forEachRow { report(.transferMarkWithoutTransfer(transactionID: $0.int64(0))) }
        try connection.prepare("SELECT id, statement_date FROM reconciliations ORDER BY id").forEachRow {
            if Day(iso: $0.text(Dated.value)) == nil {
                report(.invalidReconciliationDate(table: "reconciliations", rowID: $0.int64(Dated.id), value: $0.text(Dated.value)))
            }
        }
    }

    private enum SplitSum: Int32, SelectedColumns { case id, amount, parts, kinds }
    /// A row's id and one value of it (a position, a date).
    private enum Dated: Int32, SelectedColumns { case id, value }

    private enum AccountCheck: Int32, FixedColumns {
        case id, name, nameKey, type, number, numberKey, openingDate, closedOn, isDefault
        var sql: String {
            switch self {
            case .id: return "id"
            case .name: return "name"
            case .nameKey: return "name_key"
            case .type: return "type"
            case .number: return "number"
            case .numberKey: return "number_key"
            case .openingDate: return "opening_date"
            case .closedOn: return "closed_on"
            case .isDefault: return "is_default"
            }
        }
    }
}
