extension Schema {
    /// Version 6: the import keys of deleted transactions, and which imported rows are pending.
    ///
    /// `import_tombstones` holds the key of every imported transaction deleted with
    /// ``BudgetStore/deleteTransactions(ids:reconciled:)``, and the day it was deleted, so that
    /// importing the same file again does not bring it back (``ImportSummary/ignored``);
    /// ``ImportOptions/includesDeleted`` brings such rows back and forgets their deletion.
    /// Keys are unique in the book, as in `transactions`. A tombstone names the account the
    /// transaction was deleted from, `KEY|account ID`, and hides the row in that account only;
    /// one written before tombstones named their account is the bare `KEY` and hides the row in
    /// every account (see ``ImportTombstones``: the table's shape did not change). (Numbered 6
    /// on its branch: 4 is accounts', 5 is rules'.)
    ///
    /// `pending_imports` lists the imported transactions the bank had not booked yet (CAMT
    /// `PDNG`), with their money flow as the bank wrote it: a later import of the booked row
    /// replaces its pending twin (see ``BudgetStore/importTransactions(from:dryRun:observe:)``),
    /// and the balance check leaves them out.
    static let version6Imports = """
    CREATE TABLE import_tombstones (
        import_key TEXT PRIMARY KEY,
        deleted_on TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE pending_imports (
        transaction_id INTEGER PRIMARY KEY REFERENCES transactions(id) ON DELETE CASCADE,
        flow           INTEGER NOT NULL
    );
    """

    /// Version 15: what identifies an imported transfer that was deleted, so that its other
    /// side, in the other account's file, is found deleted too (``ImportStaging/keyMirroredTransfers()``).
    ///
    /// Banks and Quicken write a transfer in both accounts' files, each side with a key of its
    /// own (its content); importing the second file finds the first side by its day, amount
    /// and accounts. Once the transfer is deleted, nothing in the book held those, and the
    /// other account's file brought it back. `deleted_transfers` holds the transaction's import
    /// key (as it was in `transactions`; its tombstone is in `import_tombstones`), its day, its
    /// amount and its two accounts, from and to. A row whose key is in the book again, or
    /// whose tombstone is gone, hides nothing. Transfers deleted before version 15 left no
    /// such row: their other side is still imported.
    ///
    /// `imported_transfer_sides` says which account's file brought each transfer imported from
    /// then on: `from` for the file of the account the money leaves, `to` for the one it
    /// reaches. Only a transfer the other account's file brought is taken for a staged
    /// transfer's other side: a real second transfer of the same day and amount in the same
    /// account's next file is a new one. `deleted_transfers.side` keeps it for deleted ones.
    /// A transfer imported before version 15, or typed, has no side, and is taken as before.
    static let version15DeletedTransfers = """
    CREATE TABLE deleted_transfers (
        import_key          TEXT PRIMARY KEY,
        date                TEXT NOT NULL,
        amount              INTEGER NOT NULL,
        account_id          INTEGER NOT NULL,
        transfer_account_id INTEGER NOT NULL,
        side                TEXT CHECK (side IN ('from', 'to'))
    ) WITHOUT ROWID;
    CREATE INDEX deleted_transfers_by_accounts ON deleted_transfers(account_id, transfer_account_id, date);
    CREATE TABLE imported_transfer_sides (
        transaction_id INTEGER PRIMARY KEY REFERENCES transactions(id) ON DELETE CASCADE,
        side           TEXT NOT NULL CHECK (side IN ('from', 'to'))
    );
    """
}
