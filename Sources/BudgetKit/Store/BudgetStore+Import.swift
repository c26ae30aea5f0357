/// What an import did (or, in a dry run, would do).
public struct ImportSummary: Hashable, Sendable {
    /// Rows added as new transactions.
    public var added: Int
    /// Rows skipped because their import key was already in the book.
    public var skipped: Int
    /// Rows left out because their transaction was imported before and then deleted (see
    /// ``ImportOptions/includesDeleted``).
    public var ignored: Int = 0
    /// Pending transactions replaced by their posted twins (not counted in ``added``; see
    /// ``PendingNearMiss`` for the rule).
    public var replacedPending: Int = 0
    /// Transfers skipped as the other side of a transfer imported before from the other
    /// account's file (counted in ``skipped``).
    public var mirroredTransfers: Int = 0
    /// Transfers imported as new that look like the other side of one imported before, booked
    /// a few days apart: both kept (``TransferNearMiss``).
    public var transferNearMisses: [TransferNearMiss] = []
    /// Pending transactions that look like a posted row just imported without being its twin:
    /// both kept.
    public var pendingNearMisses: [PendingNearMiss] = []
    /// Rows skipped as already imported by a bank id whose transaction has another day or
    /// amount (counted in ``skipped``).
    public var reusedBankIDs: [ReusedBankID] = []
    /// The balance checks of a bank file's statements (empty for CSV): in a dry run, against
    /// the book as the import would leave it.
    public var balanceChecks: [StatementBalanceCheck] = []
    /// The rows of a bank's CSV file skipped as they state a balance rather than a transaction
    /// (``SkippedBalanceRow``), in file order: the first 50 of them (the rest are counted in
    /// ``moreSkippedBalanceRows``); empty when there were none.
    public var skippedBalanceRows: [SkippedBalanceRow] = []
    /// How many more rows were skipped as balances than ``skippedBalanceRows`` lists.
    public var moreSkippedBalanceRows = 0
    /// Whether nothing was written.
    public var dryRun: Bool
    /// Categories created because the file named them (``ImportOptions/createsMissingCategories``).
    public var createdCategories: Int
    /// Set when most rows (three at least) whose signed amount was read in budget's own way
    /// (spending positive, as `budget export` writes it) are negative, that is money in: what a
    /// bank's file (money out negative) read without ``ImportOptions/negate`` looks like.
    /// Transfers are left out. `nil` otherwise.
    public var mostlyNegative: NegativeAmounts?
    /// Set when most rows (three at least) whose amount was read as a bank's money flow (money
    /// out negative) are positive, that is money in: what a card's file that writes charges
    /// positive (American Express, Discover) looks like, read so. Transfers are left out. `nil`
    /// otherwise. (A savings account's deposits look alike: the caller knows whether anything
    /// said which way the amounts go.)
    public var mostlyMoneyIn: MoneyInAmounts?

    /// How many rows read as a bank's money flow were money in, of how many.
    public struct MoneyInAmounts: Hashable, Sendable {
        /// The rows that were money in.
        public var moneyIn: Int
        /// The rows read as a money flow.
        public var rows: Int
    }

    /// How many rows read in budget's own sign convention were negative, of how many.
    public struct NegativeAmounts: Hashable, Sendable {
        public var negative: Int
        public var rows: Int
    }

    /// Creates a summary.
    public init(added: Int, skipped: Int, dryRun: Bool, createdCategories: Int = 0) {
        self.added = added
        self.skipped = skipped
        self.dryRun = dryRun
        self.createdCategories = createdCategories
    }
}

