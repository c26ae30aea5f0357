/// Filing the staged rows: checked again against the book as it is under the lock, then one
/// INSERT ... SELECT (plus one for the parts of splits); and reading back what became of each row.
extension ImportStaging {
    /// Every staged transaction in file order: each row that is no part of a split, and one
    /// row per split (its amount the parts' sum, no category), where its first part was.
    static let fileStaged = """
        INSERT INTO transactions (id, date, amount, category_id, payee, note, import_key, account_id, transfer_account_id)
        SELECT CASE WHEN ?1 IS NULL THEN NULL ELSE ?1 + ?2 * (row_number() OVER (ORDER BY place) - 1) END, date, amount, category_id, payee, note, import_key, account_id, transfer_account_id FROM (
            SELECT rowid AS place, date, stored_amount AS amount, category_id, coalesce(clean_payee, payee) AS payee, note, import_key,
                account_id, transfer_account_id
            FROM temp.import_staging WHERE split_group IS NULL AND missing_key IS NULL
            UNION ALL
            SELECT min(rowid), date, sum(stored_amount), NULL, coalesce(clean_payee, payee), note, import_key, account_id, NULL
            FROM temp.import_staging WHERE split_group IS NOT NULL AND missing_key IS NULL GROUP BY split_group) AS staged
        WHERE NOT \(ImportTombstones.hide("staged")) ORDER BY place
        ON CONFLICT (import_key) DO NOTHING
        """
    /// ``fileStaged`` for a file without splits: the staged rows in their order, numbered
    /// (in a synced book) by their place in the file, which skips the numbers of rows already
    /// imported; no sort, no window. Both leave out rows whose category is still missing: rows
    /// already in the book (or deleted), whose categories ``createMissing`` does not create.
    static let fileStagedInOrder = """
        INSERT INTO transactions (id, date, amount, category_id, payee, note, import_key, account_id, transfer_account_id)
        SELECT CASE WHEN ?1 IS NULL THEN NULL ELSE ?1 + ?2 * (s.rowid - 1) END, s.date, s.stored_amount, s.category_id,
            coalesce(s.clean_payee, s.payee), s.note, s.import_key, s.account_id, s.transfer_account_id
        FROM temp.import_staging AS s
        WHERE s.missing_key IS NULL AND NOT \(ImportTombstones.hide("s")) ORDER BY s.rowid
        ON CONFLICT (import_key) DO NOTHING
        """
    /// The parts of the splits just filed (ids above `?1`).
    static let fileParts = """
        INSERT INTO transaction_splits (transaction_id, position, category_id, amount, note, date)
        SELECT t.id, s.split_position, s.category_id, s.stored_amount, s.split_note, s.date
        FROM temp.import_staging AS s JOIN transactions AS t ON t.import_key = s.import_key
        WHERE s.split_group IS NOT NULL AND t.id > ?1 ORDER BY s.rowid
        """
    /// Staged transactions whose key belongs to a deleted transaction (a split counts once).
    static let countDeleted = """
        SELECT count(*) FROM (SELECT 1 FROM temp.import_staging AS s
            WHERE \(ImportTombstones.hide("s"))
            GROUP BY coalesce(-s.split_group, s.rowid))
        """
    /// The pending rows just filed (ids above `?1`), with their money flow as the bank wrote it.
    static let recordPending = """
        INSERT INTO pending_imports (transaction_id, flow)
        SELECT t.id, \(ImportStaging.stagedFlow) FROM temp.import_staging AS s CROSS JOIN transactions AS t ON t.import_key = s.import_key
        WHERE s.pending AND s.split_group IS NULL AND s.transfer_account_id IS NULL AND t.id > ?1
        """
    /// The transfers just filed (ids above `?1`), with the side of the file that brought them
    /// (``stagedSide``); a deleted transfer brought back by its other side (``ImportOptions/includesDeleted``:
    /// filed under its key, `own_key` the row's own) keeps the side it had, the other one, so
    /// that this file, imported again, finds its row as that transfer's other side.
    static let recordTransferSides = """
        INSERT INTO imported_transfer_sides (transaction_id, side)
        SELECT t.id, CASE WHEN s.own_key IS NULL THEN \(ImportStaging.stagedSide("s"))
                          WHEN \(ImportStaging.stagedSide("s")) = 'to' THEN 'from' ELSE 'to' END FROM temp.import_staging AS s CROSS JOIN transactions AS t ON t.import_key = s.import_key
        WHERE s.transfer_account_id IS NOT NULL AND s.split_group IS NULL AND t.id > ?1
        """
    /// With ``ImportOptions/includesDeleted``: the deletions of the rows staged are forgotten.
    static let forgetDeleted = ImportTombstones.forgetStaged
    /// Whether the staged row `alias` is new: no transaction holds its key, and no deletion
    /// hides it unless the parameter `includesDeleted` (``ImportOptions/includesDeleted``) is set.
    static func isNew(_ alias: String, includesDeleted: String) -> String {
        """
        NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = \(alias).import_key)
        AND (\(includesDeleted) OR NOT \(ImportTombstones.hide(alias)))
        """
    }
    /// New rows (``isNew(_:includesDeleted:)``) that would be filed without a category: the
    /// checks before make them impossible.
    static let uncategorized = """
        SELECT count(*) FROM temp.import_staging AS s
        WHERE ((s.category_id IS NULL AND s.transfer_account_id IS NULL) OR s.stored_amount IS NULL) AND \(isNew("s", includesDeleted: "?1"))
        """
    /// Of the missing categories, those of new rows (``isNew(_:includesDeleted:)``, its
    /// parameter `includesDeleted`): a category only rows already in the book or deleted name
    /// is not created (a second import of a file whose categories were renamed since left one
    /// behind, unused).
    static func missingOfNewRows(includesDeleted: String) -> String {
        """
        m.name_key IN (SELECT s.missing_key FROM temp.import_staging AS s
                       WHERE s.missing_key IS NOT NULL AND \(isNew("s", includesDeleted: includesDeleted)))
        """
    }
    /// The missing categories of new rows, created (`?3`: ``ImportOptions/includesDeleted``).
    static let createMissing = """
        INSERT INTO categories (id, name, name_key, kind, rollover)
        SELECT CASE WHEN ?1 IS NULL THEN NULL ELSE ?1 + ?2 * (row_number() OVER (ORDER BY m.line) - 1) END, m.name, m.name_key, coalesce(m.kind, 'expense'), 0 FROM temp.import_missing AS m
        WHERE NOT EXISTS (SELECT 1 FROM categories AS c WHERE c.name_key = m.name_key) AND \(missingOfNewRows(includesDeleted: "?3"))
        ORDER BY m.line
        """
    /// How many categories ``createMissing`` would create (`?1`: ``ImportOptions/includesDeleted``), for a dry run.
    static let countMissing = "SELECT count(*) FROM temp.import_missing AS m WHERE \(missingOfNewRows(includesDeleted: "?1"))"
    /// Each missing category's new rows (``isNew(_:includesDeleted:)``, `?1`): its key and how many.
    static let newRowsOfEachMissing = """
        SELECT s.missing_key, count(*) FROM temp.import_staging AS s
        WHERE s.missing_key IS NOT NULL AND \(isNew("s", includesDeleted: "?1")) GROUP BY s.missing_key
        """
    /// The missing category of the staged row `?1` when it is new (`?2`: ``ImportOptions/includesDeleted``).
    static let missingOfNewRow = """
        SELECT s.missing_key FROM temp.import_staging AS s
        WHERE s.rowid = ?1 AND s.missing_key IS NOT NULL AND \(isNew("s", includesDeleted: "?2"))
        """
    /// The categories ``createMissing`` created (ids above `?1`) that no transaction or split
    /// part holds after the posted rows replaced their pending twins, which keep their own
    /// categories: removed, their budgets with them (`ON DELETE CASCADE`).
    static let dropCreatedLeftEmpty = """
        DELETE FROM categories WHERE id > ?1 AND name_key IN (SELECT m.name_key FROM temp.import_missing AS m)
            AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.category_id = categories.id)
            AND NOT EXISTS (SELECT 1 FROM transaction_splits AS p WHERE p.category_id = categories.id)
        """
    /// The budgets of 0 of the categories just created (ids above `?1`), from the month of the
    /// earliest new row in each (`?2`: ``ImportOptions/includesDeleted``), not of a row skipped:
    /// one pass over the staged rows, whatever the number of categories.
    static let budgetMissing = """
        INSERT INTO budgets (category_id, month, scope, amount)
        SELECT c.id, substr(f.first_date, 1, 7), 'from', 0
        FROM (SELECT s.missing_key AS name_key, min(s.date) AS first_date FROM temp.import_staging AS s
              WHERE s.missing_key IS NOT NULL AND \(isNew("s", includesDeleted: "?2")) GROUP BY s.missing_key) AS f
        JOIN categories AS c ON c.name_key = f.name_key WHERE c.id > ?1
        """
    static let resolveCreated = """
        UPDATE temp.import_staging AS s
        SET category_id = c.id, stored_amount = CASE WHEN s.bank AND c.kind = 'expense' THEN -s.amount ELSE s.amount END,
            missing_key = NULL
        FROM categories AS c WHERE s.missing_key IS NOT NULL AND c.name_key = s.missing_key
        """
    /// New transactions: a split counts once (groups as negative numbers, rows as positive).
    static let countNew = """
        SELECT count(*) FROM (SELECT 1 FROM temp.import_staging AS s WHERE \(isNew("s", includesDeleted: "?1"))
            GROUP BY coalesce(-s.split_group, s.rowid))
        """
    /// A split whose parts are in categories of both kinds: its first part's line, one category
    /// of each kind.
    static let mixedSplits = """
        SELECT min(s.line), max(CASE WHEN c.kind = 'expense' THEN c.name END), max(CASE WHEN c.kind = 'income' THEN c.name END),
               min(s.split_field)
        FROM temp.import_staging AS s JOIN categories AS c ON c.id = s.category_id
        WHERE s.split_group IS NOT NULL GROUP BY s.split_group HAVING count(DISTINCT c.kind) > 1 ORDER BY min(s.rowid) LIMIT 1
        """
    /// Each new transaction that moves a balance (``BalanceEffect/movesBalance(parts:)``: a row
    /// of 0.00 does not, nor a split whose parts cancel, as with `add`), once for each
    /// reconciliation of its account (or a transfer's other account) on or after its day: where
    /// its first row is in the file, its date and the account. A split is judged once, by its
    /// parts' sum (groups as negative numbers, rows as positive, as in ``countNew``). New: no
    /// transaction from before the import (ids up to `?2`, the book's highest then: the rows may
    /// be filed already) holds its key, no deletion hides it unless `?1`, and it replaces no
    /// pending twin (`import_replacing`: it adds nothing, and is judged by the change it makes to
    /// the twin, ``guardReplacements(_:)``).
    private static let reconciledStaged = """
        SELECT min(s.rowid) AS place, s.date AS date, r.account_id AS account_id FROM temp.import_staging AS s
        JOIN reconciliations AS r ON r.account_id IN (s.account_id, s.transfer_account_id) AND r.statement_date >= s.date
        WHERE NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = s.import_key AND t.id <= ?2)
        AND (?1 OR NOT \(ImportTombstones.hide("s")))
        AND NOT EXISTS (SELECT 1 FROM temp.import_replacing AS p WHERE p.import_key = s.import_key)
        GROUP BY coalesce(-s.split_group, s.rowid), r.id HAVING \(BalanceEffect.movesBalance(parts: "s.amount"))
        """
    /// The first new row ``reconciledStaged`` finds: its date and the account.
    static let reconciledRows = "SELECT date, account_id FROM (\(reconciledStaged)) ORDER BY place LIMIT 1"

