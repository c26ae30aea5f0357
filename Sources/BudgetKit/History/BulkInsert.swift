/// Rows one write adds in bulk (an import's transactions): its history entry records them from
/// their table at the end of the write, streamed, instead of through the write's session.
///
/// A ``Session`` keeps an entry for each row it sees and hands the whole changeset over in
/// memory: hundreds of megabytes for a million-row import. The rows a bulk part names are
/// written with the session paused (``BudgetStore/insertingInBulk(_:_:)``), and
/// ``BudgetStore/recordedWriting(_:foreignKeysOff:known:pausingLog:_:)`` writes their INSERTs
/// with ``ChangesetWriter``, straight into the entry's compressed chunks (``HistoryChunks``).
///
/// What makes that exact: every row the condition selects at the end of the write was added by
/// it (none of them existed before), and every change the write makes to those rows after adding
/// them is made with the session paused too (``BudgetStore/unrecorded(_:)``). Then no row is in
/// both the session's changeset and the generated part, and the INSERT of a row as it is at the
/// end is the net effect of the write on it, as a session would have recorded it.
struct BulkInsert: Hashable, Sendable {
    /// The table the rows are in.
    let table: String
    /// Which rows: an SQL condition of our own (never user text) with one parameter, `bound`.
    let condition: String
    /// The condition's parameter.
    let bound: Int64
}

extension BudgetStore {
    /// Runs `body`, which adds the rows of `parts` (and nothing else), with the write's session
    /// paused; the history entry records those rows from their tables once the write is done.
    /// Outside a recorded write (no session), it only runs `body`; inside a grouped write
    /// (``write(_:)``) too, and the session records the rows one by one: later writes of the
    /// group may add, change or delete rows the parts' conditions select, which would then be
    /// in the entry twice.
    ///
    /// - Throws: what `body` throws.
    func insertingInBulk<T>(_ parts: [BulkInsert], _ body: () throws -> T) rethrows -> T {
        guard writeSession != nil, writeGroup == nil else { return try body() }
        for part in parts where !bulkInserts.contains(part) { bulkInserts.append(part) }
        return try unrecorded(body)
    }

    /// Runs `body` with the write's session paused: only for changes to rows of a part given to
    /// ``insertingInBulk(_:_:)`` (a row it added, deleted again), which the history entry takes
    /// from the table as it is at the end. With no part given, the session records as ever.
    ///
    /// - Throws: what `body` throws.
    func unrecorded<T>(_ body: () throws -> T) rethrows -> T {
        guard !bulkInserts.isEmpty, let session = writeSession, session.isEnabled else { return try body() }
        session.isEnabled = false
        defer { session.isEnabled = true }
        return try body()
    }

    /// Each part with its table's shape, read from the schema once for all that follows.
    func resolved(_ parts: [BulkInsert]) throws -> [(part: BulkInsert, table: ChangesetWriter.Table)] {
        try parts.map { (part: $0, table: try ChangesetWriter.Table(named: $0.table, on: connection)) }
    }

    /// Whether any part selects a row.
    func hasRows(_ parts: [(part: BulkInsert, table: ChangesetWriter.Table)]) throws -> Bool {
        for (part, _) in parts where try connection.int64("""
            SELECT EXISTS (SELECT 1 FROM "\(part.table)" WHERE \(part.condition))
            """, [.integer(part.bound)]) == 1 {
            return true
        }
        return false
    }

    /// Writes the INSERTs of `parts` into `sink`, after what it holds.
    func writeBulk<Sink: ChangesetSink>(_ parts: [(part: BulkInsert, table: ChangesetWriter.Table)], into sink: inout Sink) throws {
        for (part, table) in parts {
            try ChangesetWriter.writeInserts(of: table, where: part.condition, [.integer(part.bound)], on: connection, into: &sink)
        }
    }

    /// Calls `body` with each row of `parts` as it is now, a page at a time in primary key order
    /// (so `body` may change the rows it is given, their keys excepted).
    func forEachBulkRow(_ parts: [(part: BulkInsert, table: ChangesetWriter.Table)],
                        _ body: (_ table: String, _ values: [ChangesetValue]) throws -> Void) throws {
        for (part, table) in parts {
            let key = table.keyColumns.joined(separator: ", ")
            let first = try connection.prepare("""
                SELECT \(table.selectList) FROM "\(part.table)" WHERE (\(part.condition)) ORDER BY \(key) LIMIT 1000
                """)
            let next = try connection.prepare("""
                SELECT \(table.selectList) FROM "\(part.table)" WHERE (\(part.condition)) AND (\(key)) > (\(table.keyIndexes.map { _ in "?" }.joined(separator: ", ")))
                ORDER BY \(key) LIMIT 1000
                """)
            var last: [SQLiteValue]?
            while true {
                let read = { (row: Row) in (0..<Int32(table.columns.count)).map { row.changesetValue($0) } }
                let rows = try last.map { try next.map([.integer(part.bound)] + $0, read) } ?? first.map([.integer(part.bound)], read)
                guard let end = rows.last else { break }
                for row in rows { try body(part.table, row) }
                last = table.keyIndexes.map { end[$0].sqliteValue }
            }
        }
    }
}
