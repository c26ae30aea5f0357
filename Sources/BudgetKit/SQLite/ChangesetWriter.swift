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
/// var counter = ChangesetByteCounter()
/// try ChangesetWriter.writeInserts(of: table, where: "id > ?", [.integer(maxID)], on: connection, into: &counter)
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

        /// The primary key's columns, quoted, in key order.
        var keyColumns: [String] {
            primaryKey.enumerated().filter { $0.element != 0 }.sorted { $0.element < $1.element }.map { "\"\(columns[$0.offset])\"" }
        }

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
    /// never user text, with `values` bound to its parameters) selects, in rowid order, after the
    /// table's header, in primary key order; nothing at all when no row matches.
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
        var rows = 0
        let count = Int32(table.columns.count)
        try select.forEachRow(values) { row in
            if rows == 0 { buffer.bytes += table.header }
            rows += 1
            buffer.bytes.append(0x12)  // SQLITE_INSERT
            buffer.bytes.append(0)     // direct
            for column in 0..<count { appendValue(row.handle, column, to: &buffer.bytes) }
            if buffer.bytes.count >= Buffer.flushAt { try buffer.flush(into: &sink) }
        }
        try buffer.flush(into: &sink)
        return rows
    }

    /// One column of the current row, as a changeset record field.
    private static func appendValue(_ statement: OpaquePointer, _ column: Int32, to bytes: inout [UInt8]) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            bytes.append(0x01)
            appendBigEndian(UInt64(bitPattern: sqlite3_column_int64(statement, column)), to: &bytes)
        case SQLITE_FLOAT:
            bytes.append(0x02)
            appendBigEndian(sqlite3_column_double(statement, column).bitPattern, to: &bytes)
        case SQLITE_TEXT:
            let pointer = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            bytes.append(0x03)
            appendVarint(UInt64(count), to: &bytes)
            if let pointer, count > 0 { bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count)) }
        case SQLITE_BLOB:
            let pointer = sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            bytes.append(0x04)
            appendVarint(UInt64(count), to: &bytes)
            if let pointer, count > 0 { bytes.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: count)) }
        default:
            bytes.append(0x05)
        }
    }

    private static func appendBigEndian(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
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

    /// Bytes waiting to go to the sink.
    private struct Buffer {
        static let flushAt = 65_536
        var bytes: [UInt8] = {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(flushAt + 4_096)
            return bytes
        }()

        mutating func flush<Sink: ChangesetSink>(into sink: inout Sink) throws {
            guard !bytes.isEmpty else { return }
            try bytes.withUnsafeBytes { try sink.write($0) }
            bytes.removeAll(keepingCapacity: true)
        }
    }
}

/// Where ``ChangesetWriter`` puts its bytes.
protocol ChangesetSink {
    /// Takes the next bytes.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// A sink that only counts: the size of a changeset before it is written.
struct ChangesetByteCounter: ChangesetSink {
    /// The bytes written so far.
    private(set) var count = 0

    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
    }
}

/// A sink into a BLOB already made at its full size (`zeroblob(n)`), written through SQLite's
/// incremental BLOB I/O so that the whole value is never in memory.
///
/// Not thread-safe: it belongs to its connection's thread. Close it before the statement that
/// reads or changes the row runs.
final class BlobOutput: ChangesetSink {
    private var handle: OpaquePointer?
    private let connection: Connection
    private var offset: Int32 = 0

    /// Opens the BLOB in `column` of row `rowid` of `table` for writing.
    ///
    /// - Throws: ``SQLiteError``.
    init(table: String, column: String, rowid: Int64, on connection: Connection) throws(SQLiteError) {
        self.connection = connection
        let code = sqlite3_blob_open(connection.handle, "main", table, column, rowid, 1, &handle)
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, connection: connection.handle, sql: "blob \(table).\(column)")
            sqlite3_blob_close(handle)
            handle = nil
            throw error
        }
    }

    deinit {
        sqlite3_blob_close(handle)
    }

    /// Writes `bytes` after those written before.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_ERROR` past the BLOB's end).
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty, let base = bytes.baseAddress else { return }
        guard bytes.count <= Int(Int32.max - offset) else { throw Changeset.error(SQLITE_TOOBIG) }
        let code = sqlite3_blob_write(handle, base, Int32(bytes.count), offset)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection.handle, sql: "blob write") }
        offset += Int32(bytes.count)
    }

    /// Closes the BLOB; every byte written is then the row's.
    ///
    /// - Throws: ``SQLiteError``.
    func close() throws(SQLiteError) {
        let code = sqlite3_blob_close(handle)
        handle = nil
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection.handle, sql: "blob close") }
    }
}

@available(*, unavailable)
extension BlobOutput: Sendable {}