/// One imported row and what became of it, handed to the observer of an import.
public struct ImportedRow: Hashable, Sendable {
    /// The row as read from the file.
    public var row: ImportRow
    /// The transaction it made: its category resolved and its amount stored in the category's
    /// direction (a transfer's: positive, from the account it leaves). Its id is the new one, or,
    /// when skipped, the id of the transaction imported before with the same key; in a dry run,
    /// the id it would have had. For a part of a split (``ImportRow/split``), the part: its
    /// category and amount, and itself as the one element of ``Transaction/splits``.
    ///
    /// A row skipped as already imported has the category the book files that transaction in
    /// now (a later edit's or rule's, not the one the import would give it); when the book
    /// holds the transaction otherwise than the row (a split where the row is whole, a split of
    /// other parts, a transfer), it is that transaction, whole, as the book holds it.
    public var transaction: Transaction
    /// Whether it was added (`false`: skipped as already imported, or ignored).
    public var added: Bool
    /// Whether it was left out because its transaction was imported before and then deleted.
    public var ignored: Bool = false
    /// The id of the pending transaction this posted row replaces (``PendingNearMiss`` has the
    /// rule), which keeps its id and category and takes the row's day, amount, payee, note and
    /// key; the row itself is not added. `nil` for any other row.
    public var replacedPending: Int64? = nil
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
    /// It works in two steps, so that a slow source (a pipe, a network) never holds up other
    /// writers:
    /// 1. Read: the whole input is read, parsed, keyed and checked against the book as it is
    ///    then (every date, amount, category, kind, rule and default), into temporary tables of
    ///    the connection's own temp database, which lock nothing in the book. With
    ///    ``ImportReader/readsAhead``, a file is read and parsed past its first 4,096 rows on a
    ///    thread of its own, a few hundred rows ahead (``ImportPrefetch``): the chunk source is
    ///    then called on that thread, never while the caller's own code runs. The first bad row
    ///    stops it; categories the file names and the book lacks are all noted.
    /// 2. File: in one write transaction (`BEGIN IMMEDIATE`), the categories and rules are read
    ///    again; if they changed meanwhile every row is resolved again. The rows are matched
    ///    with the book's (already imported, deleted), and the missing categories of the rows
    ///    to be added, and of those alone, are listed at once as an error (a row skipped or
    ///    left out adds nothing, whatever category it names), unless
    ///    ``ImportOptions/createsMissingCategories`` says to create them; then one
    ///    `INSERT ... SELECT` files every row in file order. With more than 1,000 rows the change
    ///    log's triggers are paused for it, and one `reload` entry tells live results to refetch
    ///    instead of a million row entries.
    ///
    /// Any error (or any error from the source or `observe`) leaves the book unchanged. A dry run
    /// never takes the write lock: its second step runs in a read transaction, counting what
    /// would be added.
    ///
    /// A file that is not empty but yields no rows is an error, so that a wrong `skipLines` or a
    /// header without rows is never taken for an import of nothing: an empty input (or one of
    /// blank lines only, with no lines to skip) imports nothing and is no error, nor is a file
    /// whose every row was already imported.
    ///
    /// - Parameters:
    ///   - rows: the file's rows, not read from yet.
    ///   - dryRun: check and count without writing.
    ///   - observe: called with each row and its fate, in file order, once the whole file has
    ///     been read (inside the transaction of step 2: throwing rolls the import back).
    /// - Returns: how many rows were added and skipped, and categories created.
    /// - Throws: ``BudgetError/unknownCategory(_:)`` for an unknown default category;
    ///   ``BudgetError/badInput(file:line:column:message:)`` for a bad row (see ``CSVReader``,
    ///   ``ImportMapper``), an unknown category in the file (when it is the only one), a kind
    ///   contradicting the book's category, or a row left without a category;
    ///   ``BudgetError/dateInReconciledPeriod(_:_:)`` for a new row a reconciliation covers,
    ///   ``BudgetError/reconciledTransaction(id:_:)`` for a pending row one covers that its posted
    ///   twin would change (unless ``ImportOptions/reconciled`` allows them);
    ///   ``BudgetError/missingCategories(file:_:more:)`` for several unknown categories;
    ///   ``BudgetError/noRowsAfterHeader(file:line:)``,
    ///   ``BudgetError/noRowsAfterSkipping(file:skipLines:lineCount:)``,
    ///   ``BudgetError/emptyImportFile(file:)``; whatever the source or
    ///   `observe` throws.
    /// - Complexity: O(rows × rules) time. Memory does not grow with the file: the rows wait
    ///   on disk, in the temp database (see ``CSVReader`` for the limits of one record).
    @discardableResult
    public func importTransactions(from rows: inout ImportReader, dryRun: Bool = false,
                                   observe: ((ImportedRow) throws -> Void)? = nil) throws -> ImportSummary {
        let options = rows.options
        let file = rows.file
        var resolver = try reading {
            try connection.inReadTransaction { try ImportResolver(book: ImportResolver.read(connection), file: file, options: options) }
        }
        let staging = try reading { try ImportStaging(store: self, file: file, options: options) }
        defer { staging.drop() }
        try reading { try staging.stage(&rows, resolver: &resolver) }
        staging.categoryHeader = rows.categoryHeader
        var summary: ImportSummary
        if staging.transactionCount == 0 {
            if let error = rows.noRowsError { throw error }
            summary = ImportSummary(added: 0, skipped: 0, dryRun: dryRun)
        } else {
            if dryRun {
                summary = try reading {
                    try connection.inReadTransaction {
                        var summary = try fileStaged(staging, resolver: resolver, dryRun: true, observe: observe)
                        summary.balanceChecks = try checkBalances(of: rows.statements, options: options, staged: true)
                        return summary
                    }
                }
            } else {
                summary = try writing { try fileStaged(staging, resolver: resolver, dryRun: false, observe: observe) }
                summary.balanceChecks = try checkBalances(of: rows.statements, options: options)
            }
        }
        summary.skippedBalanceRows = rows.skippedBalanceRows
        summary.moreSkippedBalanceRows = rows.moreSkippedBalanceRows
        return summary
    }