    /// The accounts whose reconciliations ``reconciledRows`` would refuse, in the order their
    /// first row is met.
    static let reconciledAccounts = "SELECT account_id FROM (\(reconciledStaged)) GROUP BY account_id ORDER BY min(place)"

    /// A staged row as ``importRow(_:)`` reads it, then what the fates and the pages add.
    enum StagedColumn: Int32, FixedColumns {
        case line, date, amount, bank, payee, note, importKey, category, categoryField, kind, kindField
        case account, accountField, transferAccount, transferField, splitPosition, splitCount, splitField, splitNote, pending
        // The fates query: the category it went to (or would be created as), the existing row,
        // the stored amount and the accounts' names.
        case bookCategory, bookKind, missingName, missingKind, existingID, storedAmount, accountName, transferAccountName, splitGroup
        case cleanPayee, deleted
        // The category the book files the matched transaction in, for this row (its part's,
        // for a part of a split of as many parts): NULL when none is (a split, a transfer).
        case matchedCategory, matchedKind
        // A page of rows to resolve again.
        case stagedRowID

        var sql: String {
            switch self {
            case .line: return "s.line"
            case .date: return "s.date"
            case .amount: return "s.amount"
            case .bank: return "s.bank"
            case .payee: return "s.payee"
            case .note: return "s.note"
            case .importKey: return "s.import_key"
            case .category: return "s.category"
            case .categoryField: return "s.category_field"
            case .kind: return "s.kind"
            case .kindField: return "s.kind_field"
            case .account: return "s.account"
            case .accountField: return "s.account_field"
            case .transferAccount: return "s.transfer_account"
            case .transferField: return "s.transfer_field"
            case .splitPosition: return "s.split_position"
            case .splitCount: return "s.split_count"
            case .splitField: return "s.split_field"
            case .splitNote: return "s.split_note"
            case .pending: return "s.pending"
            case .bookCategory: return "c.name"
            case .bookKind: return "c.kind"
            case .missingName: return "m.name"
            case .missingKind: return "m.kind"
            case .existingID: return "t.id"
            case .storedAmount: return "s.stored_amount"
            case .accountName: return "coalesce(a.name, '')"
            case .transferAccountName: return "ta.name"
            case .splitGroup: return "s.split_group"
            case .cleanPayee: return "s.clean_payee"
            case .deleted: return ImportTombstones.hide("s")
            case .matchedCategory: return "CASE WHEN s.split_position IS NULL THEN mc.name ELSE mpc.name END"
            case .matchedKind: return "CASE WHEN s.split_position IS NULL THEN mc.kind ELSE mpc.kind END"
            case .stagedRowID: return "s.rowid"
            }
        }

