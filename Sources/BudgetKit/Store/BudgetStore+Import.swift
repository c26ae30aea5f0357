/// What an import did (or, in a dry run, would do).
public struct ImportSummary: Hashable, Sendable {
    /// Rows added as new transactions.
    public var added: Int
    /// Rows skipped because their import key was already in the book.
    public var skipped: Int
    /// Whether nothing was written.
    public var dryRun: Bool

    /// Creates a summary.
    public init(added: Int, skipped: Int, dryRun: Bool) {
        self.added = added
        self.skipped = skipped
        self.dryRun = dryRun
    }
}

/// One imported row and what became of it, handed to the observer of an import.
public struct ImportedRow: Hashable, Sendable {
    /// The row as read from the file.
    public var row: ImportRow
    /// The transaction it made: its category resolved and its amount stored in the category's
    /// direction. Its id is the new one, or, when skipped, the id of the transaction imported
    /// before with the same key; in a dry run, the id it would have had.
    public var transaction: Transaction
    /// Whether it was added (`false`: skipped as already imported).
    public var added: Bool
}

extension BudgetStore {
    /// Imports a file's rows as transactions: all of them or, when a row is bad, none.
    ///
    /// ```swift
    /// var rows = ImportReader(file: "bank.csv", options: options, chunks: { try file.read(65_536) })
    /// let summary = try store.importTransactions(from: &rows)
    /// print("\(summary.added) added, \(summary.skipped) already imported")
    /// ```
    ///
    /// Each row's category is, in order: the file's category column, else the first rule added
    /// whose pattern is part of the payee ignoring case (``addRule(pattern:category:)``), else
    /// ``ImportOptions/defaultCategory``. Its amount is then stored in the category's direction
    /// (``ImportRow/storedAmount(in:)``). A row whose import key is already in the book is
    /// skipped and counted, so importing a file again adds nothing.
    ///
    /// Everything runs in one write transaction: the first bad row (or any error from the
    /// source) rolls it all back, and the book is unchanged. With `dryRun`, everything is checked
    /// and counted exactly as for real, then rolled back.
    ///
    /// Imports take a fast path: without an observer, rows are staged in a temporary table and
    /// filed by one `INSERT ... SELECT`; with more than 1,000 rows the change log's triggers are
    /// paused for it, and one `reload` entry tells live results to refetch instead of a million
    /// row entries. With an observer, one prepared INSERT runs per row and the log is paused after
    /// the first 1,000 added rows.
    ///
    /// - Parameters:
    ///   - rows: the file's rows.
    ///   - dryRun: check and count without writing.
    ///   - observe: called with each row and its fate, in file order (to list a dry run, say).
    /// - Returns: how many rows were added and skipped.
    /// - Throws: ``BudgetError/unknownCategory(_:)`` for an unknown default category;
    ///   ``BudgetError/badInput(file:line:column:message:)`` for a bad row, an unknown category in
    ///   the file, or a row left without a category; whatever the source or `observe` throws.
    /// - Complexity: O(rows × rules) time; memory bounded by the reader (see ``ImportReader``).
    @discardableResult
    public func importTransactions(from rows: inout ImportReader, dryRun: Bool = false,
                                   observe: ((ImportedRow) throws -> Void)? = nil) throws -> ImportSummary {
        let file = rows.file
        let defaultCategory = rows.options.defaultCategory
        do {
            return try writing {
                var importer = try BulkImporter(store: self, file: file, defaultCategory: defaultCategory, staged: observe == nil)
                while let row = try rows.next() {
                    try importer.insert(row, observe: observe)
                }
                try importer.finish()
                let summary = ImportSummary(added: importer.added, skipped: importer.skipped, dryRun: dryRun)
                if dryRun { throw DryRunRollback(summary: summary) }
                return summary
            }
        } catch let rollback as DryRunRollback {
            return rollback.summary
        }
    }
}

/// Thrown out of the write transaction to roll a dry run back.
private struct DryRunRollback: Error {
    let summary: ImportSummary
}

/// When an import switches to its bulk path.
enum BulkImportLimits {
    /// Rows logged one by one before the change log is paused (a staged import of more rows is
    /// never logged row by row).
    static let rowsBeforePausingLog = 1_000
}

/// The state of one import inside its write transaction.
private struct BulkImporter {
    static let insert = """
        INSERT INTO transactions (date, amount, category_id, payee, note, import_key) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (import_key) DO NOTHING
        """

    /// Without an observer, rows go into a temporary staging table (no indexes, no triggers) and
    /// one INSERT ... SELECT files them all: a fraction of the cost of one INSERT per row.
    static let createStaging = """
        CREATE TEMP TABLE IF NOT EXISTS import_staging (
            date TEXT NOT NULL, amount INTEGER NOT NULL, category_id INTEGER NOT NULL,
            payee TEXT NOT NULL, note TEXT NOT NULL, import_key TEXT NOT NULL)
        """
    static let stage = """
        INSERT INTO temp.import_staging (date, amount, category_id, payee, note, import_key) VALUES (?, ?, ?, ?, ?, ?)
        """
    static let fileStaged = """
        INSERT INTO transactions (date, amount, category_id, payee, note, import_key)
        SELECT date, amount, category_id, payee, note, import_key FROM temp.import_staging WHERE true ORDER BY rowid
        ON CONFLICT (import_key) DO NOTHING
        """

