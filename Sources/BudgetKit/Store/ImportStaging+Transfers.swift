/// Transfers a file gives that the book already holds, imported from the other account's file.
extension ImportStaging {
    /// Gives each staged transfer that is the other side of a transfer already imported that
    /// transfer's key, so it is found already imported instead of filed a second time.
    ///
    /// A bank, or Quicken, writes a transfer in both accounts' registers: checking.qif holds
    /// `-500.00 [Savings]` and savings.qif `500.00 [Checking]`, both read as the same transfer
    /// from Checking to Savings. Within one file the reader pairs them; across
    /// two files each side has its own key (its content), so importing checking.qif and then
    /// savings.qif filed the transfer twice, and both balances were 500.00 off.
    ///
    /// A staged transfer is such a side when the book holds an imported transfer (one with an
    /// import key) between the same two accounts in the same direction, on the same day, of the
    /// same amount, whose key no staged row holds. One to one: the n-th new staged transfer of a
    /// day, amount and pair of accounts (in file order) takes the n-th such transfer of the book
    /// (by id), so two transfers of 500.00 on one day stay two. A transfer typed with
    /// `budget transfer` has no key and is never matched, as no typed row is.
    ///
    /// - Returns: how many staged transfers took a key.
    /// - Complexity: one pass over the staged rows and the book's imported transfers on the
    ///   staged transfers' days, when the file has transfers; nothing otherwise.
    func keyMirroredTransfers() throws -> Int {
        guard transferRows > 0 else { return 0 }
        // Each candidate looks up its day and amount's staged transfers (``otherSide(of:like:)``):
        // by day alone, a file of thousands of transfers a day between two accounts read them all
        // per candidate (20,000 over two days: a minute).
        try connection.execute(Self.stagedTransfersByAccountsDay)
        try connection.execute(Self.keyMirrored)
        let mirrored = connection.changes
        try connection.execute(Self.keyDeletedMirrored)
        return mirrored
    }

    static let stagedTransfersByAccountsDay = """
        CREATE INDEX IF NOT EXISTS temp.import_staging_transfers ON import_staging(transfer_account_id, account_id, date, stored_amount)
            WHERE transfer_account_id IS NOT NULL
        """

    static let keyMirrored = keyingStagedTransfers(like: """
        SELECT t.import_key AS key, t.date, t.amount, t.account_id AS from_id, t.transfer_account_id AS to_id,
            row_number() OVER (PARTITION BY t.date, t.amount, t.account_id, t.transfer_account_id ORDER BY t.id) AS n
        FROM transactions AS t
        WHERE t.transfer_account_id IS NOT NULL AND t.import_key IS NOT NULL
            AND (t.transfer_account_id, t.account_id, t.date) IN
                (SELECT transfer_account_id, account_id, date FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
            AND t.import_key NOT IN (SELECT import_key FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
            AND \(otherSide(of: "(SELECT k.side FROM imported_transfer_sides AS k WHERE k.transaction_id = t.id)", like: "t"))
        """)

    /// Then, the same for the transfers imported and deleted since (`deleted_transfers`): a
    /// staged transfer that is the other side of one takes its key, whose tombstone hides it,
    /// so the transfer stays deleted (and ``ImportOptions/includesDeleted`` brings it back
    /// once, under that key). A staged row hidden by a tombstone of its own, or already in the
    /// book, keeps its key. The n-th such staged transfer of a day, amount and pair of accounts
    /// takes the n-th deleted one (by key) whose key no transaction or staged row holds (as it
    /// is, or scoped to its account: the deleted row's own file again, its key scoped by its
    /// tombstone, ``scopeKeysOfOtherAccounts()``) and whose tombstone is still there. A deleted
    /// transfer whose other side the book holds (an imported transfer alike, from the other
    /// account's file: two devices each imported one side, and one was deleted) has it already,
    /// and takes none; one to one: with k such transfers kept, the first k deleted ones (by key)
    /// have theirs, and the n-th staged transfer takes the (k + n)-th deleted one. (Two deleted
    /// and one kept twin: the second one's real other side stays deleted.)
    static let keyDeletedMirrored = keyingStagedTransfers(like: """
        SELECT d.import_key AS key, d.date, d.amount, d.account_id AS from_id, d.transfer_account_id AS to_id,
            row_number() OVER (PARTITION BY d.date, d.amount, d.account_id, d.transfer_account_id ORDER BY d.import_key)
                - (SELECT count(*) FROM transactions AS p JOIN imported_transfer_sides AS ps ON ps.transaction_id = p.id
                   WHERE p.transfer_account_id = d.transfer_account_id AND p.account_id = d.account_id
                       AND p.date = d.date AND p.amount = d.amount AND ps.side <> d.side) AS n
        FROM deleted_transfers AS d
        WHERE (d.account_id, d.transfer_account_id, d.date) IN
                (SELECT account_id, transfer_account_id, date FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = d.import_key)
            AND d.import_key NOT IN (SELECT import_key FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
            AND \(ImportTombstones.scoped("d.import_key", to: "d.account_id")) NOT IN
                (SELECT import_key FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
            AND \(ImportTombstones.hide("d"))
            AND \(otherSide(of: "d.side", like: "d"))
        """, unlessHidden: true)

