import CSQLite

extension Connection {
    /// `PRAGMA data_version`: a number that changes when another connection (in this process or
    /// another) commits to the file, and only then. Reading it costs about a microsecond and takes
    /// no lock worth speaking of, so a watcher can poll it often.
    func dataVersion() throws -> Int64 {
        try int64("PRAGMA data_version") ?? 0
    }
}

extension Row {
    /// The column as a day parsed straight from SQLite's bytes (no String made): what loading a
    /// million sort keys does. A malformed stored date reads as 0001-01-01, as ``day(_:)`` does.
    func isoDay(_ column: Int32) -> Day {
        if let bytes = sqlite3_column_text(handle, column) {
            let count = Int(sqlite3_column_bytes(handle, column))
            if let day = Day.parseISO(UnsafeBufferPointer(start: bytes, count: count)) { return day }
        }
        return Day(year: 1, month: 1, day: 1)!
    }
}
