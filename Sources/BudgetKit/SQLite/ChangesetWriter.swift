import CSQLite

/// Writes the INSERT changes of rows read from a table in SQLite's changeset format
/// (``ChangesetFormat``), a piece at a time: for writes too large for a ``Session`` to hold.
///
/// A session keeps an entry for every row it sees and builds the whole changeset in memory
/// (then the caller copies it, and binding copies it again): a million-row import took some
/// 430 MB that way. Rows that a write only added can instead be read back from their table at
/// the end of the write and encoded straight into their destination, in bounded memory; the
/// bytes are those a session would have written for the same rows (each row's values as stored,
/// columns in table order, the primary key flags of `PRAGMA table_info`).
///
/// ```swift
/// let table = try ChangesetWriter.Table(named: "transactions", on: connection)
/// var chunks = try HistoryChunks.Writer(entry: entry, limit: Changeset.maximumByteCount, on: connection)
/// try ChangesetWriter.writeInserts(of: table, where: "id > ?", [.integer(maxID)], on: connection, into: &chunks)
/// ```
enum ChangesetWriter {
    /// A table as a changeset's header describes it.
    struct Table: Hashable, Sendable {
        /// The table's name.
        let name: String
        /// Its columns, in table order.
        let columns: [String]
        /// Per column: 0, or its place in the primary key (1, 2...).
        let primaryKey: [UInt8]

        /// Reads the table's columns and primary key from the schema.
        ///
        /// - Throws: ``SQLiteError``; `SQLITE_SCHEMA` for a table without columns or primary key.
        init(named name: String, on connection: Connection) throws {
            var columns: [String] = [], key: [UInt8] = []
            try connection.prepare("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid").forEachRow([.text(name)]) {
                columns.append($0.text(0))
                key.append(UInt8(clamping: $0.int64(1)))
            }
            guard !columns.isEmpty, key.contains(where: { $0 != 0 }) else { throw Changeset.error(SQLITE_SCHEMA) }
            self.name = name
            self.columns = columns
            self.primaryKey = key
        }

        /// The places of the primary key's columns, in key order.
        var keyIndexes: [Int] {
            primaryKey.enumerated().filter { $0.element != 0 }.sorted { $0.element < $1.element }.map(\.offset)
        }

        /// The primary key's columns, quoted, in key order.
        var keyColumns: [String] { keyIndexes.map { "\"\(columns[$0])\"" } }

        /// Every column, quoted, in table order: a SELECT list.
        var selectList: String { columns.map { "\"\($0)\"" }.joined(separator: ", ") }

        /// The header that starts the table's changes: `T`, the column count, the key flags, the name.
        var header: [UInt8] {
            var bytes: [UInt8] = [0x54]
            ChangesetWriter.appendVarint(UInt64(columns.count), to: &bytes)
            bytes += primaryKey
            bytes += Array(name.utf8) + [0]
            return bytes
        }
    }

    /// Writes, into `sink`, the INSERT of every row of `table` that `condition` (SQL of our own,
    /// never user text, with `values` bound to its parameters) selects, in primary key order,
    /// after the table's header; nothing at all when no row matches.
    ///
    /// - Returns: how many rows were written.
    /// - Throws: ``SQLiteError``, or what the sink throws.
    /// - Complexity: O(n) in the rows' size; memory stays at one 64 KiB buffer.
    @discardableResult
    static func writeInserts<Sink: ChangesetSink>(of table: Table, where condition: String, _ values: [SQLiteValue],
                                                  on connection: Connection, into sink: inout Sink) throws -> Int {
        let select = try connection.prepare("""
            SELECT \(table.selectList) FROM "\(table.name)" WHERE \(condition) ORDER BY \(table.keyColumns.joined(separator: ", "))
            """)
        var buffer = Buffer()
        defer { buffer.deallocate() }
        var rows = 0
        let count = Int32(table.columns.count)
        try select.forEachRow(values) { row in
            if rows == 0 { try table.header.withUnsafeBytes { try buffer.append($0, into: &sink) } }
            rows += 1
            try buffer.reserve(2, into: &sink)
            buffer.append(0x12)  // SQLITE_INSERT
            buffer.append(0)     // direct
            for column in 0..<count { try appendValue(row.handle, column, to: &buffer, into: &sink) }
        }
        try buffer.flush(into: &sink)
        return rows
    }

