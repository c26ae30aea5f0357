extension ChangeTracker {
    /// Schema version 2: the change log as ``ChangeTracker`` reads it.
    ///
    /// - `change_log` is rebuilt to accept the entity kinds `budget` (a budget entry of the
    ///   category `row_id` changed; version 1 logged these as `category`), `category_delete`
    ///   (a deleted category: SQLite may give its id to the next category, and a reader must
    ///   not take that one for a rename), `transaction_conflict` and `category_conflict` (see
    ///   below). Its entries and its high-water mark are kept, so readers carry on.
    /// - Every trigger is replaced: all of them now stop while `change_log_pause` holds a row,
    ///   updates log the old and the new id, and BEFORE INSERT / BEFORE UPDATE triggers log the
    ///   rows a REPLACE may delete: the row with the same import key (transactions) or name key
    ///   (categories). REPLACE deletes those rows without firing delete triggers when
    ///   `recursive_triggers` is off, as it is in the sqlite3 shell; a row with the same id is
    ///   covered by the new row's own entry. The reader keeps a conflict entry only when its row
    ///   is gone (``changes(after:in:)``).
    static let schemaVersion3 = """
    DROP TRIGGER transactions_logged_insert;
    DROP TRIGGER transactions_logged_update;
    DROP TRIGGER transactions_logged_delete;
    DROP TRIGGER categories_logged_insert;
    DROP TRIGGER categories_logged_update;
    DROP TRIGGER categories_logged_delete;
    DROP TRIGGER budgets_logged_insert;
    DROP TRIGGER budgets_logged_update;
    DROP TRIGGER budgets_logged_delete;
    CREATE TABLE change_log_v2 (
        seq    INTEGER PRIMARY KEY AUTOINCREMENT,
        entity TEXT NOT NULL CHECK (entity IN ('transaction', 'transaction_conflict', 'category', 'category_delete',
                                               'category_conflict', 'budget', 'reload')),
        row_id INTEGER
    );
    INSERT INTO change_log_v2 (seq, entity, row_id) SELECT seq, entity, row_id FROM change_log ORDER BY seq;
    DELETE FROM sqlite_sequence WHERE name = 'change_log_v2';
    INSERT INTO sqlite_sequence (name, seq) SELECT 'change_log_v2', seq FROM sqlite_sequence WHERE name = 'change_log';
    DROP TABLE change_log;
    ALTER TABLE change_log_v2 RENAME TO change_log;
    \(triggers)
    """

    /// The triggers that write the change log (part of ``schemaVersion3``): those of
    /// ``transactionTriggers`` (made again by ``schemaVersion4``, which rebuilds the table), then
    /// those of categories and budgets.
    static let triggers = transactionTriggers + "\n" + categoryAndBudgetTriggers

    /// The triggers on `transactions` (see ``schemaVersion3``).
    static let transactionTriggers = [
        rowTriggers(table: "transactions", entity: "transaction"),
        conflictTriggers(table: "transactions", entity: "transaction_conflict", unique: "import_key", nullable: true),
    ].joined(separator: "\n")

    /// The triggers on `categories` and `budgets` (see ``schemaVersion3``).
    static let categoryAndBudgetTriggers = [
        rowTriggers(table: "categories", entity: "category", deletion: "category_delete"),
        conflictTriggers(table: "categories", entity: "category_conflict", unique: "name_key", nullable: false),
        rowTriggers(table: "budgets", entity: "budget", key: "category_id"),
    ].joined(separator: "\n")

    /// The AFTER INSERT, UPDATE and DELETE triggers that log a table's rows as `entity` (a
    /// deletion as `deletion`, when given) by the column `key`; an update logs the old key and,
    /// when it changed, the new one. All are silent while the log is paused.
    static func rowTriggers(table: String, entity: String, deletion: String? = nil, key: String = "id") -> String {
        let running = "WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)"
        return """
        CREATE TRIGGER \(table)_logged_insert AFTER INSERT ON \(table)
            \(running)
            BEGIN INSERT INTO change_log (entity, row_id) VALUES ('\(entity)', NEW.\(key)); END;
        CREATE TRIGGER \(table)_logged_update AFTER UPDATE ON \(table)
            \(running)
            BEGIN
                INSERT INTO change_log (entity, row_id) VALUES ('\(entity)', OLD.\(key));
                INSERT INTO change_log (entity, row_id) SELECT '\(entity)', NEW.\(key) WHERE NEW.\(key) <> OLD.\(key);
            END;
        CREATE TRIGGER \(table)_logged_delete AFTER DELETE ON \(table)
            \(running)
            BEGIN INSERT INTO change_log (entity, row_id) VALUES ('\(deletion ?? entity)', OLD.\(key)); END;
        """
    }

    /// The BEFORE INSERT and BEFORE UPDATE triggers that log, as `entity`, the rows a REPLACE on
    /// the unique column `unique` will delete (REPLACE deletes them without firing delete
    /// triggers when `recursive_triggers` is off). A NULL in a `nullable` column conflicts with
    /// nothing.
    static func conflictTriggers(table: String, entity: String, unique: String, nullable: Bool) -> String {
        let notNull = nullable ? "NEW.\(unique) IS NOT NULL AND " : ""
        return """
        CREATE TRIGGER \(table)_logged_insert_conflict BEFORE INSERT ON \(table)
            WHEN \(notNull)NOT EXISTS (SELECT 1 FROM change_log_pause)
            BEGIN
                INSERT INTO change_log (entity, row_id)
                    SELECT '\(entity)', id FROM \(table) WHERE \(unique) = NEW.\(unique);
            END;
        CREATE TRIGGER \(table)_logged_update_conflict BEFORE UPDATE OF \(unique) ON \(table)
            WHEN \(notNull)NEW.\(unique) IS NOT OLD.\(unique) AND NOT EXISTS (SELECT 1 FROM change_log_pause)
            BEGIN
                INSERT INTO change_log (entity, row_id)
                    SELECT '\(entity)', id FROM \(table) WHERE \(unique) = NEW.\(unique) AND id <> OLD.id;
            END;
        """
    }
}
