/// When a bulk import builds the indexes of `transactions` after its rows instead of keeping
/// them up to date row by row.
extension ImportStaging {
    /// Whether the indexes of `transactions` are built after its new rows are filed
    /// (``Connection/withIndexesBuiltAfter(on:_:)``) rather than kept up to date row by row: for
    /// a bulk import (``BulkImportLimits/rowsBeforePausingLog``) that adds at least as many rows
    /// as the book holds. Then sorting every row's keys once costs less than inserting the new
    /// ones; in a larger book, the new rows' keys are fewer than the pages a rebuild reads.
    ///
    /// - Complexity: O(staged rows) at most (the book's rows are counted up to that).
    func buildsIndexesAfter() throws -> Bool {
        if let forced = store.buildsIndexesAfterImport { return forced }
        guard rowCount > BulkImportLimits.rowsBeforePausingLog else { return false }
        let held = try connection.int64("SELECT count(*) FROM (SELECT 1 FROM transactions LIMIT ?)", [.integer(Int64(rowCount) + 1)]) ?? 0
        return held <= Int64(rowCount)
    }
}