    let store: BudgetStore
    let file: String
    /// Whether rows are staged and filed at the end (no per-row observer).
    let staged: Bool
    var stagedRows = 0
    let categories: [String: BudgetStore.CategoryRow]
    /// Category names as written in the file, resolved once each.
    var resolvedNames: [String: BudgetStore.CategoryRow] = [:]
    let rules: [(pattern: String, category: BudgetStore.CategoryRow)]
    let defaultCategory: BudgetStore.CategoryRow?
    let statement: Statement
    var added = 0
    var skipped = 0
    var logPaused = false

    init(store: BudgetStore, file: String, defaultCategory: String?, staged: Bool) throws {
        self.store = store
        self.file = file
        self.staged = staged
        let connection = store.connection
        var categories: [String: BudgetStore.CategoryRow] = [:]
        var byID: [Int64: BudgetStore.CategoryRow] = [:]
        for row in try store.allCategoryRows() {
            categories[BudgetCategory.nameKey(row.name)] = row
            byID[row.id] = row
        }
        self.categories = categories
        // A rule whose category was deleted behind budget's back (the sqlite3 shell does not
        // enforce foreign keys by default) is skipped.
        rules = try connection.cached("SELECT pattern, category_id FROM rules ORDER BY id").map {
            (pattern: $0.text(0).lowercased(), categoryID: $0.int64(1))
        }.compactMap { rule in byID[rule.categoryID].map { (pattern: rule.pattern, category: $0) } }
        self.defaultCategory = try defaultCategory.map { try store.categoryRow(named: $0) }
        if staged {
            try connection.execute(Self.createStaging)
            try connection.execute("DELETE FROM temp.import_staging")
            statement = try connection.prepare(Self.stage)
        } else {
            statement = try connection.prepare(Self.insert)
        }
    }

    mutating func insert(_ row: ImportRow, observe: ((ImportedRow) throws -> Void)?) throws {
        let category = try category(for: row)
        let amount = row.storedAmount(in: category.kind)
        if staged {
            try statement.run([row.date.sqliteValue, amount.sqliteValue, .integer(category.id), .text(row.payee),
                               .text(row.note), .text(row.importKey)])
            stagedRows += 1
            return
        }
        try statement.run([row.date.sqliteValue, amount.sqliteValue, .integer(category.id), .text(row.payee),
                           .text(row.note), .text(row.importKey)])
        let connection = store.connection
        let wasAdded = connection.changes > 0
        if wasAdded { added += 1 } else { skipped += 1 }
        if let observe {
            let id = wasAdded ? connection.lastInsertRowID
                : try connection.int64("SELECT id FROM transactions WHERE import_key = ?", [.text(row.importKey)]) ?? 0
            try observe(ImportedRow(row: row, transaction: Transaction(id: id, date: row.date, amount: amount, category: category.name,
                                                                       payee: row.payee, note: row.note),
                                    added: wasAdded))
        }
        if !logPaused && added >= BulkImportLimits.rowsBeforePausingLog {
            try store.changeTracker.pause()
            logPaused = true
        }
    }

    /// Files staged rows, and resumes the change log, leaving one `reload` entry when rows went
    /// in unlogged.
    mutating func finish() throws {
        let connection = store.connection
        if staged {
            logPaused = stagedRows > BulkImportLimits.rowsBeforePausingLog
            if logPaused { try store.changeTracker.pause() }
            try connection.run(Self.fileStaged)
            added = connection.changes
            skipped = stagedRows - added
            try connection.run("DELETE FROM temp.import_staging")
        }
        guard logPaused else { return }
        try store.changeTracker.resume(reload: true)
    }

    /// The file's category, else the first matching rule's, else the default.
    mutating func category(for row: ImportRow) throws -> BudgetStore.CategoryRow {
        if let name = row.category {
            if let category = resolvedNames[name] { return category }
            guard let category = categories[BudgetCategory.nameKey(name.trimmingSpaces())] else {
                throw BudgetError.badInput(file: file, line: row.line, column: row.categoryField ?? 1,
                                           message: "no category named '\(name)'")
            }
            resolvedNames[name] = category
            return category
        }
        if !rules.isEmpty {
            let payee = row.payee.lowercased()
            if let rule = rules.first(where: { payee.contains($0.pattern) }) { return rule.category }
        }
        if let defaultCategory { return defaultCategory }
        throw BudgetError.badInput(file: file, line: row.line, column: 1,
                                   message: "no category for payee '\(row.payee)': the row names none, no rule matches and there is no default category")
    }
}
