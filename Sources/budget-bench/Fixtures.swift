#if canImport(Glibc)
import Glibc
#endif

/// Builds benchmark databases with the real `budget` binary (schema, categories) and the sqlite3
/// shell (bulk rows, which would otherwise dominate the run).
struct Fixtures {
    let budget: String
    let sqlite3: String
    let folder: String

    /// The twelve categories every large fixture has; rows cycle through them.
    static let categories = ["Books", "Car", "Clothes", "Eating out", "Food", "Fun", "Gifts", "Health", "Home", "Rent", "Travel", "Utilities"]

    /// A book with the twelve categories (budgets from 2022-01) and `rows` transactions (possibly none) spread
    /// evenly over 2022-01-01 ... 2026-12-31, with 500 payees.
    func largeBook(named name: String, rows: Int, rollover: Bool = false) -> String {
        let path = folder + "/" + name
        for category in Fixtures.categories {
            var arguments = [budget, "--db", path, "add-category", category, "500", "--from", "2022-01"]
            if rollover && category < "H" { arguments.append("--rollover") }
            Processes.mustRun(arguments)
        }
        guard rows > 0 else { return path }
        let sql = """
            INSERT INTO change_log_pause VALUES (1);
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows - 1))
            INSERT INTO transactions (date, amount, category_id, payee, note)
            SELECT date('2022-01-01', '+' || (i * 1826 / \(rows)) || ' days'), (i * 7919) % 20000 + 1,
                   1 + i % 12, 'Payee ' || (i % 500), ''
            FROM n;
            DELETE FROM change_log_pause;
            INSERT INTO change_log (entity, row_id) VALUES ('reload', NULL);
            """
        Processes.mustRun([sqlite3, path, sql])
        return path
    }

    /// The baseline's book: `source`'s categories, budgets and transactions copied into plain
    /// tables, with no trigger and no index but the primary keys and `indexes` (what the
    /// baseline's query needs), never our schema, whose change log and indexes would make the
    /// baseline slower and us look faster. WAL mode, as a budget book: run statements after
    /// ``Fixtures/baselineSettings`` so the shell commits as `budget` does.
    func plainBook(named name: String, copying source: String, indexes: [String] = []) -> String {
        let path = folder + "/" + name
        Processes.mustRun([sqlite3, path, """
            PRAGMA journal_mode = WAL;
            CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, kind TEXT NOT NULL,
                                     rollover INTEGER NOT NULL);
            CREATE TABLE budgets (category_id INTEGER NOT NULL, month TEXT NOT NULL, scope TEXT NOT NULL, amount INTEGER NOT NULL,
                                  PRIMARY KEY (category_id, scope, month)) WITHOUT ROWID;
            CREATE TABLE transactions (id INTEGER PRIMARY KEY, date TEXT NOT NULL, amount INTEGER NOT NULL, category_id INTEGER,
                                       payee TEXT NOT NULL DEFAULT '', note TEXT NOT NULL DEFAULT '');
            ATTACH '\(source)' AS book;
            INSERT INTO categories SELECT id, name, name_key, kind, rollover FROM book.categories;
            INSERT INTO budgets SELECT category_id, month, scope, amount FROM book.budgets;
            INSERT INTO transactions SELECT id, date, amount, category_id, payee, note FROM book.transactions;
            DETACH book;
            \(indexes.map { $0 + ";" }.joined(separator: "\n"))
            ANALYZE;
            """])
        return path
    }

    /// Set before a baseline's write: `budget` commits with `synchronous = NORMAL` in WAL mode
    /// (the shell's default is FULL, an fsync per commit that would make the baseline slower).
    static let baselineSettings = "PRAGMA synchronous = NORMAL;"
}
