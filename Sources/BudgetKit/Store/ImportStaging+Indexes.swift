/// When a bulk import builds the indexes of `transactions` after its rows instead of keeping
/// them up to date row by row.
extension ImportStaging {
    /// Whether the indexes of `transactions` are built after its new rows are filed
    /// (``Connection/withIndexesBuiltAfter(on:_:)``) rather than kept up to date row by row: for
    /// a bulk import (``BulkImportLimits/rowsBeforePausingLog``) that adds at least as many rows
    /// as the book holds. Then sorting every row's keys once costs less than inserting the new
    /// ones; in a larger book, the new rows' keys are fewer than the pages a rebuild reads.
    ///
    /// Only staged rows the book does not hold yet count: a file imported again (a bank's
    /// download of the last two years, every month) adds few rows or none, and rebuilt every
    /// index of the book for them.
    ///
    /// - Complexity: O(staged rows) at most (the book's rows are counted up to that, and the
    ///   staged rows looked up by key until as many new ones are found).
    func buildsIndexesAfter() throws -> Bool {
        if let forced = store.buildsIndexesAfterImport { return forced }
        guard rowCount > BulkImportLimits.rowsBeforePausingLog else { return false }
        let held = try connection.int64("SELECT count(*) FROM (SELECT 1 FROM transactions LIMIT ?)", [.integer(Int64(rowCount) + 1)]) ?? 0
        guard held > 0 else { return true }
        guard held <= Int64(rowCount) else { return false }
        let new = try connection.int64(Self.stagedRowsNotHeld, [.integer(held)]) ?? 0
        return new >= held
    }

    /// Up to `?1` staged rows whose key no transaction holds: the rows an import may add.
    static let stagedRowsNotHeld = """
        SELECT count(*) FROM (SELECT 1 FROM temp.import_staging AS s
                              WHERE NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = s.import_key) LIMIT ?1)
        """
}
