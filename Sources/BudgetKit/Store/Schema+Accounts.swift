extension Schema {
    /// Version 4: accounts, transfers, splits and reconciliations.
    ///
    /// - `accounts`: where the money is. Names are unique ignoring case (`name_key`, as for
    ///   categories); an account number or IBAN is unique without spaces and dashes, ignoring case
    ///   (`number_key`); at most one account is the default (a partial unique index). The book's
    ///   first account, `Main` (checking, id 1), is made here and is the default.
    /// - `transactions` is rebuilt (SQLite cannot add a REFERENCES column with a default while
    ///   foreign keys are on) with the same ids, import keys and indexes, plus `account_id`
    ///   (every existing row goes to `Main`; 1 by default, so a row written by hand without one
    ///   lands there too), `transfer_account_id` (set only on a transfer, which has no category
    ///   and moves a positive amount from `account_id` to it) and `reconciled_on` (the statement
    ///   day of the reconciliation that covered it). `category_id` may now be NULL: for a
    ///   transfer, and for a split, whose parts are in `transaction_splits`.
    /// - `transaction_splits`: the parts of a split, each in its category, summing to the
    ///   transaction's amount, dated with it (for reports' index).
    /// - `reconciliations`: each statement balance an account was reconciled with.
    ///
    /// The rows are copied before the indexes are made, so a book of a million transactions
    /// migrates in a few seconds. The change log's part is ``ChangeTracker``'s.
    static let version4Accounts = ChangeTracker.schemaVersion4Log + "\n" + version4Tables + "\n" + ChangeTracker.schemaVersion4Triggers

    /// The tables and indexes of ``version4Accounts``.
    static let version4Tables = """
    CREATE TABLE accounts (
        id              INTEGER PRIMARY KEY,
        name            TEXT NOT NULL,
        name_key        TEXT NOT NULL UNIQUE,
        type            TEXT NOT NULL DEFAULT 'checking' CHECK (type IN ('checking', 'savings', 'credit', 'cash', 'investment')),
        number          TEXT,
        number_key      TEXT UNIQUE,
        opening_balance INTEGER NOT NULL DEFAULT 0,
        opening_date    TEXT,
        closed_on       TEXT,
        is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
    );
    CREATE UNIQUE INDEX accounts_one_default ON accounts(is_default) WHERE is_default = 1;
    INSERT INTO accounts (id, name, name_key, type, is_default) VALUES (1, 'Main', 'main', 'checking', 1);
    CREATE TABLE transactions_v4 (
        id                  INTEGER PRIMARY KEY,
        date                TEXT NOT NULL,
        amount              INTEGER NOT NULL,
        category_id         INTEGER REFERENCES categories(id),
        payee               TEXT NOT NULL DEFAULT '',
        note                TEXT NOT NULL DEFAULT '',
        import_key          TEXT UNIQUE,
        account_id          INTEGER NOT NULL DEFAULT 1 REFERENCES accounts(id),
        transfer_account_id INTEGER REFERENCES accounts(id),
        reconciled_on       TEXT,
        CHECK (transfer_account_id IS NULL OR (category_id IS NULL AND transfer_account_id <> account_id AND amount > 0))
    );
    INSERT INTO transactions_v4 (id, date, amount, category_id, payee, note, import_key, account_id)
        SELECT id, date, amount, category_id, payee, note, import_key, 1 FROM transactions ORDER BY id;
    DROP TABLE transactions;
    ALTER TABLE transactions_v4 RENAME TO transactions;
    CREATE INDEX transactions_by_date ON transactions(date);
    CREATE INDEX transactions_by_category_date ON transactions(category_id, date, amount);
    CREATE INDEX transactions_by_account ON transactions(account_id, category_id, date, amount);
    CREATE INDEX transactions_by_transfer_account ON transactions(transfer_account_id, account_id, date, amount)
        WHERE transfer_account_id IS NOT NULL;
    CREATE TABLE transaction_splits (
        transaction_id INTEGER NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
        position       INTEGER NOT NULL,
        category_id    INTEGER NOT NULL REFERENCES categories(id),
        amount         INTEGER NOT NULL,
        note           TEXT NOT NULL DEFAULT '',
        date           TEXT NOT NULL,
        PRIMARY KEY (transaction_id, position)
    ) WITHOUT ROWID;
    CREATE INDEX transaction_splits_by_category ON transaction_splits(category_id, date, amount);
    CREATE TABLE reconciliations (
        id                INTEGER PRIMARY KEY,
        account_id        INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        statement_date    TEXT NOT NULL,
        statement_balance INTEGER NOT NULL,
        made_at           TEXT NOT NULL
    );
    CREATE INDEX reconciliations_by_account ON reconciliations(account_id, statement_date);
    """

    /// Version 8: a transfer's reconciliation in each of its two accounts.
    ///
    /// `reconciled_on` held one statement day for a transfer, whichever account's reconciliation
    /// came first, and so showed it reconciled in the other account too, where no statement had
    /// vouched for it (and that account's next reconciliation marked nothing). Now
    /// `reconciled_on` is `account_id`'s and `transfer_reconciled_on` is
    /// `transfer_account_id`'s. A mark already made was made by the first reconciliation of
    /// either account that covered the row; from then on the row existed, so each side's own
    /// account's first reconciliation made at or after that time with a statement day on or
    /// after the row's date held it in its balance, and that statement day becomes the side's
    /// mark (as `reconcile` would have marked it). A side whose account has no such
    /// reconciliation is unmarked, and its account's next reconciliation marks it.
    /// The column is added at the end, so changesets recorded before (history, other devices'
    /// files) still apply: their rows get the default, NULL.
    static let version8TransferReconciliation = """
    ALTER TABLE transactions ADD COLUMN transfer_reconciled_on TEXT;
    UPDATE transactions SET transfer_reconciled_on = (\(version8FirstCovering("transfer_account_id")))
        WHERE transfer_account_id IS NOT NULL AND reconciled_on IS NOT NULL;
    UPDATE transactions SET reconciled_on = (\(version8FirstCovering("account_id")))
        WHERE transfer_account_id IS NOT NULL AND reconciled_on IS NOT NULL;
    """

    /// The statement day of the first reconciliation of the transfer's account in `side` made
    /// when (or after) its old mark was first made, whose statement day is on or after its date.
    /// Every UPDATE reads the row's values as they were, so the second still sees the old mark.
    static func version8FirstCovering(_ side: String) -> String {
        """
        SELECT r.statement_date FROM reconciliations AS r
        WHERE r.account_id = transactions.\(side) AND r.statement_date >= transactions.date
          AND r.made_at >= (SELECT min(m.made_at) FROM reconciliations AS m
                            WHERE m.statement_date = transactions.reconciled_on
                              AND m.account_id IN (transactions.account_id, transactions.transfer_account_id))
        ORDER BY r.made_at, r.id LIMIT 1
        """
    }
}
