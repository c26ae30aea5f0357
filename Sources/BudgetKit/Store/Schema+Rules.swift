extension Schema {
    /// Version 5: rules that match the payee, the note or either (contains, exact or a
    /// pattern), can require a direction of money, and set a payee name, a category or both, in
    /// an order of their own; and import profiles.
    ///
    /// - `rules` is rebuilt with the same ids: `position` (1, 2, ... in the order rules are
    ///   tried; existing rules keep their id order), `field` (`payee`, `note`, `any`), `mode`
    ///   (`contains`, `exact`, `pattern`), `direction` (`in`, `out` or NULL for both), and
    ///   `set_payee` (the payee name it sets, or NULL). `category_id` may now be NULL for a rule
    ///   that only sets a payee; a rule sets at least one of them.
    /// - `import_profiles`: a saved set of `budget import` options under a name, unique ignoring
    ///   case (`name_key`, as for categories); `import_profile_options` holds its words in order.
    ///
    /// Nothing observes rules or profiles live, so they have no change-log triggers.
    static let version5Rules = """
    CREATE TABLE rules_v5 (
        id          INTEGER PRIMARY KEY,
        position    INTEGER NOT NULL,
        field       TEXT NOT NULL DEFAULT 'payee' CHECK (field IN ('payee', 'note', 'any')),
        mode        TEXT NOT NULL DEFAULT 'contains' CHECK (mode IN ('contains', 'exact', 'pattern')),
        pattern     TEXT NOT NULL,
        direction   TEXT CHECK (direction IN ('in', 'out')),
        set_payee   TEXT,
        category_id INTEGER REFERENCES categories(id) ON DELETE CASCADE,
        CHECK (set_payee IS NOT NULL OR category_id IS NOT NULL)
    );
    INSERT INTO rules_v5 (id, position, pattern, category_id)
        SELECT id, row_number() OVER (ORDER BY id), pattern, category_id FROM rules ORDER BY id;
    DROP TABLE rules;
    ALTER TABLE rules_v5 RENAME TO rules;
    CREATE INDEX rules_by_position ON rules(position);
    CREATE INDEX rules_by_category ON rules(category_id);
    CREATE TABLE import_profiles (
        id       INTEGER PRIMARY KEY,
        name     TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE
    );
    CREATE TABLE import_profile_options (
        profile_id INTEGER NOT NULL REFERENCES import_profiles(id) ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        word       TEXT NOT NULL,
        PRIMARY KEY (profile_id, position)
    ) WITHOUT ROWID;
    """
}
