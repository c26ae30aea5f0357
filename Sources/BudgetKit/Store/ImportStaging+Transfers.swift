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
        try connection.execute(Self.keyMirrored)
        return connection.changes
    }

    static let keyMirrored = """
        UPDATE temp.import_staging AS s SET import_key = m.key
        FROM (SELECT staged.place, book.key
              FROM (SELECT o.rowid AS place, o.date, o.stored_amount AS amount, o.account_id AS from_id, o.transfer_account_id AS to_id,
                        row_number() OVER (PARTITION BY o.date, o.stored_amount, o.account_id, o.transfer_account_id ORDER BY o.rowid) AS n
                    FROM temp.import_staging AS o
                    WHERE o.transfer_account_id IS NOT NULL AND o.split_group IS NULL
                        AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = o.import_key)) AS staged
              JOIN (SELECT t.import_key AS key, t.date, t.amount, t.account_id AS from_id, t.transfer_account_id AS to_id,
                        row_number() OVER (PARTITION BY t.date, t.amount, t.account_id, t.transfer_account_id ORDER BY t.id) AS n
                    FROM transactions AS t
                    WHERE t.transfer_account_id IS NOT NULL AND t.import_key IS NOT NULL
                        AND (t.transfer_account_id, t.account_id, t.date) IN
                            (SELECT transfer_account_id, account_id, date FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
                        AND t.import_key NOT IN (SELECT import_key FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)) AS book
              USING (date, amount, from_id, to_id, n)) AS m
        WHERE s.rowid = m.place
        """
}
