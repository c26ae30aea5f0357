import CSQLite

extension Row {
    /// The column as a day parsed straight from SQLite's bytes (no String made). A malformed
    /// stored date reads as 0001-01-01, as ``day(_:)`` does.
    func isoDay(_ column: Int32) -> Day {
        if let bytes = sqlite3_column_text(handle, column) {
            let count = Int(sqlite3_column_bytes(handle, column))
            if let day = Day.parseISO(UnsafeBufferPointer(start: bytes, count: count)) { return day }
        }
        return Day(year: 1, month: 1, day: 1)!
    }

    /// The column's ISO date as its ordinal (``Day/ordinal``) and months since year 0 (`year * 12 +
    /// month - 1`), parsed from SQLite's bytes with no allocation: what loading a million sort
    /// keys does per row. A malformed stored date gives 0001-01-01's numbers, as ``isoDay(_:)``.
    @inline(__always)
    func isoDayNumbers(_ column: Int32) -> (days: Int64, month: Int64) {
        // Ten bytes and the terminating NUL: SQLite's text is NUL-terminated, so no length call.
        // Bytes are read in order, each only after the one before it was not the NUL.
        if let bytes = sqlite3_column_text(handle, column), bytes[0] != 0, bytes[1] != 0, bytes[2] != 0, bytes[3] != 0,
           bytes[4] == UInt8(ascii: "-"), bytes[5] != 0, bytes[6] != 0, bytes[7] == UInt8(ascii: "-"),
           bytes[8] != 0, bytes[9] != 0, bytes[10] == 0 {
            var valid = true
            @inline(__always) func digit(_ index: Int) -> Int {
                let value = Int(bytes[index]) &- 48
                valid = valid && value >= 0 && value <= 9
                return value
            }
            let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
            let month = digit(5) * 10 + digit(6), day = digit(8) * 10 + digit(9)
            if valid, year >= 1, (1...12).contains(month), day >= 1, day <= Month.daysIn(year: year, month: month) {
                return (Int64(Day.ordinal(year: year, month: month, day: day)), Int64(year * 12 + month - 1))
            }
        }
        return (Int64(Day.ordinal(year: 1, month: 1, day: 1)), 12)
    }
}
