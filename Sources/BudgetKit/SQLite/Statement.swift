import CSQLite

/// A prepared statement: prepared in `init`, finalized in `deinit`.
///
/// Values are bound by position (`?`, 1-based in SQLite, 0-based in ``bind(_:)``), so SQL never
/// contains user text. Not thread-safe: use it from the connection's thread only.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    unowned let connection: Connection

    init(connection: Connection, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw SQLiteError(code: code, connection: connection.handle, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters in order.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        precondition(values.count == Int(sqlite3_bind_parameter_count(handle)),
                     "\(values.count) values for \(sqlite3_bind_parameter_count(handle)) parameters in: \(sql)")
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
            case .text(let text): code = bindText(text, at: index)
            case .textBytes(let bytes): code = bindText(bytes, at: index)
            case .blob(let bytes): code = bindBlob(bytes, at: index)
            case .real(let bits): code = sqlite3_bind_double(handle, index, Double(bitPattern: bits))
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection.handle, sql: sql) }
        }
    }

    /// Binds `text` with its UTF-8 byte count, never as a C string: a NUL byte inside it is kept,
    /// not taken for the end (binding with length `-1` would cut the text there, silently).
    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // A nil base address (empty text) would bind NULL: bind a zero-length text instead.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text64(handle, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Binds `bytes` as text, unchanged (SQLite takes them as UTF-8 without checking).
    private func bindText(_ bytes: [UInt8], at index: Int32) -> Int32 {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return sqlite3_bind_text64(handle, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_bind_text64(handle, index, $0, UInt64(buffer.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Binds `bytes` as a BLOB; no bytes bind a zero-length BLOB, never NULL.
    private func bindBlob(_ bytes: [UInt8], at index: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            sqlite3_bind_blob64(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(buffer.count),
                                csqlite_transient())
        }
    }

    /// Steps once: `true` when a row is ready to read, `false` when done.
    @inline(__always)
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: code, connection: connection.handle, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion with `values` bound; rows, if any, are ignored.
    func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs the statement and calls `body` with each row (the first `limit` rows).
    func forEachRow(_ values: [SQLiteValue] = [], limit: Int = .max, _ body: (Row) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        var left = limit
        while left > 0, try step() {
            try body(Row(handle: handle))
            left -= 1
        }
    }

    /// Runs the statement and maps each row.
    func map<T>(_ values: [SQLiteValue] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(values) { result.append(try transform($0)) }
        return result
    }

    /// Runs the statement and returns the first row mapped, or `nil` when there is none.
    func first<T>(_ values: [SQLiteValue] = [], _ transform: (Row) throws -> T) throws -> T? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return try transform(Row(handle: handle))
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
