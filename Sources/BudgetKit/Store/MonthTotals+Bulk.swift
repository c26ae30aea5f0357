extension MonthTotals {
    /// After rows were added with triggers off (a bulk import, all of whose transactions have
    /// ids above `maxID`): their months computed again from the rows.
    ///
    /// - Complexity: O(added rows + rows dated in their months).
    static func refresh(afterAddingAbove maxID: Int64, in connection: Connection) throws {
        var months = Set<String>()
        try connection.prepare("""
            SELECT DISTINCT substr(date, 1, 7) FROM transactions WHERE id > ?1
            UNION SELECT DISTINCT substr(date, 1, 7) FROM transaction_splits WHERE transaction_id > ?1
            """).forEachRow([.integer(maxID)]) { months.insert($0.text(0)) }
        try refresh(months: months, in: connection)
    }

    /// After `changeset` was applied with triggers off (a large undo, redo or sync): the months
    /// it touched computed again from the rows.
    ///
    /// The months touched are those of every date the changeset holds for `transactions` and
    /// `transaction_splits` (before and after), and the months the touched transactions and
    /// their parts are dated in now (a row whose date the change kept, a part whose
    /// transaction's account changed, a change a sync applied on top).
    ///
    /// - Complexity: O(changes + rows dated in their months).
    static func refresh(after changeset: Changeset, in connection: Connection) throws {
        try refresh(months: try months(touchedBy: changeset, in: connection), in: connection)
    }

    /// The months ``refresh(after:in:)`` computes again. Call it after applying `changeset`.
    static func months(touchedBy changeset: Changeset, in connection: Connection) throws -> Set<String> {
        var dateColumns: [String: Int] = [:]
        for table in ["transactions", "transaction_splits"] {
            let names = try connection.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid").map([.text(table)]) { $0.text(0) }
            dateColumns[table] = names.firstIndex(of: "date")
        }
        var months = Set<String>()
        var transactionIDs = Set<Int64>()
        try changeset.forEachChange { change in
            guard let column = dateColumns[change.table] else { return }
            for values in [change.oldValues, change.newValues] where column < values.count {
                if let month = month(of: values[column]) { months.insert(month) }
            }
            // A transaction's id, or a part's transaction's (the first column of each key).
            if case .integer(let id)? = change.primaryKey.first { transactionIDs.insert(id) }
        }
        let ids = Array(transactionIDs)
        let current = try connection.prepare("""
            SELECT substr(t.date, 1, 7) FROM json_each(?1) AS j JOIN transactions AS t ON t.id = j.value
            UNION SELECT substr(s.date, 1, 7) FROM json_each(?1) AS j JOIN transaction_splits AS s ON s.transaction_id = j.value
            """)
        for start in stride(from: 0, to: ids.count, by: 50_000) {
            let list = "[" + ids[start..<min(start + 50_000, ids.count)].map(String.init).joined(separator: ",") + "]"
            try current.forEachRow([.text(list)]) { months.insert($0.text(0)) }
        }
        return months
    }

    /// What `substr(value, 1, 7)` gives for a date as a changeset holds it; `nil` for a NULL
    /// (never in a date) or a REAL (only the shell writes one; ``check`` would show it).
    private static func month(of value: ChangesetValue) -> String? {
        switch value {
        case .text(let bytes):
            var month = ""
            month.unicodeScalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars.prefix(7))
            return month
        case .integer(let number): return String(String(number).prefix(7))
        case .unchanged, .null, .real, .blob: return nil
        }
    }
}
