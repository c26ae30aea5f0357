extension ChangeTracker {
    /// Schema version 4, first part: every trigger is dropped and `change_log` is rebuilt to
    /// accept the entity kinds `account` (an account was inserted, changed or deleted: `row_id`
    /// is its id) and `reconciliation` (a reconciliation of the account `row_id` was recorded or
    /// removed). Entries and the high-water mark are kept, so readers carry on. The schema's
    /// tables are then rebuilt (``Schema/version4Accounts``), and ``schemaVersion4Triggers``
    /// makes every trigger again.
    static let schemaVersion4Log = """
    DROP TRIGGER transactions_logged_insert;
    DROP TRIGGER transactions_logged_update;
    DROP TRIGGER transactions_logged_delete;
    DROP TRIGGER transactions_logged_insert_conflict;
    DROP TRIGGER transactions_logged_update_conflict;
    DROP TRIGGER categories_logged_insert;
    DROP TRIGGER categories_logged_update;
    DROP TRIGGER categories_logged_delete;
    DROP TRIGGER categories_logged_insert_conflict;
    DROP TRIGGER categories_logged_update_conflict;
    DROP TRIGGER budgets_logged_insert;
    DROP TRIGGER budgets_logged_update;
    DROP TRIGGER budgets_logged_delete;
    CREATE TABLE change_log_v4 (
        seq    INTEGER PRIMARY KEY AUTOINCREMENT,
        entity TEXT NOT NULL CHECK (entity IN ('transaction', 'transaction_conflict', 'category', 'category_delete',
                                               'category_conflict', 'budget', 'account', 'reconciliation', 'reload')),
        row_id INTEGER
    );
    INSERT INTO change_log_v4 (seq, entity, row_id) SELECT seq, entity, row_id FROM change_log ORDER BY seq;
    DELETE FROM sqlite_sequence WHERE name = 'change_log_v4';
    INSERT INTO sqlite_sequence (name, seq) SELECT 'change_log_v4', seq FROM sqlite_sequence WHERE name = 'change_log';
    DROP TABLE change_log;
    ALTER TABLE change_log_v4 RENAME TO change_log;
    """

    /// Schema version 4, last part: the triggers of version 3 made again (their texts
    /// unchanged), and those of the new tables:
    ///
    /// - `accounts`: every insert, update and delete logs `account` with the account's id.
    /// - `transaction_splits`: a change to a part logs its transaction (`transaction`), so a
    ///   live list fetches the whole row again.
    /// - `reconciliations`: logs `reconciliation` with the account's id (the transactions a
    ///   reconciliation marks log themselves).
    ///
    /// All of them stop while `change_log_pause` holds a row, like the others.
    static let schemaVersion4Triggers = transactionTriggers + "\n" + categoryAndBudgetTriggers + "\n" + accountTriggers

    /// The triggers on `accounts`, `transaction_splits` and `reconciliations` (see
    /// ``schemaVersion4Triggers``), made by the one generator every logged table uses.
    static let accountTriggers = [
        rowTriggers(table: "accounts", entity: "account"),
        rowTriggers(table: "transaction_splits", entity: "transaction", key: "transaction_id"),
        rowTriggers(table: "reconciliations", entity: "reconciliation", key: "account_id"),
    ].joined(separator: "\n")
}
