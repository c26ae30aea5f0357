import CSQLite

extension Connection {
    /// `PRAGMA data_version`: a number that changes when another connection (in this process or
    /// another) commits to the file, and only then. Reading it costs about a microsecond and takes
    /// no lock worth speaking of, so a watcher can poll it often.
    func dataVersion() throws -> Int64 {
        try int64("PRAGMA data_version") ?? 0
    }
}