        /// The SELECT list of a page: the row and its rowid (the fates' columns as NULL).
        static let page = selectList { column in
            column.rawValue > StagedColumn.pending.rawValue && column != .stagedRowID ? "NULL" : column.sql
        }
        /// The SELECT list up to and including `last`.
        static func list(through last: StagedColumn) -> String {
            allCases.filter { $0.rawValue <= last.rawValue }.map { $0.sql }.joined(separator: ", ")
        }
    }

    static let fates = """
        SELECT \(StagedColumn.list(through: .stagedRowID))
        FROM temp.import_staging AS s
        LEFT JOIN categories AS c ON c.id = s.category_id
        LEFT JOIN temp.import_missing AS m ON m.name_key = s.missing_key
        LEFT JOIN transactions AS t ON t.import_key = s.import_key
        LEFT JOIN accounts AS a ON a.id = s.account_id
        LEFT JOIN accounts AS ta ON ta.id = s.transfer_account_id
        LEFT JOIN categories AS mc ON mc.id = t.category_id
        LEFT JOIN transaction_splits AS mp ON mp.transaction_id = t.id AND mp.position = s.split_position
            AND s.split_count = (SELECT count(*) FROM transaction_splits AS n WHERE n.transaction_id = t.id)
        LEFT JOIN categories AS mpc ON mpc.id = mp.category_id
        ORDER BY s.rowid
        """

