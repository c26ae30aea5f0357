import CSQLite

/// Whole rows copied out of changeset inserts (``ChangesetEntry``) into one byte buffer, each
/// with an integer key, to be written back through a prepared INSERT in key order.
///
/// Why: a changeset lists a table's rows in the order of the session's hash table, which is no
/// order at all, and inserting 100,000 rows into a table with indexes in random key order costs
/// several times what inserting them in order does (every insert lands on another page). Held
/// here, they cost about their size in the changeset (a tag byte and the value per column, no
/// allocation per value), and are bound to statements straight from the buffer, several rows
/// per statement if wanted.
///
/// Each value keeps its exact type and bytes (text is never decoded). Not thread-safe.
struct ChangesetRowBuffer {
    /// How many columns each row has.
    let columnCount: Int
    /// Each row's key, in the order added.
    private(set) var keys: [Int64] = []
    /// Where each row starts in ``bytes``.
    private var starts: [Int] = []
    /// The rows: per column a tag (``Tag``) and its value.
    private var bytes: [UInt8] = []

    fileprivate enum Tag: UInt8 {
        case null, integer, real, text, blob
    }

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
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) when SQLite cannot read a value.
    /// - Complexity: O(the row's size), amortized.
    mutating func append(_ entry: ChangesetEntry, key: Int64) throws(SQLiteError) {
        precondition(entry.operation == .insert && entry.columnCount == columnCount, "a row of another shape")
        keys.append(key)
        starts.append(bytes.count)
        for column in 0..<columnCount {
            var value: OpaquePointer?
            try Changeset.check(sqlite3changeset_new(entry.iterator, Int32(column), &value))
            guard let value else {
                bytes.append(Tag.null.rawValue)
                continue
            }
            switch sqlite3_value_type(value) {
            case SQLITE_INTEGER:
                bytes.append(Tag.integer.rawValue)
                appendWord(UInt64(bitPattern: sqlite3_value_int64(value)))
            case SQLITE_FLOAT:
                bytes.append(Tag.real.rawValue)
                appendWord(sqlite3_value_double(value).bitPattern)
            case let type where type == SQLITE_TEXT || type == SQLITE_BLOB:
                // The pointer first, then its length, as SQLite asks.
                let pointer = type == SQLITE_TEXT ? sqlite3_value_text(value).map(UnsafeRawPointer.init) : sqlite3_value_blob(value)
                let length = Int(sqlite3_value_bytes(value))
                bytes.append(type == SQLITE_TEXT ? Tag.text.rawValue : Tag.blob.rawValue)
                appendWord(UInt64(length))
                if let pointer, length > 0 { bytes.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: length)) }
            default:
                bytes.append(Tag.null.rawValue)
            }
        }
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
        /// row to parameters 1 through the column count, the next to the following ones.
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
                    let tag = Tag(rawValue: buffer[offset]) ?? .null
                    offset += 1
                    switch tag {
                    case .null:
                        code = sqlite3_bind_null(statement.handle, index)
                    case .integer:
                        code = sqlite3_bind_int64(statement.handle, index, Int64(bitPattern: word(buffer, at: offset)))
                        offset += 8
                    case .real:
                        code = sqlite3_bind_double(statement.handle, index, Double(bitPattern: word(buffer, at: offset)))
                        offset += 8
                    case .text, .blob:
                        let length = Int(word(buffer, at: offset))
                        offset += 8
                        // A zero-length value binds as empty text or an empty blob, never NULL.
                        let pointer = length > 0 ? buffer.baseAddress! + offset : UnsafeRawPointer(("" as StaticString).utf8Start)
                        code = tag == .text
                            ? sqlite3_bind_text64(statement.handle, index, pointer.assumingMemoryBound(to: CChar.self), UInt64(length), nil,
                                                  UInt8(SQLITE_UTF8))
                            : sqlite3_bind_blob64(statement.handle, index, pointer, UInt64(length), nil)
                        offset += length
                    }
                    guard code == SQLITE_OK else {
                        throw SQLiteError(code: code, connection: statement.connection.handle, sql: statement.sql)
                    }
                    index += 1
                }
            }
        }
    }

    /// The values of row `row`, for the changes that cannot be written as they are.
    func values(ofRow row: Int) -> [ChangesetValue] {
        var values: [ChangesetValue] = []
        values.reserveCapacity(columnCount)
        bytes.withUnsafeBytes { buffer in
            var offset = starts[row]
            for _ in 0..<columnCount {
                let tag = Tag(rawValue: buffer[offset]) ?? .null
                offset += 1
                switch tag {
                case .null:
                    values.append(.null)
                case .integer:
                    values.append(.integer(Int64(bitPattern: word(buffer, at: offset))))
                    offset += 8
                case .real:
                    values.append(.real(bitPattern: word(buffer, at: offset)))
                    offset += 8
                case .text, .blob:
                    let length = Int(word(buffer, at: offset))
                    offset += 8
                    let content = Array(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + length]))
                    values.append(tag == .text ? .text(content) : .blob(content))
                    offset += length
                }
            }
        }
        return values
    }

    private mutating func appendWord(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// The 8 bytes at `offset`, little-endian.
private func word(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
}

extension Statement {
    /// Unbinds every parameter (they become NULL), so the statement holds no pointer into a
    /// buffer bound in place.
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }
}