    /// The SQL condition that a transfer of the book (`alias`: its day, amount, accounts), whose
    /// file's side is the SQL expression `side` (NULL when unknown: imported before schema 15),
    /// may be the other side of the staged transfers of its day, amount and accounts: it was
    /// not brought by a file of the same side as theirs. (Within a file, a day, amount and pair
    /// of accounts have one side: the file's account is either the one the money leaves or the
    /// one it reaches.) So a real second transfer in the same account's next file is new.
    static func otherSide(of side: String, like alias: String) -> String {
        """
        coalesce(\(side) <> (SELECT \(stagedSide("g")) FROM temp.import_staging AS g
                             WHERE g.transfer_account_id = \(alias).transfer_account_id AND g.account_id = \(alias).account_id
                                 AND g.date = \(alias).date AND g.stored_amount = \(alias).amount AND g.split_group IS NULL LIMIT 1), 1)
        """
    }

    /// The side of the file that brought the staged transfer `alias`: `to` when its own account
    /// is the one the money reaches (money in, in a bank's convention: the resolver swapped the
    /// accounts), else `from`.
    static func stagedSide(_ alias: String) -> String {
        "CASE WHEN \(alias).bank AND \(alias).amount > 0 THEN 'to' ELSE 'from' END"
    }

    /// Gives each staged transfer found before to be the other side of a deleted transfer
    /// (``ImportTombstones/rememberFoundDeleted``) that transfer's key again, keeping its own in
    /// `own_key`: it is found deleted whatever the book holds since (a second transfer alike
    /// from its own account's file is no kept twin of the deleted one), and
    /// ``ImportOptions/includesDeleted`` brings it back under that key.
    func keyFoundDeleted() throws {
        guard transferRows > 0, try connection.int64("SELECT EXISTS (SELECT 1 FROM import_tombstones)") == 1 else { return }
        try connection.execute(ImportTombstones.keyFoundDeleted)
    }

    /// Remembers each staged transfer that took a deleted transfer's key, and is hidden by
    /// its tombstone, as found deleted (``ImportTombstones/rememberFoundDeleted``).
    func rememberFoundDeleted() throws {
        guard transferRows > 0 else { return }
        try connection.run(ImportTombstones.rememberFoundDeleted, [Day.today().sqliteValue])
    }

    /// Gives the n-th staged transfer of a day, amount and pair of accounts (in file order)
    /// whose key no transaction holds (and, `unlessHidden`, no tombstone hides), and that is
    /// not found deleted already (`own_key`), the key of the n-th of `candidates` of that day,
    /// amount and pair: a query of `key`, `date`, `amount`, `from_id`, `to_id` and that number,
    /// `n`. With `unlessHidden`, the row keeps its own key in `own_key`.
    private static func keyingStagedTransfers(like candidates: String, unlessHidden: Bool = false) -> String {
        """
        UPDATE temp.import_staging AS s SET import_key = m.key\(unlessHidden ? ", own_key = s.import_key" : "")
        FROM (SELECT staged.place, candidate.key
              FROM (SELECT o.rowid AS place, o.date, o.stored_amount AS amount, o.account_id AS from_id, o.transfer_account_id AS to_id,
                        row_number() OVER (PARTITION BY o.date, o.stored_amount, o.account_id, o.transfer_account_id ORDER BY o.rowid) AS n
                    FROM temp.import_staging AS o
                    WHERE o.transfer_account_id IS NOT NULL AND o.split_group IS NULL AND o.own_key IS NULL
                        AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = o.import_key)
                        \(unlessHidden ? "AND NOT \(ImportTombstones.hide("o"))" : "")) AS staged
              JOIN (\(candidates)) AS candidate
              USING (date, amount, from_id, to_id, n)) AS m
        WHERE s.rowid = m.place
        """
    }
}

/// A transfer a file brought as new that looks like the other side of one imported before, a
/// few days apart: both are kept, and a person decides (``ImportSummary/transferNearMisses``).
public struct TransferNearMiss: Hashable, Sendable {
    /// The file's line of the transfer.
    public var line: Int
    /// The transfer as imported (in a dry run, as it would be: its id is 0).
    public var imported: Transaction
    /// The transfer imported before: the same accounts, the same way, the same amount, one to
    /// three days apart.
    public var other: Transaction

