/// The database schema, as numbered migrations. Users query the file with the sqlite3 shell, so
/// names are plain snake_case and the README documents every table.
enum Schema {
    /// `PRAGMA application_id`: "BUDG" in ASCII.
    static let applicationID: Int32 = 0x4255_4447

    static let migrator = Migrator(applicationID: applicationID, migrations: [
        .init(version: 1, sql: version1),
        .init(version: 2, sql: version2NameKeys),
        .init(version: 3, sql: ChangeTracker.schemaVersion3),
        .init(version: 4, sql: version4Accounts),
        .init(version: 5, sql: version5Rules),
        .init(version: 6, sql: version6Imports),
        .init(version: 7, sql: version7History),
        .init(version: 8, sql: version8TransferReconciliation),
        .init(version: 9, sql: version9GivenWay),
        .init(version: 10, sql: version10SlotRequests),
        .init(version: 11, sql: version11MonthTotals),
        .init(version: 12, sql: ChangeTracker.schemaVersion12Ranges),
        .init(version: 13, sql: version13HistoryChunks),
        .init(version: 14, sql: version14DotlessI),
        .init(version: 15, sql: version15DeletedTransfers),
        .init(version: 16, sql: version16ConflictLosers),
    ])

    /// Version 1: categories with budget history and rollover, transactions with import keys,
    /// import rules, and the change log that live results read (written by triggers, so writes
    /// from any process, the sqlite3 shell included, are seen). Version 2 recomputes name keys with
    /// full case folding; version 3 replaces the change log's triggers
    /// (``ChangeTracker/schemaVersion3``); version 4 adds accounts, transfers, splits and
    /// reconciliations (``version4Accounts``); version 5 gives rules fields, modes, directions,
    /// payees and an order, and adds import profiles (``version5Rules``); version 6 remembers the
    /// import keys of deleted transactions and which imported rows are pending (``version6Imports``).
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

    /// Version 14: a name with a dotless `ı` gets the key ``Swift/String/caseFolded()`` now
    /// gives it, with the `ı` kept (up to version 13 it folded to `i`, so `Işık` and `Işik` were
    /// one name): in `categories`, `accounts` and `import_profiles`. Only a key that is the old
    /// folding of its name changes (a category version 2 left its older key keeps it), and
    /// only where no other row holds the new key; the new keys tell more names apart, never
    /// fewer, so none is held (a key holding `ı` was never written before).
    static let version14DotlessI = ["categories", "accounts", "import_profiles"].map { table in
        """
        UPDATE \(table) SET name_key = budget_fold(name)
            WHERE instr(name, 'ı') > 0 AND name_key = replace(budget_fold(name), 'ı', 'i')
            AND NOT EXISTS (SELECT 1 FROM \(table) AS o WHERE o.name_key = budget_fold(\(table).name));
        """
    }.joined(separator: "\n")

    /// Version 2: `categories.name_key` becomes full Unicode case folding in canonical
    /// composition (`budget_fold`, registered before migrating), where version 1 stored
    /// `lowercased()`: `Straße` and `STRASSE`, or `Café` precomposed and decomposed, now share
    /// a key.
    ///
    /// Two categories of an existing book may fold to one key. Nothing is lost and nothing fails:
    /// per new key, the category that already holds it keeps it, else the oldest (lowest id) gets
    /// it; the others keep their old key, so both stay, and each is still found by its exact name
    /// (its report order stays its old key's). Should an old key kept that way equal another
    /// category's new key (no Unicode text known does), it gets ` #ID` appended. The keys pass
    /// through placeholders (a control character, which no name holds, and the id), so no UNIQUE
    /// check ever sees two rows holding one key midway.
    static let version2NameKeys = """
    CREATE TEMP TABLE name_key_v2 (id INTEGER PRIMARY KEY, old_key TEXT NOT NULL, new_key TEXT NOT NULL, key TEXT);
    INSERT INTO name_key_v2 (id, old_key, new_key) SELECT id, name_key, budget_fold(name) FROM categories;
    UPDATE name_key_v2 SET key = new_key WHERE id = (
        SELECT w.id FROM name_key_v2 AS w WHERE w.new_key = name_key_v2.new_key ORDER BY w.old_key = w.new_key DESC, w.id LIMIT 1);
    UPDATE name_key_v2 SET key = CASE
        WHEN old_key IN (SELECT key FROM name_key_v2 WHERE key IS NOT NULL) THEN old_key || ' #' || id
        ELSE old_key END
        WHERE key IS NULL;
    UPDATE categories SET name_key = char(1) || 'name_key_v2 ' || id
        WHERE name_key <> (SELECT key FROM name_key_v2 WHERE name_key_v2.id = categories.id);
    UPDATE categories SET name_key = (SELECT key FROM name_key_v2 WHERE name_key_v2.id = categories.id)
        WHERE name_key = char(1) || 'name_key_v2 ' || id;
    DROP TABLE name_key_v2;
    """
}