    /// Step 2 of ``importTransactions(from:dryRun:observe:)``, in its transaction.
    private func fileStaged(_ staging: ImportStaging, resolver: ImportResolver, dryRun: Bool,
                            observe: ((ImportedRow) throws -> Void)?) throws -> ImportSummary {
        var resolver = resolver
        let book = try ImportResolver.read(connection)
        if book != resolver.book {
            resolver = try ImportResolver(book: book, file: staging.file, options: staging.options)
            try staging.reresolve(with: &resolver)
        }
        let maxID = try connection.int64("SELECT max(id) FROM transactions") ?? 0
        try staging.rekeyRepeatedReferences()
        try staging.scopeKeysOfOtherAccounts()
        try staging.keyReplacedPending()
        try staging.keyFoundDeleted()
        let mirrored = try staging.keyMirroredTransfers()
        // Only now is it known which rows are new: a category the book lacks matters for those
        // alone, and not for a posted row that replaces its pending twin (found as a dry run
        // finds it), which keeps its own category.
        var missingOfTwinsOnly = false
        if !staging.options.createsMissingCategories {
            missingOfTwinsOnly = try staging.throwIfMissing()
        }
        var created: Int, added: Int
        let ignored = try staging.deletedRowCount()
        var nearMisses: [PendingNearMiss] = []
        let twins: ImportStaging.Twins
        if dryRun {
            try staging.throwIfSplitMixesKinds()
            twins = try staging.pendingTwins(maxID: maxID, dryRun: true)
            _ = try staging.throwIfReconciled(maxID: maxID, replacing: twins)
            created = try staging.missingCategoryCount(leavingOut: Set(twins.replaced.map(\.posted)))
            added = try staging.newRowCount() - twins.replaced.count
            nearMisses = try dryRunNearMisses(twins, staging: staging, maxID: maxID)
        } else {
            let categoriesBefore = try connection.int64("SELECT max(id) FROM categories") ?? 0
            // Missing categories named only by posted rows replacing their twins are created as
            // --create-categories creates them, to be dropped below with the rows: none is left.
            created = staging.options.createsMissingCategories || missingOfTwinsOnly ? try staging.createMissingCategories() : 0
            try staging.throwIfSplitMixesKinds()
            let filed = try withChangeLogPaused(if: staging.rowCount > BulkImportLimits.rowsBeforePausingLog, newAbove: maxID) {
                try withLargerCache(if: staging.rowCount > BulkImportLimits.rowsBeforePausingLog) { try staging.fileRows() }
            }
            twins = try staging.pendingTwins(maxID: maxID, dryRun: false)
            // Judged once the twins are known, the rows filed: a refusal rolls the whole write back.
            let unmarked = try staging.throwIfReconciled(maxID: maxID, replacing: twins)
            try staging.replacePendingTwins(twins, unmarking: unmarked)
            // A posted row replacing its twin adds nothing: a category created for it alone goes.
            if created > 0 && !twins.replaced.isEmpty { created -= try staging.dropCreatedCategoriesLeftEmpty(above: categoriesBefore) }
            added = filed - twins.replaced.count
            nearMisses = try twins.nearMisses.map {
                PendingNearMiss(pending: try fetchTransaction(id: $0.pending), posted: try fetchTransaction(id: twins.transaction(of: $0.posted)))
            }
        }
        let replacedPending = twins.replaced.count
        if let observe {
            try staging.forEachFate(maxID: maxID, dryRun: dryRun, twins: twins) { fate, _ in try observe(fate) }
        }
        var summary = ImportSummary(added: added, skipped: staging.transactionCount - added - replacedPending - ignored, dryRun: dryRun,
                                    createdCategories: created)
        summary.ignored = ignored
        if staging.storedSignRows >= 3 && staging.negativeStoredRows * 2 > staging.storedSignRows {
            summary.mostlyNegative = .init(negative: staging.negativeStoredRows, rows: staging.storedSignRows)
        }
        if staging.bankSignRows >= 3 && staging.positiveBankRows * 2 > staging.bankSignRows {
            summary.mostlyMoneyIn = .init(moneyIn: staging.positiveBankRows, rows: staging.bankSignRows)
        }
        summary.replacedPending = replacedPending
        summary.mirroredTransfers = mirrored
        summary.pendingNearMisses = nearMisses
        summary.reusedBankIDs = try staging.reusedBankIDs(maxID: maxID)
        summary.transferNearMisses = try staging.transferNearMisses(maxID: maxID, dryRun: dryRun).map {
            TransferNearMiss(line: $0.line, imported: $0.transfer, other: try fetchTransaction(id: $0.otherID))
        }
        return summary
    }

