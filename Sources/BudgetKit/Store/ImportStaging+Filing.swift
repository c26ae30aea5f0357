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
    /// A staged row as ``importRow(_:)`` reads it, then what the fates and the pages add.
    enum StagedColumn: Int32, FixedColumns {
        case line, date, amount, bank, payee, note, importKey, category, categoryField, kind, kindField
        // The fates query: the category it went to (or would be created as), and the existing row.
        case bookCategory, bookKind, missingName, missingKind, existingID
        // A page of rows to resolve again.
        case stagedRowID

        var sql: String {
            switch self {
            case .importKey: return "s.import_key"
            case .categoryField: return "s.category_field"
            case .kindField: return "s.kind_field"
            case .bookCategory: return "c.name"
            case .bookKind: return "c.kind"
            case .missingName: return "m.name"
            case .missingKind: return "m.kind"
            case .existingID: return "t.id"
            case .stagedRowID: return "s.rowid"
            default: return "s.\(self)"
            }
        }

        /// The SELECT list of a page: the row and its rowid (the fates' columns as NULL).
        static let page = selectList { column in
            column.rawValue > StagedColumn.kindField.rawValue && column != .stagedRowID ? "NULL" : column.sql
        }
        /// The SELECT list up to and including `last`.
        static func list(through last: StagedColumn) -> String {
            allCases.filter { $0.rawValue <= last.rawValue }.map(\.sql).joined(separator: ", ")
        }
    }

    static let fates = """
        SELECT \(StagedColumn.list(through: .existingID))
        FROM temp.import_staging AS s
        LEFT JOIN categories AS c ON c.id = s.category_id
        LEFT JOIN temp.import_missing AS m ON m.name_key = s.missing_key
        LEFT JOIN transactions AS t ON t.import_key = s.import_key
        ORDER BY s.rowid
        """

    /// A staged row as it was read.
    static func importRow(_ row: Row) -> ImportRow {
        typealias C = StagedColumn
        return ImportRow(line: Int(row.int64(C.line)), date: row.day(C.date), amount: row.money(C.amount),
                         convention: row.int64(C.bank) != 0 ? .bank : .stored, payee: row.text(C.payee),
                         category: row.isNull(C.category) ? nil : row.text(C.category),
                         categoryField: row.optionalInt64(C.categoryField).map(Int.init), note: row.text(C.note),
                         importKey: row.text(C.importKey), kind: row.isNull(C.kind) ? nil : BudgetCategory.Kind(rawValue: row.text(C.kind)),
                         kindField: row.optionalInt64(C.kindField).map(Int.init))
    }

    /// Throws when the file names categories the book lacks: every one of them, at once.
    ///
    /// - Throws: ``BudgetError/missingCategories(file:_:more:)``, or for a single one
    ///   ``BudgetError/badInput(file:line:column:message:)`` at the row naming it, as before.
    func throwIfMissing() throws {
        var listed: [MissingCategory] = []
        var total = 0, bytes = 0
        try connection.prepare("SELECT \(MissingColumn.selectList) FROM temp.import_missing ORDER BY line").forEachRow {
            total += 1
            let name = $0.text(MissingColumn.name)
            bytes += name.utf8.count
            if listed.count < Self.listedMissing.count && bytes <= Self.listedMissing.bytes {
                listed.append(MissingCategory(name: name, line: Int($0.int64(MissingColumn.line)), column: Int($0.int64(MissingColumn.field))))
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
            SELECT \(StagedColumn.page) FROM temp.import_staging AS s WHERE s.rowid > ? ORDER BY s.rowid LIMIT 1000
            """)
        let update = try connection.prepare("""
            UPDATE temp.import_staging SET category_id = ?, stored_amount = ?, missing_key = ? WHERE rowid = ?
            """)
        var last: Int64 = 0
        while true {
            let rows = try page.map([.integer(last)]) { (id: $0.int64(StagedColumn.stagedRowID), row: Self.importRow($0)) }
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
            let existing = $0.optionalInt64(StagedColumn.existingID)
            let added = dryRun ? existing == nil : existing.map { $0 > maxID } ?? false
            if dryRun && added { newRows += 1 }
            let inBook = !$0.isNull(StagedColumn.bookCategory)
            let name = inBook ? $0.text(StagedColumn.bookCategory) : $0.text(StagedColumn.missingName)
            let kind = BudgetCategory.Kind(rawValue: $0.text(inBook ? StagedColumn.bookKind : StagedColumn.missingKind)) ?? .expense
            let id = dryRun && added ? maxID + newRows : existing ?? 0
            try body(ImportedRow(row: row, transaction: Transaction(id: id, date: row.date, amount: row.storedAmount(in: kind),
                                                                    category: name, payee: row.payee, note: row.note, kind: kind),
                                 added: added))
        }
    }
}
