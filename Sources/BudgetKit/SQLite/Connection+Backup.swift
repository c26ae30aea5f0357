import CSQLite

extension Connection {
    /// Writes a consistent copy of the whole database into the empty file at `path`
    /// (`VACUUM INTO`): one read snapshot, so writers in other processes may go on meanwhile.
    /// The copy is compacted and has no -wal file of its own.
    func vacuum(into path: String) throws(SQLiteError) {
        try prepare("VACUUM INTO ?").run([.text(path)])
    }
}
