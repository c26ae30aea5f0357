/// Filing the staged rows: checked again against the book as it is under the lock, then one
/// INSERT ... SELECT; and reading back what became of each row.
extension ImportStaging {
    /// Every staged row in file order. A row without a category would insert a NULL category
    /// id or amount and fail on `NOT NULL` rather than vanish; the checks before make it
    /// impossible.
    static let fileStaged = """
        INSERT INTO transactions (date, amount, category_id, payee, note, import_key)
        SELECT date, stored_amount, category_id, payee, note, import_key FROM temp.import_staging
        WHERE true ORDER BY rowid
        ON CONFLICT (import_key) DO NOTHING
        """
    static let createMissing = """
        INSERT INTO categories (name, name_key, kind, rollover)
        SELECT m.name, m.name_key, coalesce(m.kind, 'expense'), 0 FROM temp.import_missing AS m
        WHERE NOT EXISTS (SELECT 1 FROM categories AS c WHERE c.name_key = m.name_key) ORDER BY m.line
        """
    static let budgetMissing = """
        INSERT INTO budgets (category_id, month, scope, amount)
        SELECT c.id, substr(m.first_date, 1, 7), 'from', 0
        FROM temp.import_missing AS m JOIN categories AS c ON c.name_key = m.name_key WHERE c.id > ?
        """
    static let resolveCreated = """
        UPDATE temp.import_staging AS s
        SET category_id = c.id, stored_amount = CASE WHEN s.bank AND c.kind = 'expense' THEN -s.amount ELSE s.amount END,
            missing_key = NULL
        FROM categories AS c WHERE s.missing_key IS NOT NULL AND c.name_key = s.missing_key
        """
    static let countNew = """
        SELECT count(*) FROM temp.import_staging AS s
        WHERE NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = s.import_key)
        """
    /// The columns ``importRow(_:)`` reads, in order.
    static let rowColumns = """
        s.line, s.date, s.amount, s.bank, s.payee, s.note, s.import_key, s.category, s.category_field, s.kind, s.kind_field
        """
    static let fates = """
        SELECT \(rowColumns), c.name, c.kind, m.name, m.kind, t.id
        FROM temp.import_staging AS s
        LEFT JOIN categories AS c ON c.id = s.category_id
        LEFT JOIN temp.import_missing AS m ON m.name_key = s.missing_key
        LEFT JOIN transactions AS t ON t.import_key = s.import_key
        ORDER BY s.rowid
        """

    /// A staged row as it was read.
    static func importRow(_ row: Row) -> ImportRow {
        ImportRow(line: Int(row.int64(0)), date: row.day(1), amount: row.money(2), convention: row.int64(3) != 0 ? .bank : .stored,
                  payee: row.text(4), category: row.isNull(7) ? nil : row.text(7), categoryField: row.optionalInt64(8).map(Int.init),
                  note: row.text(5), importKey: row.text(6),
                  kind: row.isNull(9) ? nil : BudgetCategory.Kind(rawValue: row.text(9)), kindField: row.optionalInt64(10).map(Int.init))
    }

    /// Throws when the file names categories the book lacks: every one of them, at once.
    ///
    /// - Throws: ``BudgetError/missingCategories(file:_:more:)``, or for a single one
    ///   ``BudgetError/badInput(file:line:column:message:)`` at the row naming it, as before.
    func throwIfMissing() throws {
        var listed: [MissingCategory] = []
        var total = 0, bytes = 0
        try connection.prepare("SELECT name, line, field FROM temp.import_missing ORDER BY line").forEachRow {
            total += 1
            let name = $0.text(0)
            bytes += name.utf8.count
            if listed.count < Self.listedMissing.count && bytes <= Self.listedMissing.bytes {
                listed.append(MissingCategory(name: name, line: Int($0.int64(1)), column: Int($0.int64(2))))
            }
        }
        guard !listed.isEmpty else { return }
        throw BudgetError.missingCategories(file: file, listed, more: total - listed.count)
    }

    /// Resolves every staged row again against `resolver` (the book changed while the file was
    /// read), a page of rows at a time.
    func reresolve(with resolver: inout ImportResolver) throws {
        try connection.execute("DELETE FROM temp.import_missing")
        missingSeen = [:]
        let page = try connection.prepare("""
            SELECT \(Self.rowColumns), s.rowid FROM temp.import_staging AS s WHERE s.rowid > ? ORDER BY s.rowid LIMIT 1000
            """)
        let update = try connection.prepare("""
            UPDATE temp.import_staging SET category_id = ?, stored_amount = ?, missing_key = ? WHERE rowid = ?
            """)
        var last: Int64 = 0
        while true {
            let rows = try page.map([.integer(last)]) { (id: $0.int64(11), row: Self.importRow($0)) }
            guard let end = rows.last?.id else { return }
            for (id, row) in rows {
                let resolved = Self.columns(try resolver.resolve(row, missing: { try record($0) }), row)
                try update.run([resolved.categoryID, resolved.storedAmount, resolved.missingKey, .integer(id)])
            }
            last = end
        }
    }

    /// Creates the missing categories (kind from the file, else expense; budget 0 from the
    /// month of their earliest row; no rollover), and puts their rows in them.
    ///
    /// - Returns: how many were created.
    func createMissingCategories() throws -> Int {
        let before = try connection.int64("SELECT max(id) FROM categories") ?? 0
        try connection.run(Self.createMissing)
        let created = connection.changes
        if created > 0 {
            try connection.run(Self.budgetMissing, [.integer(before)])
            try connection.run(Self.resolveCreated)
        }
        return created
    }

    /// Files the staged rows.
    ///
    /// - Returns: how many were added (the others were already imported).
    func fileRows() throws -> Int {
        try connection.run(Self.fileStaged)
        return connection.changes
    }

    /// How many staged rows are not in the book yet.
    func newRowCount() throws -> Int {
        Int(try connection.int64(Self.countNew) ?? 0)
    }

    /// Calls `body` with each staged row and its fate, in file order. Ids of rows added by this
    /// import are above `maxID` (SQLite gives a new row the highest id plus one); in a dry run,
    /// a new row gets the id it would have had, and a category still to be created the name and
    /// kind the file gives it.
    func forEachFate(maxID: Int64, dryRun: Bool, _ body: (ImportedRow) throws -> Void) throws {
        var newRows: Int64 = 0
        try connection.prepare(Self.fates).forEachRow {
            let row = Self.importRow($0)
            let existing = $0.optionalInt64(15)
            let added = dryRun ? existing == nil : existing.map { $0 > maxID } ?? false
            if dryRun && added { newRows += 1 }
            let name = $0.isNull(11) ? $0.text(13) : $0.text(11)
            let kind = BudgetCategory.Kind(rawValue: $0.text($0.isNull(11) ? 14 : 12)) ?? .expense
            let id = dryRun && added ? maxID + newRows : existing ?? 0
            try body(ImportedRow(row: row, transaction: Transaction(id: id, date: row.date, amount: row.storedAmount(in: kind),
                                                                    category: name, payee: row.payee, note: row.note, kind: kind),
                                 added: added))
        }
    }
}
