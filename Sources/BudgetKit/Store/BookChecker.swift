/// Finds what is wrong in a book: SQLite's own checks, then the rules every row `budget` writes
/// keeps. Reads only; an SQLite error part-way (a damaged page) becomes a ``BookProblem/damaged(_:)``
/// and the other checks go on, so a damaged book still gets its list.
///
/// Not thread-safe: it uses its connection and collects into itself.
final class BookChecker {
    let connection: Connection
    private(set) var problems: [BookProblem] = []

    init(connection: Connection) {
        self.connection = connection
    }

    /// Runs every check: SQLite's integrity and foreign-key checks, then, unless `sqliteOnly`, the
    /// book's own rules; the schema is compared with what `budget` makes when `compareSchema`.
    ///
    /// Complexity: reads every row of the book once (plus SQLite's integrity check).
    func checkAll(sqliteOnly: Bool = false, compareSchema: Bool = true) {
        attempt { try integrity() }
        attempt { try foreignKeys() }
        guard !sqliteOnly else { return }
        if compareSchema { attempt { try schema() } }
        attempt { try categories() }
        attempt { try budgets() }
        attempt { try transactions() }
        attempt { try rules() }
        attempt { try accounts() }
        attempt { try transactionShapes() }
        attempt { try reconciliations() }
        attempt { try changeLog() }
        attempt { try monthTotals() }
    }

    /// Runs one check, turning an error that stops it into a problem (once per message).
    func attempt(_ check: () throws -> Void) {
        do {
            try check()
        } catch {
            let message = (error as? SQLiteError)?.message ?? "\(error)"
            report(.damaged(message))
        }
    }

    func report(_ problem: BookProblem) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    private func integrity() throws {
        try connection.prepare("PRAGMA integrity_check(100)").forEachRow { row in
            let line = row.text(Integrity.message)
            // A transaction breaking its CHECK constraint is no damage: a sync's merge may leave
            // one (``SyncApplier``), ``transactionShapes(merged:)`` names it with the book's rules,
            // and an edit settles it. A backup holding one restores.
            if line == "ok" || line == "CHECK constraint failed in transactions" { return }
            report(.damaged(line))
        }
    }

    private func foreignKeys() throws {
        var partsOfMissingTransactions = false
        try connection.prepare("PRAGMA foreign_key_check").forEachRow { row in
            let (table, parent) = (row.text(ForeignKey.table), row.text(ForeignKey.parent))
            // A part has no row id to name: its transaction's id says more, once per transaction.
            if table == "transaction_splits" && parent == "transactions" {
                partsOfMissingTransactions = true
                return
            }
            report(.missingReference(table: table, rowID: row.optionalInt64(ForeignKey.rowID), parentTable: parent))
        }
        guard partsOfMissingTransactions else { return }
        try connection.prepare(BookChecker.partsOfMissingTransactions).forEachRow { row in
            report(.partsOfMissingTransaction(transactionID: row.int64(0), parts: row.int64(1)))
        }
    }

    /// Parts of splits whose transaction is gone, by transaction: its id and how many.
    static let partsOfMissingTransactions = """
        SELECT s.transaction_id, count(*) FROM transaction_splits AS s
        WHERE NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.id = s.transaction_id)
        GROUP BY s.transaction_id ORDER BY s.transaction_id
        """

    /// Every table, index and trigger the migrations make, compared by SQL with the book's.
    private func schema() throws {
        let expected = try Connection(path: ":memory:")
        _ = try Schema.migrator.migrate(expected, creating: true)
        let query = "SELECT \(SchemaObject.selectList) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        var actual: [String: String] = [:]
        try connection.prepare(query).forEachRow { actual[$0.text(SchemaObject.name)] = $0.text(SchemaObject.sql) }
        try expected.prepare(query).forEachRow { row in
            let (type, name) = (row.text(SchemaObject.type), row.text(SchemaObject.name))
            guard let sql = actual[name] else { return report(.missingSchemaObject(type: type, name: name)) }
            if sql != row.text(SchemaObject.sql) { report(.alteredSchemaObject(type: type, name: name)) }
        }
    }

    private func categories() throws {
        try connection.prepare("SELECT \(BudgetStore.CategoryRow.columns) FROM categories ORDER BY id").forEachRow { row in
            typealias Column = BudgetStore.CategoryRow.Column
            let (id, name, key, kind) = (row.int64(Column.id), row.text(Column.name), row.text(Column.nameKey), row.text(Column.kind))
            if (try? BudgetStore.validCategoryName(name)) != name { report(.invalidCategoryName(categoryID: id, name: name)) }
            if key != BudgetCategory.nameKey(name) { report(.wrongNameKey(categoryID: id, name: name, stored: key)) }
            if BudgetCategory.Kind(rawValue: kind) == nil { report(.invalidCategoryKind(categoryID: id, kind: kind)) }
        }
    }