    /// A staged row as it was read.
    static func importRow(_ row: Row) -> ImportRow {
        typealias C = StagedColumn
        func text(_ column: C) -> String? { row.isNull(column) ? nil : row.text(column) }
        func int(_ column: C) -> Int? { row.optionalInt64(column).map(Int.init) }
        let split = int(C.splitPosition).flatMap { position in int(C.splitCount).flatMap { SplitPosition(position: position, count: $0) } }
        return ImportRow(line: Int(row.int64(C.line)), date: row.day(C.date), amount: row.money(C.amount),
                         convention: row.int64(C.bank) != 0 ? .bank : .stored, payee: row.text(C.payee),
                         category: text(C.category), categoryField: int(C.categoryField), note: row.text(C.note),
                         importKey: row.text(C.importKey), kind: text(C.kind).flatMap(BudgetCategory.Kind.init(rawValue:)),
                         kindField: int(C.kindField), account: text(C.account), accountField: int(C.accountField),
                         transferAccount: text(C.transferAccount), transferAccountField: int(C.transferField),
                         split: split, splitField: int(C.splitField), splitNote: row.text(C.splitNote))
            .pending(row.int64(C.pending) != 0)
    }

    /// The categories the book lacks that new rows (``isNew(_:includesDeleted:)``, `?1`:
    /// ``ImportOptions/includesDeleted``) name, each at the first new row naming it, in file
    /// order: its name, that row's line and category field. (With one aggregate, `min`, SQLite
    /// takes the bare columns from the row holding the minimum.)
    static let missingOfNewRowsInOrder = """
        SELECT m.name, min(s.line), coalesce(s.category_field, 1) FROM temp.import_staging AS s
        JOIN temp.import_missing AS m ON m.name_key = s.missing_key
        WHERE s.missing_key IS NOT NULL AND \(isNew("s", includesDeleted: "?1"))
        GROUP BY s.missing_key ORDER BY min(s.line)
        """

