extension Connection {
    /// Runs `body` with the indexes of `table` that can be dropped (every `CREATE INDEX`; not
    /// those of its PRIMARY KEY and UNIQUE constraints, which stay and keep rejecting duplicates)
    /// dropped, then creates them again from their own SQL, unchanged: a bulk insert then adds
    /// rows to the table alone, and SQLite builds each index by sorting its keys once, far faster
    /// than inserting them one by one into a b-tree that spills out of the page cache.
    ///
    /// All of it runs in a savepoint of the current transaction: when `body` or a `CREATE INDEX`
    /// throws, the indexes are back as they were, and a process killed halfway leaves the file as
    /// before (the transaction was never committed). Other connections see the indexes go and
    /// come back only if this transaction commits, by then unchanged but for their pages.
    ///
    /// - Parameters:
    ///   - table: one of our tables (never user text).
    ///   - body: the bulk insert.
    /// - Throws: ``SQLiteError``; what `body` throws.
    /// - Complexity: O(n log n) for each index over the n rows the table holds after `body`.
    func withIndexesBuiltAfter<T>(on table: String, _ body: () throws -> T) throws -> T {
        precondition(isInTransaction, "indexes are dropped and built again inside one transaction only")
        return try inSavepoint {
            let indexes = try prepare("""
                SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY rowid
                """).map([.text(table)]) { (name: $0.text(0), sql: $0.text(1)) }
            for index in indexes {
                try execute("DROP INDEX \"\(index.name.replacing("\"", with: "\"\""))\"")
            }
            let result = try body()
            for index in indexes { try execute(index.sql) }
            return result
        }
    }
}