    /// One column of the current row, as a changeset record field.
    private static func appendValue<Sink: ChangesetSink>(_ statement: OpaquePointer, _ column: Int32, to buffer: inout Buffer,
                                                         into sink: inout Sink) throws {
        let type = sqlite3_column_type(statement, column)
        switch type {
        case SQLITE_INTEGER:
            try buffer.reserve(9, into: &sink)
            buffer.append(0x01)
            buffer.appendBigEndian(UInt64(bitPattern: sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            try buffer.reserve(9, into: &sink)
            buffer.append(0x02)
            buffer.appendBigEndian(sqlite3_column_double(statement, column).bitPattern)
        case SQLITE_TEXT, SQLITE_BLOB:
            // The pointer first, as SQLite asks: column_bytes then gives that form's length.
            let pointer = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(statement, column)) : sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            try buffer.reserve(10, into: &sink)
            buffer.append(type == SQLITE_TEXT ? 0x03 : 0x04)
            buffer.appendVarint(UInt64(count))
            if let pointer, count > 0 { try buffer.append(UnsafeRawBufferPointer(start: pointer, count: count), into: &sink) }
        default:
            try buffer.reserve(1, into: &sink)
            buffer.append(0x05)
        }
    }

    /// SQLite's varint (sqlite3PutVarint): 7 bits a byte, most significant first, the high bit
    /// set on all but the last; a ninth byte carries 8 bits.
    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        if value & (UInt64(0xFF) << 56) != 0 {
            var groups: [UInt8] = [UInt8(truncatingIfNeeded: value)]
            var rest = value >> 8
            for _ in 0..<8 {
                groups.append(UInt8(truncatingIfNeeded: rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes += groups.reversed()
            return
        }
        var groups: [UInt8] = []
        var rest = value
        repeat {
            groups.append(UInt8(truncatingIfNeeded: rest & 0x7F) | (groups.isEmpty ? 0 : 0x80))
            rest >>= 7
        } while rest != 0
        bytes += groups.reversed()
    }

    /// Bytes waiting to go to the sink: a fixed block written by index (no array growth check
    /// per byte), flushed when full; a value longer than the block goes straight to the sink.
    private struct Buffer {
        static let capacity = 65_536
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        var count = 0

        func deallocate() { block.deallocate() }

        /// Makes room for `needed` bytes (at most ``capacity``), flushing first when it must.
        mutating func reserve<Sink: ChangesetSink>(_ needed: Int, into sink: inout Sink) throws {
            if count + needed > Self.capacity { try flush(into: &sink) }
        }

        /// Appends a byte; room was reserved.
        mutating func append(_ byte: UInt8) {
            block[count] = byte
            count += 1
        }

        /// Appends eight bytes, most significant first; room was reserved.
        mutating func appendBigEndian(_ value: UInt64) {
            block.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt64.self)
            count += 8
        }

        /// Appends a varint (at most 9 bytes); room was reserved.
        mutating func appendVarint(_ value: UInt64) {
            guard value >= 0x80 else {
                append(UInt8(value))
                return
            }
            var bytes: [UInt8] = []
            ChangesetWriter.appendVarint(value, to: &bytes)
            for byte in bytes { append(byte) }
        }

        /// Appends bytes of any length.
        mutating func append<Sink: ChangesetSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws {
            if bytes.count > Self.capacity {
                try flush(into: &sink)
                try sink.write(bytes)
                return
            }
            try reserve(bytes.count, into: &sink)
            UnsafeMutableRawBufferPointer(rebasing: block[count..<(count + bytes.count)]).copyMemory(from: bytes)
            count += bytes.count
        }

        mutating func flush<Sink: ChangesetSink>(into sink: inout Sink) throws {
            guard count > 0 else { return }
            try sink.write(UnsafeRawBufferPointer(rebasing: block[..<count]))
            count = 0
        }
    }
}

/// Where ``ChangesetWriter`` puts its bytes.
protocol ChangesetSink {
    /// Takes the next bytes.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}
