import CSQLite

/// The current row of a stepping statement: valid only inside the closure it is handed to.
struct Row {
    let handle: OpaquePointer

    /// The column as an integer (0 for NULL).
    @inline(__always)
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// Whether the column is NULL.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// Whether the column holds an integer (not NULL, a real, text or a blob).
    func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_INTEGER }

    /// The first `bytes` bytes (1 to 7; all, if the text is shorter) of the column's text,
    /// packed little-endian with their count in the top byte; `nil` for NULL or when one of them
    /// is not ASCII (then SQL's `substr` counts characters that are not bytes).
    func asciiPrefix(_ column: Int32, bytes limit: Int) -> UInt64? {
        precondition((1...7).contains(limit), "seven bytes and their count fill the word")
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = min(Int(sqlite3_column_bytes(handle, column)), limit)
        var packed: UInt64 = 0
        for index in 0..<count {
            guard bytes[index] < 0x80 else { return nil }
            packed |= UInt64(bytes[index]) << UInt64(8 * index)
        }
        return packed | UInt64(count) << 56
    }

    /// The column as text ("" for NULL).
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's text as its exact bytes (none for NULL), UTF-8 or not.
    func textBytes(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_text(handle, column) else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column's bytes (none for NULL), as a BLOB.
    func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column as a changeset value (never ``ChangesetValue/unchanged``): what sync compares
    /// with a change's old and new values.
    func changesetValue(_ column: Int32) -> ChangesetValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int64(column))
        case SQLITE_FLOAT: return .real(bitPattern: sqlite3_column_double(handle, column).bitPattern)
        case SQLITE_TEXT: return .text(textBytes(column))
        case SQLITE_BLOB: return .blob(blob(column))
        default: return .null
        }
    }

    /// The column as an optional integer.
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    /// The column as an amount in minor units.
    func money(_ column: Int32) -> Money { Money(minorUnits: int64(column)) }

    /// The column as a day; a malformed stored date (written by hand in the sqlite3 shell)
    /// reads as 0001-01-01 rather than crashing.
    func day(_ column: Int32) -> Day { Day(iso: text(column)) ?? Day(year: 1, month: 1, day: 1)! }
}
