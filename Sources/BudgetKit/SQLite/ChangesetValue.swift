import CSQLite

/// One column's value in a changeset, exactly as SQLite stored it.
///
/// Text is kept as its bytes (``text(_:)``), not as a `String`: a NUL inside it is kept, and
/// bytes that are not valid UTF-8 (written by hand in the sqlite3 shell) come back unchanged, so
/// applying or comparing a value never alters it. ``unchanged`` is not an SQL value: it is a
/// column an UPDATE did not touch (its new value), or one SQLite does not carry in the old row
/// of an UPDATE (neither a primary key column nor changed). It differs from ``null``, which is a
/// real SQL NULL.
enum ChangesetValue: Hashable, Sendable {
    /// Not in the change: an UPDATE's column that kept its value.
    case unchanged
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A REAL, as the exact bits of its IEEE 754 double. No column budget writes holds one
    /// (money is integers of minor units); one written by hand in the sqlite3 shell is carried
    /// through undo and sync unchanged, bit for bit, and never computed with.
    case real(bitPattern: UInt64)
    /// Text, as its exact bytes (UTF-8 as `budget` writes it).
    case text([UInt8])
    /// A blob.
    case blob([UInt8])

    /// Text from a Swift string, as its UTF-8 bytes.
    static func text(_ string: String) -> ChangesetValue { .text(Array(string.utf8)) }

    /// The value to bind to a statement (NULL for ``unchanged``; a REAL as the same REAL; text
    /// as its exact bytes).
    var sqliteValue: SQLiteValue {
        switch self {
        case .unchanged, .null: return .null
        case .integer(let value): return .integer(value)
        case .real(let bits): return .real(bitPattern: bits)
        case .text(let bytes): return .textBytes(bytes)
        case .blob(let bytes): return .blob(bytes)
        }
    }

    /// Reads an `sqlite3_value`; a null pointer (SQLite's "not part of this change") is ``unchanged``.
    init(_ value: OpaquePointer?) {
        guard let value else {
            self = .unchanged
            return
        }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .real(bitPattern: sqlite3_value_double(value).bitPattern)
        case SQLITE_TEXT:
            // Bytes after text, as SQLite asks (the pointer first, then its length).
            let bytes = sqlite3_value_text(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .text(bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
        case SQLITE_BLOB:
            let bytes = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])
        default:
            self = .null
        }
    }
}

extension ChangesetValue: CustomStringConvertible {
    /// The value as SQLite's `quote()` writes it (`NULL`, `42`, `'it''s'`, `X'00FF'`), and
    /// `unchanged` for ``unchanged``: for test failures and debugging, never for people's screens.
    var description: String {
        switch self {
        case .unchanged: return "unchanged"
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let bits): return SQLiteValue.realText(bits)
        case .text(let bytes):
            return "'" + String(decoding: bytes, as: UTF8.self).replacingQuotes() + "'"
        case .blob(let bytes):
            let digits = Array("0123456789ABCDEF".utf8)
            return "X'" + String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self) + "'"
        }
    }
}

private extension String {
    func replacingQuotes() -> String {
        var result = ""
        for character in self {
            result.append(character)
            if character == "'" { result.append("'") }
        }
        return result
    }
}
