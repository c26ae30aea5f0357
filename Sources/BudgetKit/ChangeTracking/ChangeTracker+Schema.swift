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
    /// those of categories and budgets. Migrations are history: never edit these texts.
    static let triggers = transactionTriggers + "\n" + categoryAndBudgetTriggers

    /// The triggers on `transactions` (see ``schemaVersion3``).
    static let transactionTriggers = """
    CREATE TRIGGER transactions_logged_insert AFTER INSERT ON transactions
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('transaction', NEW.id); END;
    CREATE TRIGGER transactions_logged_update AFTER UPDATE ON transactions
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN
            INSERT INTO change_log (entity, row_id) VALUES ('transaction', OLD.id);
            INSERT INTO change_log (entity, row_id) SELECT 'transaction', NEW.id WHERE NEW.id <> OLD.id;
        END;
    CREATE TRIGGER transactions_logged_delete AFTER DELETE ON transactions
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('transaction', OLD.id); END;
    CREATE TRIGGER transactions_logged_insert_conflict BEFORE INSERT ON transactions
        WHEN NEW.import_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN
            INSERT INTO change_log (entity, row_id)
                SELECT 'transaction_conflict', id FROM transactions WHERE import_key = NEW.import_key;
        END;
    CREATE TRIGGER transactions_logged_update_conflict BEFORE UPDATE OF import_key ON transactions
        WHEN NEW.import_key IS NOT NULL AND NEW.import_key IS NOT OLD.import_key
            AND NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN
            INSERT INTO change_log (entity, row_id)
                SELECT 'transaction_conflict', id FROM transactions WHERE import_key = NEW.import_key AND id <> OLD.id;
        END;
    """

    /// The triggers on `categories` and `budgets` (see ``schemaVersion3``).
    static let categoryAndBudgetTriggers = """
    CREATE TRIGGER categories_logged_insert AFTER INSERT ON categories
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category', NEW.id); END;
    CREATE TRIGGER categories_logged_update AFTER UPDATE ON categories
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN
            INSERT INTO change_log (entity, row_id) VALUES ('category', OLD.id);
            INSERT INTO change_log (entity, row_id) SELECT 'category', NEW.id WHERE NEW.id <> OLD.id;
        END;
    CREATE TRIGGER categories_logged_delete AFTER DELETE ON categories
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category_delete', OLD.id); END;
    CREATE TRIGGER categories_logged_insert_conflict BEFORE INSERT ON categories
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN
            INSERT INTO change_log (entity, row_id)
                SELECT 'category_conflict', id FROM categories WHERE name_key = NEW.name_key;
        END;
    CREATE TRIGGER categories_logged_update_conflict BEFORE UPDATE OF name_key ON categories
        WHEN NEW.name_key IS NOT OLD.name_key AND NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN
            INSERT INTO change_log (entity, row_id)
                SELECT 'category_conflict', id FROM categories WHERE name_key = NEW.name_key AND id <> OLD.id;
        END;
    CREATE TRIGGER budgets_logged_insert AFTER INSERT ON budgets
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('budget', NEW.category_id); END;
    CREATE TRIGGER budgets_logged_update AFTER UPDATE ON budgets
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN
            INSERT INTO change_log (entity, row_id) VALUES ('budget', OLD.category_id);
            INSERT INTO change_log (entity, row_id) SELECT 'budget', NEW.category_id WHERE NEW.category_id <> OLD.category_id;
        END;
    CREATE TRIGGER budgets_logged_delete AFTER DELETE ON budgets
        WHEN NOT EXISTS (SELECT 1 FROM change_log_pause)
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('budget', OLD.category_id); END;
    """
}
