/// A value bound to a statement parameter. Money and days are bound as their stored forms:
/// minor units (INTEGER) and `YYYY-MM-DD` (TEXT).
enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case text(String)
    /// Text as its exact bytes, bound unchanged: a value read from a changeset or a row, which
    /// may hold bytes that are not UTF-8 (written by hand in the sqlite3 shell) and must reach
    /// another book, or come back by undo, bit for bit.
    case textBytes([UInt8])
    /// Bytes, bound as a BLOB (a changeset in the history table).
    case blob([UInt8])
    /// A REAL, as the exact bits of its IEEE 754 double: only ever one read from the book (a
    /// value written by hand in the sqlite3 shell) and written back unchanged by undo or sync.
    /// budget computes nothing with it; money is integers of minor units.
    case real(bitPattern: UInt64)

    /// A REAL's text, as `budget log` and `budget conflicts` show it (`12.5`).
    static func realText(_ bits: UInt64) -> String { String(describing: Double(bitPattern: bits)) }
}

/// A value that can be bound to a statement parameter.
protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension Int64: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self) } }
extension Int: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension Bool: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) } }
extension String: SQLiteBindable { var sqliteValue: SQLiteValue { .text(self) } }
extension Money: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(minorUnits) } }
extension Day: SQLiteBindable { var sqliteValue: SQLiteValue { .text(description) } }
extension Month: SQLiteBindable { var sqliteValue: SQLiteValue { .text(description) } }
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}
