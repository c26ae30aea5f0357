/// The rows of one import, read and checked, waiting in temporary tables to be filed.
///
/// Temporary tables live in SQLite's temp database, a file of this connection's own: writing
/// them takes no lock on the book, so a file is read (as slowly as its source gives it) while
/// other processes go on writing, and memory stays flat whatever its size (the temp database
/// keeps a small page cache and spills to disk).
///
/// - `import_staging`: every row in file order, with its import key, its category's id and its
///   amount in that category's direction, or the name key of a category the book lacks
///   (``ImportResolver/Resolution``), and the payee a rule gave it (`clean_payee`, filed instead
///   of the file's payee, which stays for the import key and for resolving again); a transfer
///   found to be the other side of a deleted one keeps its own key in `own_key`
///   (``ImportStaging/keyFoundDeleted()``).
/// - `import_occurrences`: ``ImportKeyer``'s counters, one per (date, amount, payee) hash,
///   for the groups beyond the first ``occurrencesInMemory`` (counted in memory, for speed).
/// - `import_missing`: the categories the file names that the book lacks, each with its
///   first row, the kind the file gives it and its earliest date.
/// - `import_replacing`: the keys of the posted rows that replace their pending twins
///   (``ImportStaging/guardReplacements(_:)``), which the check of new rows leaves out.
///
/// Not thread-safe: it belongs to its store's connection.
final class ImportStaging {
    static let create = """
        DROP TABLE IF EXISTS temp.import_staging;
        DROP TABLE IF EXISTS temp.import_occurrences;
        DROP TABLE IF EXISTS temp.import_missing;
        DROP TABLE IF EXISTS temp.import_replacing;
        PRAGMA temp.secure_delete = OFF;
        PRAGMA temp.cache_size = -8192;
        CREATE TEMP TABLE import_staging (
            line INTEGER NOT NULL, date TEXT NOT NULL, amount INTEGER NOT NULL, bank INTEGER NOT NULL,
            payee TEXT NOT NULL, note TEXT NOT NULL, import_key TEXT NOT NULL,
            category TEXT, category_field INTEGER, kind TEXT, kind_field INTEGER,
            account TEXT, account_field INTEGER, transfer_account TEXT, transfer_field INTEGER,
            split_position INTEGER, split_count INTEGER, split_field INTEGER, split_note TEXT NOT NULL,
            category_id INTEGER, stored_amount INTEGER, missing_key TEXT,
            account_id INTEGER NOT NULL, transfer_account_id INTEGER, split_group INTEGER, clean_payee TEXT, pending INTEGER NOT NULL,
            bank_key INTEGER NOT NULL, own_key TEXT);
        CREATE TEMP TABLE import_occurrences (hash INTEGER PRIMARY KEY, count INTEGER NOT NULL);
        CREATE TEMP TABLE import_missing (
            name_key TEXT PRIMARY KEY, name TEXT NOT NULL, line INTEGER NOT NULL, field INTEGER NOT NULL,
            kind TEXT, kind_line INTEGER, first_date TEXT NOT NULL);
        CREATE TEMP TABLE import_replacing (import_key TEXT PRIMARY KEY) WITHOUT ROWID;
        """
    static let drop = """
        DROP TABLE IF EXISTS temp.import_staging;
        DROP TABLE IF EXISTS temp.import_occurrences;
        DROP TABLE IF EXISTS temp.import_missing;
        DROP TABLE IF EXISTS temp.import_replacing;
        """
    static let stage = """
        INSERT INTO temp.import_staging (line, date, amount, bank, payee, note, import_key,
            category, category_field, kind, kind_field, account, account_field, transfer_account, transfer_field,
            split_position, split_count, split_field, split_note,
            category_id, stored_amount, missing_key, account_id, transfer_account_id, split_group, clean_payee, pending, bank_key)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    // No RETURNING in statements run per row: SQLite gives each run an ephemeral table for it,
    // a page cache allocated and freed every time.
    static let count = """
        INSERT INTO temp.import_occurrences (hash, count) VALUES (?, 1) ON CONFLICT (hash) DO UPDATE SET count = count + 1
        """
    static let counted = "SELECT count FROM temp.import_occurrences WHERE hash = ?"
    static let recordMissing = """
        INSERT INTO temp.import_missing (name_key, name, line, field, kind, kind_line, first_date) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (name_key) DO UPDATE SET kind = coalesce(kind, excluded.kind), kind_line = coalesce(kind_line, excluded.kind_line),
            first_date = min(first_date, excluded.first_date)
        """
    static let recordedMissing = "SELECT \(MissingColumn.selectList) FROM temp.import_missing WHERE name_key = ?"
    /// How many groups ``ImportKeyer`` counters are kept in memory before the next ones go to
    /// `import_occurrences`: at most some 12 MB (a dictionary of 2^20 buckets of 12 bytes).
    static let occurrencesInMemory = 786_432
    /// How many missing categories a failed import lists (the rest are counted), and how many
    /// bytes of names at most: a hostile file cannot make the error itself huge.
    static let listedMissing = (count: 50, bytes: 65_536)

    let store: BudgetStore
    let file: String
    let options: ImportOptions
    var connection: Connection { store.connection }
    let keyer: ImportKeyer
    private let counting: Statement
    private let readingCount: Statement
    private let staging: Statement
    private let recording: Statement
    private let readingMissing: Statement
    /// The first ``occurrencesInMemory`` groups' counters; a group is counted here or on disk,
    /// never both.
    private var occurrences: [UInt64: UInt32] = [:]
    /// Rows staged (each part of a split is a row).
    private(set) var rowCount = 0
    /// Transactions staged (a split is one).
    var transactionCount = 0
    /// Rows staged as pending.
    var pendingRows = 0
    /// Rows staged as transfers (``keyMirroredTransfers()``).
    private(set) var transferRows = 0
    /// Rows staged with a key the bank gave (its id for the row).
    private(set) var bankKeyRows = 0
    /// Whether a bank id was given to more than one row of the file.
    private(set) var repeatsReferences = false
    /// Rows whose amount was read in budget's own way (``ImportRow/AmountConvention/stored``:
    /// spending positive), transfers left out, and how many of them are negative (money in).
    private(set) var storedSignRows = 0, negativeStoredRows = 0
    /// Rows whose amount was read as a bank's money flow (``ImportRow/AmountConvention/bank``),
    /// transfers left out, and how many of them are positive (money in).
    private(set) var bankSignRows = 0, positiveBankRows = 0
    /// The parts of a split read so far, waiting for its last part.
    var pendingParts: [ImportRow] = []
    /// Splits staged so far: the last one's number.
    var splitGroups: Int64 = 0
    /// What `import_missing` already says of recent names, so that the rows of a missing
    /// category cost one SQL statement only when they change something (bounded).
    var missingSeen: [String: (kind: BudgetCategory.Kind?, kindLine: Int?, firstDate: Day)] = [:]
    /// The header text of the file's category column when its header gave it
    /// (``ImportReader/categoryHeader``), for ``MissingCategory/header``.
    var categoryHeader: String?

    /// Groups counted in memory at most (``occurrencesInMemory``; fewer in tests).
    private let memoryCounters: Int
    /// Rows read on the staging thread before the rest are read ahead on a thread of their own
    /// (``ImportPrefetch``; fewer in tests).
    private let prefetchAfter: Int

    /// Creates the temporary tables (dropping any an interrupted import left).
    init(store: BudgetStore, file: String, options: ImportOptions, occurrencesInMemory: Int = ImportStaging.occurrencesInMemory,
         prefetchAfter: Int = ImportPrefetch.startAfter) throws {
        memoryCounters = occurrencesInMemory
        self.prefetchAfter = prefetchAfter
        self.store = store
        self.file = file
        self.options = options
        keyer = ImportKeyer(source: options.source)
        let connection = store.connection
        try connection.execute(Self.create)
        counting = try connection.prepare(Self.count)
        readingCount = try connection.prepare(Self.counted)
        staging = try connection.prepare(Self.stage)
        recording = try connection.prepare(Self.recordMissing)
        readingMissing = try connection.prepare(Self.recordedMissing)
    }

    /// Drops the temporary tables.
    func drop() {
        try? connection.execute(Self.drop)
    }

    /// Reads every row of `rows`, keys it, resolves its category and stages it, in one
    /// transaction of the temp database (the book is not locked), or in a savepoint of a
    /// grouped write's transaction. Past the first rows, a file is read and parsed on a thread
    /// of its own while this one stages (``ImportPrefetch``).
    ///
    /// - Throws: the first bad row's ``BudgetError``, or whatever the source throws; nothing
    ///   is left staged then.
    func stage(_ rows: inout ImportReader, resolver: inout ImportResolver) throws {
        try connection.inSavepoint {
            try ImportPrefetch.rows(of: &rows, startingAfter: prefetchAfter) { next in
                while let row = try next() {
                    try stage(row, resolver: &resolver)
                }
            }
            try throwIfPartsPending()
        }
    }

    /// Stages one row: a transaction, a transfer, or a part of a split (which waits for the
    /// split's last part).
    func stage(_ row: ImportRow, resolver: inout ImportResolver) throws {
        if row.split != nil {
            try stagePart(row, resolver: &resolver)
            return
        }
        try throwIfPartsPending()
        try stage(row, key: try contentKey(of: row), group: nil, resolver: &resolver)
        transactionCount += 1
    }

    /// The row's key: the bank's (``ImportRow/importKey`` already set), else its content's.
    ///
    /// A bank id the file gives more than once is noted (``repeatsReferences``): before filing,
    /// ``rekeyRepeatedReferences()`` keys all the rows with it by their content too.
    func contentKey(of row: ImportRow, amount: Money? = nil) throws -> String {
        if !row.importKey.isEmpty {
            if try nextOccurrence(ImportKeyer.referenceHash(row.importKey)) > 1 { repeatsReferences = true }
            return row.importKey
        }
        let amount = amount ?? row.amount
        let occurrence = try nextOccurrence(ImportKeyer.groupHash(date: row.date, amount: amount, payee: row.payee))
        let key = keyer.key(date: row.date, amount: amount, payee: row.payee, occurrence: occurrence)
        // A pending row's key differs from its posted twin's, which then replaces it.
        return row.pending ? "pending|" + key : key
    }

    /// Resolves and stages one row under `key` (a split's parts share their split's key).
    func stage(_ row: ImportRow, key: String, group: Int64?, resolver: inout ImportResolver) throws {
        let row = try resolver.routed(row)
        let (resolution, payee) = try resolver.resolve(row) { try record($0) }
        let placement = try resolver.placement(of: row)
        let resolved = Self.columns(resolution, row, placement)
        try staging.run([
            .integer(Int64(row.line)), row.date.sqliteValue, row.amount.sqliteValue, (row.convention == .bank).sqliteValue,
            .text(row.payee), .text(row.note), .text(key),
            row.category.sqliteValue, row.categoryField.sqliteValue,
            row.kind.map { SQLiteValue.text($0.rawValue) } ?? .null, row.kindField.sqliteValue,
            row.account.sqliteValue, row.accountField.sqliteValue, row.transferAccount.sqliteValue, row.transferAccountField.sqliteValue,
            row.split.map { SQLiteValue.integer(Int64($0.position)) } ?? .null, row.split.map { SQLiteValue.integer(Int64($0.count)) } ?? .null,
            row.splitField.sqliteValue, .text(row.splitNote),
            resolved.categoryID, resolved.storedAmount, resolved.missingKey,
            .integer(placement.accountID), placement.transferAccountID.sqliteValue, group.sqliteValue, payee.sqliteValue,
            row.pending.sqliteValue, (!row.importKey.isEmpty).sqliteValue,
        ])
        rowCount += 1
        if row.convention == .stored && row.transferAccount == nil {
            storedSignRows += 1
            if row.amount < .zero { negativeStoredRows += 1 }
        } else if row.convention == .bank && row.transferAccount == nil {
            bankSignRows += 1
            if row.amount > .zero { positiveBankRows += 1 }
        }
        if row.pending { pendingRows += 1 }
        if row.transferAccount != nil { transferRows += 1 }
        if !row.importKey.isEmpty { bankKeyRows += 1 }
    }

    /// The `category_id`, `stored_amount` and `missing_key` columns of a row's resolution
    /// (a category still to be created gets its id and amount once it is).
    static func columns(_ resolution: ImportResolver.Resolution, _ row: ImportRow, _ placement: ImportResolver.Placement)
        -> (categoryID: SQLiteValue, storedAmount: SQLiteValue, missingKey: SQLiteValue) {
        switch resolution {
        case .category(let category): return (.integer(category.id), row.storedAmount(in: category.kind).sqliteValue, .null)
        case .missing(let key): return (.null, .null, .text(key))
        case .transfer: return (.null, placement.transferAmount.sqliteValue, .null)
        }
    }

    /// The number of this row among the rows of its group, counted as ``ImportKeyer`` counts.
    func nextOccurrence(_ hash: UInt64) throws -> Int64 {
        if let count = occurrences[hash] {
            occurrences[hash] = count + 1
            return Int64(count) + 1
        }
        if occurrences.count < memoryCounters {
            occurrences[hash] = 1
            return 1
        }
        let key = SQLiteValue.integer(Int64(bitPattern: hash))
        try counting.run([key])
        return try readingCount.first([key]) { $0.int64(0) } ?? 1
    }

    /// Notes a row naming a category the book lacks; a kind contradicting the one an earlier
    /// row gave the same new category is an error.
    func record(_ missing: ImportResolver.Missing) throws {
        let row = missing.row
        if let seen = missingSeen[missing.key], row.kind == nil || row.kind == seen.kind, row.date >= seen.firstDate {
            return
        }
        try recording.run([
            .text(missing.key), .text(missing.name), .integer(Int64(row.line)), .integer(Int64(row.categoryField ?? 1)),
            row.kind.map { SQLiteValue.text($0.rawValue) } ?? .null, row.kind == nil ? .null : .integer(Int64(row.line)),
            row.date.sqliteValue,
        ])
        let stored = try readingMissing.first([.text(missing.key)]) {
            (kind: BudgetCategory.Kind(rawValue: $0.text(MissingColumn.kind)), line: $0.optionalInt64(MissingColumn.kindLine).map(Int.init))
        }
        if let kind = row.kind, let stored, let storedKind = stored.kind, storedKind != kind {
            throw BudgetError.badInput(file: file, line: row.line, column: row.kindField ?? 1,
                                       message: "category '\(missing.name)' is \(storedKind.rawValue) on line \(stored.line ?? 0), not \(kind.rawValue)")
        }
        let firstDate = min(row.date, missingSeen[missing.key]?.firstDate ?? row.date)
        if missingSeen.count < 4_096 || missingSeen[missing.key] != nil {
            missingSeen[missing.key] = (kind: stored?.kind, kindLine: stored?.line, firstDate: firstDate)
        }
    }
}

@available(*, unavailable)
extension ImportStaging: Sendable {}

/// A missing category as staging records it (`temp.import_missing`).
enum MissingColumn: Int32, FixedColumns {
    case name, line, field, kind, kindLine
    var sql: String {
        switch self {
        case .name: "name"
        case .line: "line"
        case .field: "field"
        case .kind: "kind"
        case .kindLine: "kind_line"
        }
    }
}