    /// Creates one.
    public init(line: Int, imported: Transaction, other: Transaction) {
        self.line = line
        self.imported = imported
        self.other = other
    }
}

extension ImportStaging {
    /// How many days apart the two sides of a transfer may be booked and still be listed as a
    /// near miss (a bank books the other account's side the next working day).
    static let nearMissDays = 3

    /// The SQL list of the days one to ``nearMissDays`` days before and after the SQL day
    /// `day`: each one a seek of the index of transfers by accounts, day and amount (a range
    /// of days read every transfer between the two accounts in it, whatever its amount: 3
    /// minutes for 20,000 transfers over two days).
    static func nearMissDates(_ day: String) -> String {
        (1...nearMissDays).flatMap { ["date(\(day), '-\($0) days')", "date(\(day), '+\($0) days')"] }.joined(separator: ", ")
    }

    /// The query of ``transferNearMisses(maxID:dryRun:)``: `?1` the highest id before the
    /// import, and in a dry run `?2` whether deleted rows are brought back.
    static func nearMissSQL(dryRun: Bool) -> String {
        // The staged rows drive (CROSS JOIN keeps them outside): driven by the book's transfers,
        // SQLite read every staged transfer between the two accounts per transfer. New: filed
        // above `?1`; in a dry run, not in the book and not hidden by a deletion (unless brought back).
        let new = dryRun
            ? "NOT EXISTS (SELECT 1 FROM transactions AS k WHERE k.import_key = s.import_key) AND (?2 OR NOT \(ImportTombstones.hide("s")))"
            : "EXISTS (SELECT 1 FROM transactions AS k WHERE k.import_key = s.import_key AND k.id > ?1)"
        return """
            SELECT line, id, date, amount, payee, note, account, transfer_account, other FROM (
                SELECT s.rowid AS place, s.line, (SELECT k.id FROM transactions AS k WHERE k.import_key = s.import_key AND k.id > ?1) AS id,
                    s.date, s.stored_amount AS amount, coalesce(s.clean_payee, s.payee) AS payee, s.note, a.name AS account,
                    ta.name AS transfer_account, o.id AS other,
                    row_number() OVER (PARTITION BY s.rowid ORDER BY abs(julianday(o.date) - julianday(s.date)), o.id) AS nearest
                FROM temp.import_staging AS s
                JOIN accounts AS a ON a.id = s.account_id JOIN accounts AS ta ON ta.id = s.transfer_account_id
                CROSS JOIN transactions AS o ON o.transfer_account_id = s.transfer_account_id AND o.account_id = s.account_id
                    AND o.amount = s.stored_amount AND o.id <= ?1 AND o.import_key IS NOT NULL
                    AND o.date IN (\(Self.nearMissDates("s.date")))
                    AND o.import_key NOT IN (SELECT import_key FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
                    AND coalesce((SELECT k.side FROM imported_transfer_sides AS k WHERE k.transaction_id = o.id) <> \(Self.stagedSide("s")), 1)
                WHERE s.transfer_account_id IS NOT NULL AND s.split_group IS NULL AND \(new))
            WHERE nearest = 1 ORDER BY place
            """
    }

    /// The staged transfers filed as new (in a dry run, that would be) that look like the
    /// other side of a transfer imported before: between the same accounts the same way, of the
    /// same amount, one to ``nearMissDays`` days apart, brought by the other account's file (or
    /// by a file of unknown side), whose key no staged row holds. Each
    /// with the nearest such transfer (the lowest id of those). Nothing is merged: the bank
    /// may well have made two transfers.
    ///
    /// - Parameter maxID: the highest transaction id before the import (rows above it are new).
    func transferNearMisses(maxID: Int64, dryRun: Bool) throws -> [(line: Int, transfer: Transaction, otherID: Int64)] {
        guard transferRows > 0 else { return [] }
        let sql = Self.nearMissSQL(dryRun: dryRun)
        var misses: [(line: Int, transfer: Transaction, otherID: Int64)] = []
        let values: [SQLiteValue] = dryRun ? [.integer(maxID), options.includesDeleted.sqliteValue] : [.integer(maxID)]
        try connection.prepare(sql).forEachRow(values) {
            guard let other = $0.optionalInt64(8) else { return }
            let transfer = Transaction(id: $0.optionalInt64(1) ?? 0, date: $0.day(2), amount: $0.money(3), category: "", payee: $0.text(4), note: $0.text(5),
                                       kind: .transfer, account: $0.text(6), transferAccount: $0.text(7))
            misses.append((Int($0.int64(0)), transfer, other))
        }
        return misses
    }
}