    /// Throws when rows the import would add name categories the book lacks: every one of
    /// them, at once, each at the first such row. A row skipped as already imported, or left
    /// out as deleted, adds nothing: the category it names does not matter; nor does a posted
    /// row's that replaces its pending twin (``pendingTwins(maxID:dryRun:)``, found as a dry
    /// run finds them), which keeps its own category. Call it once the rows are keyed against
    /// the book under the write lock (``keyFoundDeleted()`` and the others), which decides
    /// which rows are new.
    ///
    /// - Returns: `true` when the only new rows naming missing categories replace their twins:
    ///   the import creates those categories to file the rows and drops them once the rows have
    ///   replaced their twins, as with ``ImportOptions/createsMissingCategories``.
    /// - Throws: ``BudgetError/missingCategories(file:_:more:)``, or for a single one
    ///   ``BudgetError/badInput(file:line:column:message:)`` at the row naming it, as before.
    func throwIfMissing() throws -> Bool {
        enum Column: Int32, SelectedColumns { case name, line, field, rowid, key }
        guard try connection.int64("SELECT EXISTS (SELECT 1 FROM temp.import_missing)") == 1 else { return false }
        var listed: [MissingCategory] = []
        var total = 0, bytes = 0
        func list(_ row: Row) {
            total += 1
            let name = row.text(Column.name)
            bytes += name.utf8.count
            if listed.count < Self.listedMissing.count && bytes <= Self.listedMissing.bytes {
                listed.append(MissingCategory(name: name, line: Int(row.int64(Column.line)), column: Int(row.int64(Column.field)),
                                              header: categoryHeader))
            }
        }
        let deleted = options.includesDeleted.sqliteValue
        let replacing = Set(try pendingTwins(maxID: 0, dryRun: true).replaced.map(\.posted))
        if replacing.isEmpty {
            try connection.prepare(Self.missingOfNewRowsInOrder).forEachRow([deleted], list)
            guard !listed.isEmpty else { return false }
        } else {
            // Row by row, in file order: each missing category at the first new row naming it
            // that does not replace a twin.
            var seen: Set<String> = [], twinsOnly = false
            try connection.prepare(Self.newRowsNamingMissing).forEachRow([deleted]) {
                guard !replacing.contains($0.int64(Column.rowid)) else { twinsOnly = true; return }
                if seen.insert($0.text(Column.key)).inserted { list($0) }
            }
            guard !listed.isEmpty else { return twinsOnly }
        }
        throw BudgetError.missingCategories(file: file, listed, more: total - listed.count)
    }