    /// A dry run's near misses: the pending transactions as the book has them, the posted rows
    /// as they would be filed (with the ids they would have), read from the staged rows.
    private func dryRunNearMisses(_ twins: ImportStaging.Twins, staging: ImportStaging, maxID: Int64) throws -> [PendingNearMiss] {
        guard !twins.nearMisses.isEmpty else { return [] }
        let wanted = Set(twins.nearMisses.map(\.posted))
        var posted: [Int64: Transaction] = [:]
        try staging.forEachFate(maxID: maxID, dryRun: true, twins: twins) { fate, rowid in
            if wanted.contains(rowid) { posted[rowid] = fate.transaction }
        }
        return try twins.nearMisses.compactMap { pair in
            guard let transaction = posted[pair.posted] else { return nil }
            return PendingNearMiss(pending: try fetchTransaction(id: pair.pending), posted: transaction)
        }
    }

    /// The importer's one use of the change log: with `pause`, its triggers are paused while
    /// `body` files the new rows (every one with an id above `maxID`, and nothing else a live
    /// result shows), then one `transaction_range` entry covers them all
    /// (``ChangeTracker/logTransactions(above:)``): live lists read the new rows in one query and
    /// insert them, instead of reading an entry per row or fetching everything again. (What the
    /// import changes after filing, a pending row replaced by its posted twin, is logged row by
    /// row as usual.)
    ///
    /// A paused log's triggers still run their `WHEN` clause for every row; as they are the
    /// schema's only triggers (a test holds it), the connection's triggers are switched off while
    /// `body` runs instead (this and filing rows
    /// without a sort, ``ImportStaging/fileStagedInOrder``, took a million-row import from 18-20 s
    /// of CPU to 15.6-16.4 s). A trigger added to the schema for another purpose must then be done here by hand:
    /// the monthly totals' are (``MonthTotals/refresh(afterAddingAbove:in:)``; `body` only adds
    /// rows, all with ids above the book's highest).
    private func withChangeLogPaused<T>(if pause: Bool, newAbove maxID: Int64, _ body: () throws -> T) throws -> T {
        guard pause else { return try body() }
        let wasPaused = changeTracker.isPaused
        try changeTracker.pause()
        let result = try connection.withTriggersOff(body)
        try MonthTotals.refresh(afterAddingAbove: maxID, in: connection)
        try changeTracker.logTransactions(above: maxID)
        // A write that paused the log itself (a large undo) still ends with its reload.
        if !wasPaused { try changeTracker.resume(reload: false) }
        return result
    }
}

extension BudgetStore {
    /// Runs `body` with a page cache of ``BulkImportLimits/cacheKiB`` for the book: filing many
    /// rows inserts into every index of `transactions` in the order of its key (the import key's
    /// is random), and with SQLite's default 2 MB most pages are written to the WAL, evicted,
    /// read back and written again.
    func withLargerCache<T>(if larger: Bool, _ body: () throws -> T) throws -> T {
        guard larger else { return try body() }
        return try connection.withPageCache(kibibytes: BulkImportLimits.cacheKiB, body)
    }
}

/// When an import switches to its bulk path.
enum BulkImportLimits {
    /// The book's page cache while a bulk import files its rows, in KiB: its share of the
    /// 64 MB an import may use (``ImportStaging``'s temp cache and key counters take theirs).
    /// Measured on a 200k-row file in random date order: 2 MB (SQLite's default) 13.2 s at a
    /// 35 MB peak, 8 MB 8.2 s at 48 MB, 16 MB 6.0 s at 65 MB (too much).
    static let cacheKiB = 8_192
    /// Rows filed with the change log running; an import of more pauses it and leaves one
    /// `transaction_range` entry.
    static let rowsBeforePausingLog = 1_000
}
