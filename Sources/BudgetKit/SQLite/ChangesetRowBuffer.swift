import CSQLite

/// Whole rows copied out of changeset inserts (``ChangesetEntry``) into one byte buffer, each
/// with an integer key, to be written back through a prepared INSERT in key order.
///
/// Why: a changeset lists a table's rows in the order of the session's hash table, which is no
/// order at all, and inserting 100,000 rows into a table with indexes in random key order costs
/// several times what inserting them in order does (every insert lands on another page). Held
/// here as their records in the changeset's own format (``ChangesetRecord``), copied whole, they
/// cost their size and no allocation per value, and are bound to statements straight from the
/// buffer, several rows per statement if wanted.
///
/// Each value keeps its exact type and bytes (text is never decoded). Not thread-safe.
struct ChangesetRowBuffer {
    /// How many columns each row has.
    let columnCount: Int
    /// Each row's key, in the order added.
    private(set) var keys: [Int64] = []
    /// Where each row starts in ``bytes``.
    private var starts: [Int] = []
    /// The rows' records, one after another.
    private var bytes: [UInt8] = []

    /// An empty buffer for rows of `columnCount` columns.
    init(columnCount: Int) {
        self.columnCount = columnCount
    }

    /// How many rows it holds.
    var count: Int { keys.count }

    /// How many bytes the rows take.
    var byteCount: Int { bytes.count }

    /// Copies the new row of `entry` (an insert of ``columnCount`` columns), under `key`.
    ///
    /// - Complexity: O(the row's size), amortized.
    mutating func append(_ entry: ChangesetEntry, key: Int64) {
        precondition(entry.operation == .insert && entry.columnCount == columnCount, "a row of another shape")
        keys.append(key)
        starts.append(bytes.count)
        bytes.append(contentsOf: entry.newRecord)
    }

    /// The rows' indexes (into ``keys``), by key, smallest first.
    ///
    /// - Complexity: O(n log n); O(n) when they were added in order.
    func orderByKey() -> [Int] {
        if zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) { return Array(keys.indices) }
        return keys.indices.sorted { keys[$0] < keys[$1] }
    }

    /// Runs `body` with a ``Binding`` that binds rows of this buffer to statements in place
    /// (not copied). Bindings made through it are valid only inside `body`: clear them (or
    /// bind again) before using the statement after.
    func withBinding<T>(_ body: (Binding) throws -> T) rethrows -> T {
        try bytes.withUnsafeBytes { try body(Binding(buffer: $0, starts: starts, columnCount: columnCount)) }
    }

    /// Binds rows of a ``ChangesetRowBuffer`` to a statement's parameters, straight from the
    /// buffer: valid only inside the closure ``ChangesetRowBuffer/withBinding(_:)`` hands it to.
    struct Binding {
        let buffer: UnsafeRawBufferPointer
        let starts: [Int]
        let columnCount: Int

        /// Resets `statement` and binds `rows`, one after another, to its parameters: the first
        /// row to parameters 1 through the column count, the next to the following ones. Each
        /// value binds as SQLite's own iterator would give it (a real that is not a number as NULL).
        ///
        /// - Throws: ``SQLiteError`` when SQLite refuses a value.
        func bind(_ rows: ArraySlice<Int>, to statement: Statement) throws(SQLiteError) {
            precondition(Int(sqlite3_bind_parameter_count(statement.handle)) == rows.count * columnCount, "a statement of another shape")
            sqlite3_reset(statement.handle)
            var index: Int32 = 1
            for row in rows {
                var offset = starts[row]
                for _ in 0..<columnCount {
                    let code: Int32
                    let next = ChangesetRecord.fieldEnd(buffer, at: offset) ?? buffer.count
                    switch buffer[offset] {
                    case ChangesetRecord.integer:
                        code = sqlite3_bind_int64(statement.handle, index, Int64(bitPattern: ChangesetRecord.bigEndianWord(buffer, at: offset + 1)))
                    case ChangesetRecord.real where !ChangesetRecord.isNull(buffer, at: offset):
                        code = sqlite3_bind_double(statement.handle, index, Double(bitPattern: ChangesetRecord.bigEndianWord(buffer, at: offset + 1)))
                    case let type where type == ChangesetRecord.text || type == ChangesetRecord.blob:
                        let (length, start) = ChangesetRecord.varint(buffer, at: offset + 1) ?? (0, next)
                        // A zero-length value binds as empty text or an empty blob, never NULL.
                        let pointer = length > 0 ? buffer.baseAddress! + start : UnsafeRawPointer(("" as StaticString).utf8Start)
                        code = type == ChangesetRecord.text
                            ? sqlite3_bind_text64(statement.handle, index, pointer.assumingMemoryBound(to: CChar.self), length, nil,
                                                  UInt8(SQLITE_UTF8))
                            : sqlite3_bind_blob64(statement.handle, index, pointer, length, nil)
                    default:
                        code = sqlite3_bind_null(statement.handle, index)
                    }
                    guard code == SQLITE_OK else {
                        throw SQLiteError(code: code, connection: statement.connection.handle, sql: statement.sql)
                    }
                    offset = next
                    index += 1
                }
            }
        }
    }

    /// The values of row `row`, for the changes that cannot be written as they are.
    func values(ofRow row: Int) -> [ChangesetValue] {
        bytes.withUnsafeBytes { buffer in
            let end = row + 1 < starts.count ? starts[row + 1] : buffer.count
            return ChangesetRecord.values(UnsafeRawBufferPointer(rebasing: buffer[starts[row]..<end]), count: columnCount)
        }
    }
}

extension Statement {
    /// Unbinds every parameter (they become NULL), so the statement holds no pointer into a
    /// buffer bound in place.
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }
}
