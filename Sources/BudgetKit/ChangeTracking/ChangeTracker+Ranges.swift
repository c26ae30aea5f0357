extension ChangeTracker {
    /// Schema version 12: `change_log` is rebuilt to accept the entity kind `transaction_range`
    /// and its column `last_row_id`. Such an entry says that every transaction with an id in
    /// `row_id ... last_row_id` may have been inserted, changed or deleted: what a bulk write that
    /// adds rows above every id it found (an import: ``logTransactions(above:)``) leaves instead
    /// of one entry per row, or one `reload` entry that made every live list fetch again.
    ///
    /// Entries and the high-water mark are kept, so readers carry on. The triggers are left as
    /// they are: with `legacy_alter_table` on, renaming the new table to `change_log` does not
    /// check or rewrite them, and they name `change_log`, which is the new table again.
    static let schemaVersion12Ranges = """
    PRAGMA legacy_alter_table = ON;
    CREATE TABLE change_log_v10 (
        seq         INTEGER PRIMARY KEY AUTOINCREMENT,
        entity      TEXT NOT NULL CHECK (entity IN ('transaction', 'transaction_conflict', 'transaction_range', 'category',
                                                    'category_delete', 'category_conflict', 'budget', 'account',
                                                    'reconciliation', 'reload')),
        row_id      INTEGER,
        last_row_id INTEGER CHECK ((entity = 'transaction_range') = (last_row_id IS NOT NULL AND row_id IS NOT NULL))
    );
    INSERT INTO change_log_v10 (seq, entity, row_id) SELECT seq, entity, row_id FROM change_log ORDER BY seq;
    DELETE FROM sqlite_sequence WHERE name = 'change_log_v10';
    INSERT INTO sqlite_sequence (name, seq) SELECT 'change_log_v10', seq FROM sqlite_sequence WHERE name = 'change_log';
    DROP TABLE change_log;
    ALTER TABLE change_log_v10 RENAME TO change_log;
    PRAGMA legacy_alter_table = OFF;
    """
}