    /// Each new row (``isNew(_:includesDeleted:)``, `?1`) naming a category the book lacks, in
    /// file order: the name, its line and category field, the row's staging rowid, and the
    /// name's key.
    static let newRowsNamingMissing = """
        SELECT m.name, s.line, coalesce(s.category_field, 1), s.rowid, s.missing_key FROM temp.import_staging AS s
        JOIN temp.import_missing AS m ON m.name_key = s.missing_key
        WHERE s.missing_key IS NOT NULL AND \(isNew("s", includesDeleted: "?1"))
        ORDER BY s.line, s.rowid
        """

    /// Throws when a split's parts are in categories of both kinds (checked once the
    /// categories are known: the book's, and those just created).
    func throwIfSplitMixesKinds() throws {
        enum Mixed: Int32, SelectedColumns { case line, expense, income, field }
        let mixed = try connection.prepare(Self.mixedSplits).first {
            (line: Int($0.int64(Mixed.line)), expense: $0.text(Mixed.expense), income: $0.text(Mixed.income),
             field: Int($0.optionalInt64(Mixed.field) ?? 1))
        }
        guard let mixed else { return }
        throw BudgetError.badInput(file: file, line: mixed.line, column: mixed.field,
                                   message: "the split starting here mixes expense category '\(mixed.expense)' with income category '\(mixed.income)'")
    }

