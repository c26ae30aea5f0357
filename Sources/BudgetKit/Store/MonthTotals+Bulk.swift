extension MonthTotals {
    /// After rows were added with triggers off (a bulk import, all of whose transactions have
    /// ids above `maxID`, and whose parts belong to those transactions): the tables brought up
    /// to date.
    ///
    /// The new rows' sums are added to the tables' rows, as the triggers would have added each
    /// row: one pass over the new rows alone, however many rows their months held before
    /// (``addNewRows(above:in:)``). That equals computing their months again from the rows (``refresh(months:in:)``)
    /// as long as no sum overflows, so when a sum had overflowed before, or one does now, the
    /// addition is undone and the months are computed again from the rows.
    ///
    /// - Complexity: O(added rows), and then in the rare fallback O(rows dated in their months).
    static func refresh(afterAddingAbove maxID: Int64, in connection: Connection) throws {
        if try !hasOverflow(in: connection) {
            do {
                try connection.inSavepoint {
                    try addNewRows(above: maxID, in: connection)
                    if try hasOverflow(in: connection) { throw AdditionOverflowed() }
                }
                return
            } catch is AdditionOverflowed {}
        }
        var months = Set<String>()
        try connection.prepare("""
            SELECT DISTINCT substr(date, 1, 7) FROM transactions WHERE id > ?1
            UNION SELECT DISTINCT substr(date, 1, 7) FROM transaction_splits WHERE transaction_id > ?1
            """).forEachRow([.integer(maxID)]) { months.insert($0.text(0)) }
        try refresh(months: months, in: connection)
    }

    /// A sum overflowed while the new rows' sums were added: they are computed from the rows.
    private struct AdditionOverflowed: Error {}

    /// Adds the sums of the rows above `maxID` to the tables. The transactions are summed in
    /// memory during one scan by id (``NewSums``), then written as one upsert per key: a
    /// `GROUP BY` would sort every new row first (0.8 s of a million-row import). The parts of
    /// splits are summed in SQL (``addingPartsSQL``). When the new rows hold anything the
    /// in-memory sum does not take (a sum leaving 64 bits, an amount that is not an integer, a
    /// date whose first seven bytes are not ASCII, so that SQLite's characters are not bytes, or more keys than ``NewSums/maximumKeys``),
    /// ``addingSQL`` adds them all instead: the same sums, by the same rules.
    static func addNewRows(above maxID: Int64, in connection: Connection) throws {
        guard let sums = try NewSums(above: maxID, in: connection) else {
            for sql in addingSQL { try connection.run(sql, [.integer(maxID)]) }
            return
        }
        let categories = try connection.cached(upsertSQL(categoryMonths))
        for (key, sum) in sums.categories {
            try categories.run([.integer(key.first), .text(key.month.text), .integer(key.second), .integer(sum.amount), .integer(sum.count)])
        }
        let transfers = try connection.cached(upsertSQL(transferMonths))
        for (key, sum) in sums.transfers {
            try transfers.run([.integer(key.first), .integer(key.second), .text(key.month.text), .integer(sum.amount), .integer(sum.count)])
        }
        if sums.hasParts { try connection.run(addingPartsSQL, [.integer(maxID)]) }
    }

    /// The sums of the transactions above an id, by key, when they are plain (see
    /// ``addNewRows(above:in:)``).
    struct NewSums {
        /// A key of either table: two ids and a month (`category_months`: category and account;
        /// `transfer_months`: account and transfer account).
        struct Key: Hashable {
            let first: Int64
            let second: Int64
            let month: MonthKey
        }
        /// `substr(date, 1, 7)` of an ASCII date: up to seven bytes, packed with their count
        /// (``Row/asciiPrefix(_:bytes:)``).
        struct MonthKey: Hashable {
            let packed: UInt64
            var text: String {
                let count = Int(packed >> 56)
                return String(decoding: (0..<count).map { UInt8(truncatingIfNeeded: packed >> UInt64(8 * $0)) }, as: UTF8.self)
            }
        }
        struct Sum {
            var amount: Int64 = 0
            var count: Int64 = 0
        }
        /// Keys at most, both tables together, before the sums are left to SQL (bounded memory
        /// whatever the rows hold; a real import has a few per category, account and month).
        static let maximumKeys = 65_536

        private(set) var categories: [Key: Sum] = [:]
        private(set) var transfers: [Key: Sum] = [:]
        /// Whether some new transaction has neither category nor transfer account: a split,
        /// whose parts are summed in SQL.
        private(set) var hasParts = false

        /// Reads the transactions above `maxID`; `nil` when they are not plain.
        init?(above maxID: Int64, in connection: Connection) throws {
            var plain = true
            let rows = try connection.prepare("""
                SELECT category_id, date, account_id, amount, transfer_account_id FROM transactions WHERE id > ?1
                """)
            try rows.forEachRow([.integer(maxID)]) { row in
                guard plain else { return }
                guard row.isInteger(3), let month = row.asciiPrefix(1, bytes: 7).map(MonthKey.init) else {
                    plain = false
                    return
                }
                let amount = row.int64(3)
                if !row.isNull(0) {
                    plain = Self.add(amount, to: &categories[Key(first: row.int64(0), second: row.int64(2), month: month), default: Sum()])
                } else if !row.isNull(4) {
                    plain = Self.add(amount, to: &transfers[Key(first: row.int64(2), second: row.int64(4), month: month), default: Sum()])
                } else {
                    hasParts = true
                }
                if categories.count + transfers.count > Self.maximumKeys { plain = false }
            }
            if !plain { return nil }
        }

        /// Adds `amount` to `sum`; `false` when the sum would leave 64 bits.
        private static func add(_ amount: Int64, to sum: inout Sum) -> Bool {
            let (total, overflow) = sum.amount.addingReportingOverflow(amount)
            sum.amount = total
            sum.count += 1
            return !overflow
        }
    }

    /// The rows a changeset touches and the months it concerns, taken before it is applied with
    /// triggers off (a large undo, redo or sync); ``refresh(in:)`` after it computes those
    /// months again from the rows.
    ///
    /// The months are those of every date the changeset holds for `transactions` and
    /// `transaction_splits` (before and after), and those the touched transactions and their
    /// parts are dated in both before it is applied and after (a row whose date the change kept,
    /// a part whose transaction's account changed, a change a sync applied on top). A sync can
    /// delete or overwrite a row this book had moved to another month: the file's old values are
    /// then not the book's, and only the month read before names the month the row left.
    struct Touched {
        /// The touched transactions' ids (a part's transaction's for a part).
        let ids: [Int64]
        /// The changeset's months and the rows' months before it is applied.
        let months: Set<String>

        /// Reads `changeset`'s dates in place and its rows' months now: call it before applying it.
        ///
        /// - Complexity: O(changes log changes + rows in the ranges of their ids).
        init(by changeset: Changeset, in connection: Connection) throws {
            var months = Set<String>()
            ids = try MonthTotals.touchedTransactionIDs(changeset, in: connection) { months.insert($0) }
            self.months = months.union(try MonthTotals.monthsNow(ofTransactions: ids, in: connection))
        }

        /// After the changeset was applied: its months, and those its rows are dated in now,
        /// computed again from the rows.
        ///
        /// - Complexity: O(rows dated in those months).
        func refresh(in connection: Connection) throws {
            try MonthTotals.refresh(months: months.union(try MonthTotals.monthsNow(ofTransactions: ids, in: connection)), in: connection)
        }
    }

    /// The ids of the transactions `changeset` touches (a part's transaction's for a part),
    /// calling `month` with the month of every date it holds for either table, before and after.
    /// The dates are read in place (``Changeset/forEachEntry(_:)``), nothing decoded but the date.
    fileprivate static func touchedTransactionIDs(_ changeset: Changeset, in connection: Connection,
                                              month: (String) -> Void) throws -> [Int64] {
        var dateColumns: [String: Int] = [:]
        for table in ["transactions", "transaction_splits"] {
            let names = try connection.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid").map([.text(table)]) { $0.text(0) }
            dateColumns[table] = names.firstIndex(of: "date")
        }
        var transactionIDs: [Int64] = []
        try changeset.forEachEntry { entry in
            guard let column = dateColumns[entry.table] else { return }
            for record in [entry.oldRecord, entry.newRecord] where record.count > 0 {
                if let found = Self.month(ofField: column, in: record) { month(found) }
            }
            // A transaction's id, or a part's transaction's (the first column of each key).
            let key = entry.operation == .insert ? entry.newRecord : entry.oldRecord
            if key.count > 0, key[0] == ChangesetRecord.integer {
                transactionIDs.append(Int64(bitPattern: ChangesetRecord.bigEndianWord(key, at: 1)))
            }
        }
        return transactionIDs
    }

    /// The months transactions `ids` and their parts are dated in now. A superset is harmless (a
    /// month computed again that did not change stays the same), so they are read by ranges of
    /// ids (ids close together, as a sync's or an undo's usually are, share a range, and the
    /// rows between them are read too) instead of one lookup per id.
    fileprivate static func monthsNow(ofTransactions ids: [Int64], in connection: Connection) throws -> Set<String> {
        var months = Set<String>()
        let current = try connection.prepare("""
            SELECT DISTINCT substr(date, 1, 7) FROM transactions WHERE id BETWEEN ?1 AND ?2
            UNION SELECT DISTINCT substr(date, 1, 7) FROM transaction_splits WHERE transaction_id BETWEEN ?1 AND ?2
            """)
        for range in idRanges(ids) {
            try current.forEachRow([.integer(range.lowerBound), .integer(range.upperBound)]) { months.insert($0.text(0)) }
        }
        return months
    }

    /// `ids` sorted and gathered into ranges: an id at most ``rangeGap`` above the last joins
    /// its range (a read of the few rows between costs less than another query).
    static func idRanges(_ ids: [Int64]) -> [ClosedRange<Int64>] {
        var ranges: [ClosedRange<Int64>] = []
        for id in ids.sorted() {
            // Subtracted with its overflow seen: ids the shell wrote may be anywhere in Int64.
            if let last = ranges.last, id <= last.upperBound || Self.isWithinGap(id, above: last.upperBound) {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, id)
            } else {
                ranges.append(id...id)
            }
        }
        return ranges
    }

    /// Whether `id` is at most ``rangeGap`` above `last` (`id` > `last`), without overflowing.
    private static func isWithinGap(_ id: Int64, above last: Int64) -> Bool {
        let gap = id.subtractingReportingOverflow(last)
        return !gap.overflow && gap.partialValue <= rangeGap
    }

    /// The widest gap between two ids ``idRanges(_:)`` puts in one range.
    static let rangeGap: Int64 = 16

    /// What `substr(value, 1, 7)` gives for field `column` of a changeset record; `nil` when the
    /// record has no value there (an UPDATE's untouched column), or a NULL (never in a date) or a
    /// REAL or a BLOB (only the shell writes one; ``check`` would show it).
    private static func month(ofField column: Int, in record: UnsafeRawBufferPointer) -> String? {
        guard let offset = ChangesetRecord.offset(of: column, in: record) else { return nil }
        switch record[offset] {
        case ChangesetRecord.text:
            guard let end = ChangesetRecord.fieldEnd(record, at: offset),
                  let (_, start) = ChangesetRecord.varint(record, at: offset + 1) else { return nil }
            let head = UnsafeRawBufferPointer(rebasing: record[start..<min(end, start + 7)])
            // substr counts characters: seven ASCII bytes are seven of them (a date's usual form).
            if head.count == 7, head.allSatisfy({ $0 < 0x80 }) { return String(decoding: head, as: UTF8.self) }
            return month(of: .text(Array(record[start..<end])))
        case ChangesetRecord.integer:
            return month(of: .integer(Int64(bitPattern: ChangesetRecord.bigEndianWord(record, at: offset + 1))))
        default: return nil
        }
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