    private func budgets() throws {
        try connection.prepare("SELECT \(StoredBudget.selectList) FROM budgets ORDER BY category_id, month").forEachRow { row in
            let (id, month, scope) = (row.int64(StoredBudget.categoryID), row.text(StoredBudget.month), row.text(StoredBudget.scope))
            if Month(iso: month) == nil { report(.invalidBudgetMonth(categoryID: id, month: month)) }
            if BudgetChange.Scope(rawValue: scope) == nil { report(.invalidBudgetScope(categoryID: id, month: month, scope: scope)) }
            if !BookChecker.isAmount(type: row.text(StoredBudget.type), value: row.int64(StoredBudget.amount)) {
                report(.invalidBudgetAmount(categoryID: id, month: month, stored: row.text(StoredBudget.text)))
            }
        }
    }

    private func transactions() throws {
        try connection.prepare("SELECT \(StoredTransaction.selectList) FROM transactions ORDER BY id").forEachRow { row in
            let id = row.int64(StoredTransaction.id), date = row.text(StoredTransaction.date)
            if Day(iso: date) == nil { report(.invalidTransactionDate(transactionID: id, date: date)) }
            if !BookChecker.isAmount(type: row.text(StoredTransaction.type), value: row.int64(StoredTransaction.amount)) {
                report(.invalidTransactionAmount(transactionID: id, stored: row.text(StoredTransaction.text)))
            }
        }
    }

    private func rules() throws {
        let sql = "SELECT \(RuleColumn.selectList) FROM rules AS r LEFT JOIN categories AS c ON c.id = r.category_id"
            + " WHERE r.pattern = '' OR typeof(r.pattern) <> 'text' ORDER BY r.id"
        try connection.prepare(sql).forEachRow {
            report(.invalidRulePattern(ruleID: $0.int64(RuleColumn.id), pattern: $0.text(RuleColumn.pattern)))
        }
        // A regular expression the sqlite3 shell stored unchecked: imports and 'rule apply' refuse it.
        let expressions = "SELECT r.id, r.pattern FROM rules AS r WHERE r.mode = 'pattern' AND typeof(r.pattern) = 'text' AND r.pattern <> '' ORDER BY r.id"
        try connection.prepare(expressions).forEachRow { row in
            let (id, pattern) = (row.int64(StoredExpression.id), row.text(StoredExpression.pattern))
            do {
                _ = try RulePattern(pattern)
            } catch let error as BudgetError {
                report(.invalidRuleExpression(ruleID: id, pattern: pattern, reason: error.patternReason))
            }
        }
    }

    // The columns of the checks' queries.
    private enum Integrity: Int32, SelectedColumns { case message }
    private enum StoredExpression: Int32, SelectedColumns { case id, pattern }
    private enum ForeignKey: Int32, SelectedColumns { case table, rowID, parent, constraint }
    private enum SchemaObject: Int32, FixedColumns {
        case type, name, sql
        var sql: String {
            switch self {
            case .type: "type"
            case .name: "name"
            case .sql: "sql"
            }
        }
    }
    private enum StoredBudget: Int32, FixedColumns {
        case categoryID, month, scope, type, amount, text
        var sql: String {
            switch self {
            case .categoryID: return "category_id"
            case .month: return "month"
            case .scope: return "scope"
            case .amount: return "amount"
            case .type: return "typeof(amount)"
            case .text: return "CAST(amount AS TEXT)"
            }
        }
    }
    private enum StoredTransaction: Int32, FixedColumns {
        case id, date, type, amount, text
        var sql: String {
            switch self {
            case .id: return "id"
            case .date: return "date"
            case .amount: return "amount"
            case .type: return "typeof(amount)"
            case .text: return "CAST(amount AS TEXT)"
            }
        }
    }

    private enum LogState: Int32, SelectedColumns { case sequence, newest, paused }

    private func changeLog() throws {
        let row = try connection.prepare("""
            SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'change_log'), (SELECT max(seq) FROM change_log),
                   EXISTS (SELECT 1 FROM change_log_pause)
            """).first { ($0.optionalInt64(LogState.sequence) ?? 0, $0.optionalInt64(LogState.newest), $0.int64(LogState.paused) != 0) }
        guard let (sequence, newest, paused) = row else { return }
        if let newest, newest > sequence { report(.changeLogSequenceBehind(sequence: sequence, newest: newest)) }
        if paused { report(.changeLogPaused) }
    }

    /// Whether a stored amount is what `budget` writes: an integer within ±``Money/largestEntry``.
    static func isAmount(type: String, value: Int64) -> Bool {
        type == "integer" && value.magnitude <= Money.largestEntry.minorUnits.magnitude
    }
}

@available(*, unavailable)
extension BookChecker: Sendable {}
