import Testing
@testable import BudgetKit

/// A new database file in `dir` holding the table `items`, with foreign keys enforced (as a
/// book's connection has them):
/// `items (id INTEGER PRIMARY KEY, name TEXT UNIQUE, amount INTEGER, weight REAL, data BLOB,
/// owner INTEGER REFERENCES owners(id))` and `owners (id INTEGER PRIMARY KEY, name TEXT)`.
func itemsDatabase(in dir: TemporaryDirectory, _ name: String = "items.sqlite3") throws -> Connection {
    let path = dir.file(name)
    writeFile(path, [])
    let connection = try Connection(path: path)
    try connection.execute("""
        PRAGMA foreign_keys = ON;
        CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE, amount INTEGER, weight REAL, data BLOB,
                            owner INTEGER REFERENCES owners(id));
        INSERT INTO owners VALUES (1, 'Ann'), (2, 'Bo');
        INSERT INTO items VALUES (1, 'one', 100, 1.5, X'00FF', 1), (2, 'two', 200, NULL, NULL, 2), (3, 'three', 300, 0.25, X'', NULL);
        """)
    return connection
}

/// A second database file in `dir` with the same tables and rows as ``itemsDatabase(in:_:)``.
func itemsCopy(in dir: TemporaryDirectory) throws -> Connection {
    try itemsDatabase(in: dir, "copy.sqlite3")
}

/// A copy of the fixture book (schema 1, made by the release) opened as a plain connection with
/// foreign keys enforced, as a book's connection has them.
func fixtureBookConnection(in dir: TemporaryDirectory, as name: String) throws -> Connection {
    let connection = try Connection(path: copyOfFixtureBook("book-v1.sqlite3", in: dir, as: name))
    try connection.execute("PRAGMA foreign_keys = ON")
    return connection
}

/// Every row of every table but SQLite's own and the change log (which triggers fill, in an
/// order that depends on how changes arrive), each value with its type and exact bytes (`hex()`,
/// so a NUL inside text counts; reals with 17 digits), sorted: equal dumps are equal databases.
func exactDump(_ connection: Connection) throws -> [String: [String]] {
    let tables = try connection.prepare("""
        SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'change_log%'
        """).map { $0.text(0) }
    var dump: [String: [String]] = [:]
    for table in tables {
        // Table and column names come from the schema, never from user input.
        let columns = try connection.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid").map([.text(table)]) { $0.text(0) }
        let row = columns.map {
            "CASE typeof(\"\($0)\") WHEN 'real' THEN printf('real:%!.17g', \"\($0)\") ELSE typeof(\"\($0)\") || ':' || hex(\"\($0)\") END"
        }.joined(separator: " || '|' || ")
        dump[table] = try connection.prepare("SELECT \(row) FROM \"\(table)\"").map { $0.text(0) }.sorted()
    }
    return dump
}

/// Records what `body` does to `connection` in a session over every table but the change log.
func recording(_ connection: Connection, _ body: () throws -> Void) throws -> Changeset {
    let session = try Session(on: connection)
    try session.attachAll(except: ["change_log", "change_log_pause"])
    try connection.inTransaction { try body() }
    return try session.changeset()
}

/// Applies `changeset`, failing the test on any conflict.
func applyWithoutConflicts(_ changeset: Changeset, to connection: Connection) throws {
    try changeset.apply(to: connection) { conflict in
        Issue.record("unexpected conflict \(conflict)")
        return .abort
    }
}
