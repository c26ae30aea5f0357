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
        attempt { try changeLog() }
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
            let line = row.text(0)
            if line != "ok" { report(.damaged(line)) }
        }
    }

    private func foreignKeys() throws {
        try connection.prepare("PRAGMA foreign_key_check").forEachRow { row in
            report(.missingReference(table: row.text(0), rowID: row.optionalInt64(1), parentTable: row.text(2)))
        }
    }

    /// Every table, index and trigger the migrations make, compared by SQL with the book's.
    private func schema() throws {
        let expected = try Connection(path: ":memory:")
        _ = try Schema.migrator.migrate(expected, creating: true)
        let query = "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        var actual: [String: String] = [:]
        try connection.prepare(query).forEachRow { actual[$0.text(1)] = $0.text(2) }
        try expected.prepare(query).forEachRow { row in
            let (type, name) = (row.text(0), row.text(1))
            guard let sql = actual[name] else { return report(.missingSchemaObject(type: type, name: name)) }
            if sql != row.text(2) { report(.alteredSchemaObject(type: type, name: name)) }
        }
    }

    private func categories() throws {
        try connection.prepare("SELECT id, name, name_key, kind FROM categories ORDER BY id").forEachRow { row in
            let (id, name, key) = (row.int64(0), row.text(1), row.text(2))
            if (try? BudgetStore.validCategoryName(name)) != name { report(.invalidCategoryName(categoryID: id, name: name)) }
            if key != BudgetCategory.nameKey(name) { report(.wrongNameKey(categoryID: id, name: name, stored: key)) }
            if BudgetCategory.Kind(rawValue: row.text(3)) == nil { report(.invalidCategoryKind(categoryID: id, kind: row.text(3))) }
        }
    }

    private func budgets() throws {
        let sql = "SELECT category_id, month, scope, typeof(amount), amount, CAST(amount AS TEXT) FROM budgets ORDER BY category_id, month"
        try connection.prepare(sql).forEachRow { row in
            let (id, month) = (row.int64(0), row.text(1))
            if Month(iso: month) == nil { report(.invalidBudgetMonth(categoryID: id, month: month)) }
            if BudgetChange.Scope(rawValue: row.text(2)) == nil {
                report(.invalidBudgetScope(categoryID: id, month: month, scope: row.text(2)))
            }
            if !BookChecker.isAmount(type: row.text(3), value: row.int64(4)) {
                report(.invalidBudgetAmount(categoryID: id, month: month, stored: row.text(5)))
            }
        }
    }

    private func transactions() throws {
        let sql = "SELECT id, date, typeof(amount), amount, CAST(amount AS TEXT) FROM transactions ORDER BY id"
        try connection.prepare(sql).forEachRow { row in
            let id = row.int64(0)
            if Day(iso: row.text(1)) == nil { report(.invalidTransactionDate(transactionID: id, date: row.text(1))) }
            if !BookChecker.isAmount(type: row.text(2), value: row.int64(3)) {
                report(.invalidTransactionAmount(transactionID: id, stored: row.text(4)))
            }
        }
    }

    private func rules() throws {
        try connection.prepare("SELECT id, pattern FROM rules WHERE pattern = '' OR typeof(pattern) <> 'text' ORDER BY id").forEachRow {
            report(.invalidRulePattern(ruleID: $0.int64(0), pattern: $0.text(1)))
        }
    }

    private func changeLog() throws {
        let row = try connection.prepare("""
            SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'change_log'), (SELECT max(seq) FROM change_log),
                   EXISTS (SELECT 1 FROM change_log_pause)
            """).first { ($0.optionalInt64(0) ?? 0, $0.optionalInt64(1), $0.int64(2) != 0) }
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