    /// Throws when the import would change a balance a reconciliation vouches for, judged as
    /// `add` and `edit` judge a change (one rule, ``BalanceEffect/movesBalance``): a new row by
    /// its own effect, a split by its parts' sum (``reconciledRows``), a posted row that replaces its pending twin by the
    /// change it makes to the twin (``guardReplacements(_:)``). When that is allowed
    /// (``ReconciledChanges/allow``), adds each reconciliation the import breaks to the store's
    /// ``BudgetStore/brokenReconciliations``, so the command can say so as other forced writes do.
    ///
    /// - Parameters:
    ///   - maxID: the book's highest transaction id before the import (the rows may be filed
    ///     already: the twins are known only then; a refusal rolls the filing back).
    ///   - twins: the pending twins the posted rows replace (``pendingTwins(maxID:dryRun:)``).
    /// - Returns: the twins whose reconciled mark their replacement takes
    ///   (``replacePendingTwins(_:unmarking:)``).
    /// - Throws: ``BudgetError/dateInReconciledPeriod(_:_:)`` for a new row,
    ///   ``BudgetError/reconciledTransaction(id:_:)`` for a twin whose reconciled day changes.
    func throwIfReconciled(maxID: Int64, replacing twins: Twins) throws -> Set<Int64> {
        enum Covered: Int32, SelectedColumns { case date, accountID }
        guard try connection.int64("SELECT EXISTS (SELECT 1 FROM reconciliations)") == 1 else { return [] }
        try recordReplacing(twins)
        let values = [options.includesDeleted.sqliteValue, .integer(maxID)]
        if options.reconciled == .allow {
            let accounts = try connection.prepare(Self.reconciledAccounts).map(values) { $0.int64(0) }
            for id in accounts {
                if let last = try store.lastReconciliation(accountID: id), !store.brokenReconciliations.contains(where: { $0.id == last.id }) {
                    store.brokenReconciliations.append(last)
                }
            }
        } else if let found = try connection.prepare(Self.reconciledRows).first(values, {
                      (date: $0.day(Covered.date), accountID: $0.int64(Covered.accountID))
                  }),
                  let last = try store.lastReconciliation(accountID: found.accountID) {
            throw BudgetError.dateInReconciledPeriod(found.date, last)
        }
        return try guardReplacements(twins)
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
            UPDATE temp.import_staging SET category_id = ?, stored_amount = ?, missing_key = ?, account_id = ?, transfer_account_id = ?,
                clean_payee = ?
            WHERE rowid = ?
            """)
        var last: Int64 = 0
        while true {
            let rows = try page.map([.integer(last)]) { (id: $0.int64(StagedColumn.stagedRowID), row: Self.importRow($0)) }
            guard let end = rows.last?.id else { return }
            for (id, row) in rows {
                let placement = try resolver.placement(of: row)
                let (resolution, payee) = try resolver.resolve(row, missing: { try record($0) })
                let resolved = Self.columns(resolution, row, placement)
                try update.run([resolved.categoryID, resolved.storedAmount, resolved.missingKey, .integer(placement.accountID),
                                placement.transferAccountID.sqliteValue, payee.sqliteValue, .integer(id)])
            }
            last = end
        }
    }

    /// Creates the missing categories of new rows (``missingOfNewRows(includesDeleted:)``; kind
    /// from the file, else expense; budget 0 from the month of their earliest row; no
    /// rollover), and puts their rows in them.
    ///
    /// - Returns: how many were created.
    func createMissingCategories() throws -> Int {
        let before = try connection.int64("SELECT max(id) FROM categories") ?? 0
        try connection.run(Self.createMissing, try store.firstIDs(for: "categories") + [options.includesDeleted.sqliteValue])
        let created = connection.changes
        try store.noteInsertedIDs(in: "categories")
        if created > 0 {
            try connection.run(Self.budgetMissing, [.integer(before), options.includesDeleted.sqliteValue])
            try connection.run(Self.resolveCreated)
        }
        return created
    }

    /// Files the staged rows, and the parts of the splits among them.
    ///
    /// The new rows (ids above the book's highest) go into the history entry in bulk
    /// (``BulkInsert``): a session would hold every one of them in memory.
    ///
    /// - Returns: how many transactions were added (the others were already imported).
    func fileRows() throws -> Int {
        let uncategorized = try connection.int64(Self.uncategorized, [options.includesDeleted.sqliteValue]) ?? 0
        precondition(uncategorized == 0, "\(uncategorized) staged rows have no category: the checks before filing let them through")
        let maxID = try connection.int64("SELECT max(id) FROM transactions") ?? 0
        if options.includesDeleted { for sql in Self.forgetDeleted { try connection.run(sql) } }
        let rebuildsIndexes = try buildsIndexesAfter()
        let filed = try store.insertingInBulk(Self.newRows(above: maxID)) {
            let added = try rebuildsIndexes ? connection.withIndexesBuiltAfter(on: "transactions", fileTransactions) : fileTransactions()
            try store.noteInsertedIDs(in: "transactions")
            if splitGroups > 0 { try connection.run(Self.fileParts, [.integer(maxID)]) }
            if pendingRows > 0 { try connection.run(Self.recordPending, [.integer(maxID)]) }
            if transferRows > 0 { try connection.run(Self.recordTransferSides, [.integer(maxID)]) }
            return added
        }
        try rememberFoundDeleted()
        return filed
    }

    /// Files the staged transactions (not yet the parts of splits).
    ///
    /// - Returns: how many were added.
    private func fileTransactions() throws -> Int {
        try connection.run(splitGroups == 0 ? Self.fileStagedInOrder : Self.fileStaged, try store.firstIDs(for: "transactions"))
        return connection.changes
    }

    /// The rows an import adds: transactions with ids above `maxID`, their splits' parts,
    /// their pending marks and their transfers' sides. Every new id is above the highest before (``BudgetStore/firstIDs(for:)``).
    static func newRows(above maxID: Int64) -> [BulkInsert] {
        [BulkInsert(table: "transactions", condition: "id > ?", bound: maxID),
         BulkInsert(table: "transaction_splits", condition: "transaction_id > ?", bound: maxID),
         BulkInsert(table: "pending_imports", condition: "transaction_id > ?", bound: maxID),
         BulkInsert(table: "imported_transfer_sides", condition: "transaction_id > ?", bound: maxID)]
    }

    /// Gives a staged row whose key another account's transaction already holds a key of its
    /// own account: `KEY|account ID`. A key names no account (a CSV row's is its source, date,
    /// amount and payee; a bank file without an account number is keyed by its source), so the
    /// same Netflix charge on two cards' statements would be taken for one already imported.
    /// Keys already in the book keep their meaning: only a row that would collide with another
    /// account's is rekeyed, the same way on every run (importing that file again finds it).
    /// So is a row whose scoped key a tombstone holds: a transaction deleted from this account
    /// leaves `KEY|account ID` whether its key was scoped or not (``ImportTombstones``), so
    /// the row is found deleted and, brought back (``ImportOptions/includesDeleted``), is found
    /// again under that key.
    func scopeKeysOfOtherAccounts() throws {
        guard try connection.int64("SELECT EXISTS (SELECT 1 FROM transactions WHERE import_key IS NOT NULL)") == 1 else { return }
        try connection.execute(Self.scopeToAccount)
    }

    static let scopeToAccount = """
        UPDATE temp.import_staging AS s SET import_key = \(scopedKey)
        WHERE EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = s.import_key AND t.account_id <> s.account_id)
            OR EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = \(scopedKey))
            OR EXISTS (SELECT 1 FROM import_tombstones AS d WHERE d.import_key = \(scopedKey))
        """
    private static let scopedKey = ImportTombstones.scoped("s.import_key", to: "s.account_id")

    /// Keys every row whose bank id the file gives more than once (a bank writing `FITID` 0 on
    /// every row, or reusing a reference) by that id and its content, `ID|DAY|AMOUNT|PAYEE|N`
    /// (N its number among the file's rows with all four the same), so that no row of the file
    /// is taken for another, and an overlapping statement keys its rows the same way again.
    /// (Numbering them by their place in the file would give a later file's first row the
    /// key of an earlier file's first row.)
    func rekeyRepeatedReferences() throws {
        guard repeatsReferences else { return }
        try connection.execute(Self.rekeyRepeated)
    }

    static let rekeyRepeated = """
        UPDATE temp.import_staging AS s SET import_key = r.key
        FROM (SELECT rowid AS id, import_key || '|' || date || '|' || amount || '|'
                  || replace(replace(payee, '\\', '\\\\'), '|', '\\|') || '|'
                  || row_number() OVER (PARTITION BY import_key, date, amount, payee ORDER BY rowid) AS key
              FROM temp.import_staging
              WHERE bank_key AND import_key IN (SELECT import_key FROM temp.import_staging WHERE bank_key
                                                GROUP BY import_key HAVING count(*) > 1)) AS r
        WHERE s.rowid = r.id
        """

    /// How many staged transactions are left out because their transaction was deleted (none
    /// with ``ImportOptions/includesDeleted``).
    func deletedRowCount() throws -> Int {
        guard !options.includesDeleted, try connection.int64("SELECT EXISTS (SELECT 1 FROM import_tombstones)") == 1 else { return 0 }
        return Int(try connection.int64(Self.countDeleted) ?? 0)
    }

    /// How many categories ``createMissingCategories()`` would create and leave holding a row:
    /// not those whose only new rows are the posted rows (staging rowids) in `replacing`, which
    /// replace their pending twins and add nothing (``dropCreatedCategoriesLeftEmpty(above:)``).
    ///
    /// - Complexity: one pass over the staged rows, and one lookup per row in `replacing`: the
    ///   rows themselves are never held in memory.
    func missingCategoryCount(leavingOut replacing: Set<Int64> = []) throws -> Int {
        let deleted = options.includesDeleted.sqliteValue
        guard !replacing.isEmpty else { return Int(try connection.int64(Self.countMissing, [deleted]) ?? 0) }
        var replaced: [String: Int64] = [:]
        for rowid in replacing {
            if let key = try connection.cached(Self.missingOfNewRow).first([.integer(rowid), deleted], { $0.text(0) }) { replaced[key, default: 0] += 1 }
        }
        return try connection.prepare(Self.newRowsOfEachMissing).map([deleted]) { ($0.text(0), $0.int64(1)) }
            .filter { $0.1 > replaced[$0.0, default: 0] }.count
    }

    /// Removes the categories created by this import (ids above `before`) that hold nothing once
    /// posted rows replaced their pending twins (each keeps its own category).
    ///
    /// - Returns: how many were removed.
    func dropCreatedCategoriesLeftEmpty(above before: Int64) throws -> Int {
        try connection.run(Self.dropCreatedLeftEmpty, [.integer(before)])
        return connection.changes
    }

    /// How many staged transactions are not in the book yet.
    func newRowCount() throws -> Int {
        Int(try connection.int64(Self.countNew, [options.includesDeleted.sqliteValue]) ?? 0)
    }
}
