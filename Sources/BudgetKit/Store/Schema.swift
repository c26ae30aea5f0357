/// The database schema, as numbered migrations. Users query the file with the sqlite3 shell, so
/// names are plain snake_case and the README documents every table.
enum Schema {
    /// `PRAGMA application_id`: "BUDG" in ASCII.
    static let applicationID: Int32 = 0x4255_4447

    static let migrator = Migrator(applicationID: applicationID, migrations: [
        .init(version: 1, sql: version1),
        .init(version: 2, sql: ChangeTracker.schemaVersion2),
    ])

    /// Version 1: categories with budget history and rollover, transactions with import keys,
    /// import rules, and the change log that live results read (written by triggers, so writes
    /// from any process, the sqlite3 shell included, are seen). Version 2 replaces the change
    /// log's triggers (``ChangeTracker/schemaVersion2``).
    static let version1 = """
    CREATE TABLE categories (
        id        INTEGER PRIMARY KEY,
        name      TEXT NOT NULL,
        name_key  TEXT NOT NULL UNIQUE,
        kind      TEXT NOT NULL DEFAULT 'expense' CHECK (kind IN ('expense', 'income')),
        rollover  INTEGER NOT NULL DEFAULT 0 CHECK (rollover IN (0, 1))
    );
    CREATE TABLE budgets (
        category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
        month       TEXT NOT NULL,
        scope       TEXT NOT NULL DEFAULT 'from' CHECK (scope IN ('from', 'only')),
        amount      INTEGER NOT NULL,
        PRIMARY KEY (category_id, scope, month)
    ) WITHOUT ROWID;
    CREATE TABLE transactions (
        id          INTEGER PRIMARY KEY,
        date        TEXT NOT NULL,
        amount      INTEGER NOT NULL,
        category_id INTEGER NOT NULL REFERENCES categories(id),
        payee       TEXT NOT NULL DEFAULT '',
        note        TEXT NOT NULL DEFAULT '',
        import_key  TEXT UNIQUE
    );
    CREATE INDEX transactions_by_date ON transactions(date);
    CREATE INDEX transactions_by_category_date ON transactions(category_id, date, amount);
    CREATE TABLE rules (
        id          INTEGER PRIMARY KEY,
        pattern     TEXT NOT NULL,
        category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE
    );
    CREATE TABLE change_log (
        seq    INTEGER PRIMARY KEY AUTOINCREMENT,
        entity TEXT NOT NULL CHECK (entity IN ('transaction', 'category', 'reload')),
        row_id INTEGER
    );
    CREATE TABLE change_log_pause (paused INTEGER PRIMARY KEY);
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
    CREATE TRIGGER categories_logged_insert AFTER INSERT ON categories
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category', NEW.id); END;
    CREATE TRIGGER categories_logged_update AFTER UPDATE ON categories
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category', NEW.id); END;
    CREATE TRIGGER categories_logged_delete AFTER DELETE ON categories
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category', OLD.id); END;
    CREATE TRIGGER budgets_logged_insert AFTER INSERT ON budgets
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category', NEW.category_id); END;
    CREATE TRIGGER budgets_logged_update AFTER UPDATE ON budgets
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category', NEW.category_id); END;
    CREATE TRIGGER budgets_logged_delete AFTER DELETE ON budgets
        BEGIN INSERT INTO change_log (entity, row_id) VALUES ('category', OLD.category_id); END;
    """
}
