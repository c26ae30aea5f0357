/// The SQL that writes, reads and forgets `import_tombstones`, the keys of deleted imported
/// transactions: in one place, since each part must agree with the others.
///
/// **A tombstone names its account.** A key names no account (a CSV row's is its content, see
/// ``ImportKeyer``), so the tombstone of a transaction with key `KEY` deleted from account `ID`
/// is `KEY|account ID`, or `KEY` itself when it already ends with `|account ID` (a key scoped to
/// its account at import, see ``ImportStaging/scopeToAccount``). Deleting the Netflix charge
/// imported into one card then hides it in that card only: the same charge on another card's
/// statement, with the same key, is still imported.
///
/// **Reading.** A staged row with key `KEY` (after scoping) in account `ID` is deleted when a
/// tombstone is either `KEY` exactly or `KEY|account ID`. The first covers keys scoped at
/// import, and the tombstones written before they named an account: those keep their meaning,
/// the row is deleted whatever account it goes to. Both are lookups of the primary key.
///
/// **Deleting an account.** Its tombstones go with its transactions to the account that takes
/// them, or are forgotten with it: a book that is not synced may give its id to an account made
/// later, which must not inherit them.
///
/// Does not: say which account a tombstone written before this scheme came from (nothing
/// recorded it), or follow a transaction moved to another account before it was deleted (its
/// tombstone names the account it was deleted from).
enum ImportTombstones {
    /// `KEY|account ID` for the SQL expressions `key` and `accountID`.
    static func scoped(_ key: String, to accountID: String) -> String {
        "\(key) || '|account ' || \(accountID)"
    }

    /// Remembers the import key of the transaction `?2`, if it has one, as deleted on `?1` from
    /// its account.
    static let remember = remembering("")

    /// Remembers what identifies the imported transfer `?1` (its key, day, amount and
    /// accounts) in `deleted_transfers`, so that its other side in the other account's file is
    /// found deleted too (``ImportStaging/keyDeletedMirrored``). Nothing for another row.
    static let rememberTransfer = """
        INSERT OR REPLACE INTO deleted_transfers (import_key, date, amount, account_id, transfer_account_id, side)
        SELECT import_key, date, amount, account_id, transfer_account_id,
            (SELECT k.side FROM imported_transfer_sides AS k WHERE k.transaction_id = transactions.id)
        FROM transactions
        WHERE id = ?1 AND import_key IS NOT NULL AND transfer_account_id IS NOT NULL
        """

    /// Remembers the import key of the pending transaction `?2` as replaced on `?1` by its
    /// posted twin: `KEY|account ID|replaced by N`, N the transaction's own id (it keeps it, and
    /// takes the posted row's key). No row is hidden by it (``hide(_:)`` matches keys exactly):
    /// the file's pending row is found again as the transaction it became
    /// (``keyReplacedPending``), skipped as already imported, never offered back as deleted.
    static let rememberReplaced = remembering(" || '\(replacedBy)' || id")

    /// What follows a replaced pending key's `KEY|account ID`, before the transaction's id.
    static let replacedBy = "|replaced by "

    private static func remembering(_ tail: String) -> String {
        """
        INSERT OR REPLACE INTO import_tombstones (import_key, deleted_on)
        SELECT \(scopedOnce("import_key", suffix: "suffix"))\(tail), ?1
        FROM (SELECT id, import_key, \(suffix("account_id")) AS suffix FROM transactions WHERE id = ?2 AND import_key IS NOT NULL)
        """
    }

    /// `KEY|account ID` of the SQL expression `key`, or `key` itself when it already ends with
    /// `suffix`, the SQL expression of `|account ID`.
    private static func scopedOnce(_ key: String, suffix: String) -> String {
        "CASE WHEN substr(\(key), -length(\(suffix))) = \(suffix) THEN \(key) ELSE \(key) || \(suffix) END"
    }

    /// Gives each staged pending row whose key a replaced pending transaction had
    /// (``rememberReplaced``) the key of the transaction it became, so that it is found already
    /// imported. When that transaction is gone (deleted since), the row takes the marker's own
    /// key, which the tombstones hold: it is found deleted, and `?1`
    /// (``ImportOptions/includesDeleted``) leaves its key alone instead, so it is brought back.
    /// A row whose key a transaction holds is left as it is.
    ///
    /// - Complexity: per staged pending row, one range of the tombstones' primary key (the
    ///   marker's id is digits: `replaced by 0` up to `replaced by :`).
    static let keyReplacedPending = """
        UPDATE temp.import_staging AS s SET import_key = coalesce(r.key, CASE WHEN ?1 THEN s.import_key ELSE r.marker END)
        FROM (SELECT p.staged, d.import_key AS marker, t.import_key AS key
              FROM (SELECT rowid AS staged, \(scopedOnce("import_key", suffix: suffix("account_id"))) || '\(replacedBy)' AS prefix
                    FROM temp.import_staging AS o
                    WHERE pending AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = o.import_key)) AS p
              JOIN import_tombstones AS d ON d.import_key >= p.prefix || '0' AND d.import_key < p.prefix || ':'
              LEFT JOIN transactions AS t ON t.id = CAST(substr(d.import_key, length(p.prefix) + 1) AS INTEGER)) AS r
        WHERE s.rowid = r.staged
        """

    /// What follows a transfer side's `KEY|account ID` when it was found to be the other side
    /// of a deleted transfer, before that transfer's key.
    static let foundDeletedAs = "|deleted as "

    /// Remembers each staged transfer that took the key of a deleted transfer (its own key in
    /// `own_key`) and is hidden by its tombstone as that transfer's other side, on `?1`:
    /// `KEY|account ID|deleted as DELETED KEY`. It hides nothing itself (``hide(_:)`` matches
    /// keys exactly): ``keyFoundDeleted`` gives the row the deleted transfer's key again, so the
    /// other account's file imported again finds it deleted even when the book holds a second
    /// transfer alike from that file since, which the rule for a deleted transfer's kept twin
    /// (``ImportStaging/keyDeletedMirrored``) would take for its other side.
    static let rememberFoundDeleted = """
        INSERT OR IGNORE INTO import_tombstones (import_key, deleted_on)
        SELECT \(foundDeletedMarker("s")), ?1
        FROM temp.import_staging AS s WHERE s.own_key IS NOT NULL AND \(hide("s"))
        """

    /// Gives each staged transfer whose key (in its account) has a ``rememberFoundDeleted``
    /// marker the deleted transfer's key the marker names, keeping its own in `own_key`. A row
    /// whose key a transaction holds is left as it is.
    ///
    /// - Complexity: per staged transfer, one range of the tombstones' primary key.
    static let keyFoundDeleted = """
        UPDATE temp.import_staging AS s SET own_key = s.import_key, import_key = substr(r.marker, length(r.prefix) + 1)
        FROM (SELECT p.staged, p.prefix, min(d.import_key) AS marker
              FROM (SELECT rowid AS staged, \(scopedOnce("import_key", suffix: suffix("account_id"))) || '\(foundDeletedAs)' AS prefix
                    FROM temp.import_staging AS o
                    WHERE transfer_account_id IS NOT NULL AND split_group IS NULL
                        AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = o.import_key)) AS p
              JOIN import_tombstones AS d ON d.import_key > p.prefix AND d.import_key < p.prefix || CAST(x'FF' AS TEXT)
              GROUP BY p.staged) AS r
        WHERE s.rowid = r.staged
        """

    /// The ``rememberFoundDeleted`` marker of the staged row `alias`.
    private static func foundDeletedMarker(_ alias: String) -> String {
        "\(scopedOnce("\(alias).own_key", suffix: suffix("\(alias).account_id"))) || '\(foundDeletedAs)' || \(alias).import_key"
    }

    /// The SQL condition that a tombstone hides the row `alias` (its `import_key` and
    /// `account_id`): one for its key exactly, or for its key in its account. (The tombstones'
    /// own alias is one no caller uses: a caller's `d` would be shadowed by it.)
    static func hide(_ alias: String) -> String {
        """
        EXISTS (SELECT 1 FROM import_tombstones AS tombstone
                WHERE tombstone.import_key IN (\(alias).import_key, \(scoped("\(alias).import_key", to: "\(alias).account_id"))))
        """
    }

    /// Gives the tombstones of the account `?1` to the account `?2` (`?1` is deleted, its
    /// transactions moved to `?2`); one `?2` has already stays as it is. Then ``forgetAccount``.
    /// Each statement in turn: the tombstones ending with `?1`, then the markers naming `?1`
    /// in their middle, before `|deleted as ` (``rememberFoundDeleted``: the account the
    /// transfer left; the end of the deleted key is moved too when it names `?1`) or
    /// `|replaced by ` (``rememberReplaced``). A marker left naming `?1` was found by no file
    /// again: the other account's next file took a second, real transfer it had brought for
    /// the deleted one's kept twin and brought the deleted transfer back; the older statement
    /// added a replaced pending row a second time.
    ///
    /// - Complexity: reads every tombstone: the account is the end of the key, or in a marker's middle.
    static let moveAccount = [
        """
        INSERT OR IGNORE INTO import_tombstones (import_key, deleted_on)
        SELECT substr(import_key, 1, length(import_key) - length(\(suffix("?1")))) || \(suffix("?2")), deleted_on
        FROM import_tombstones WHERE \(inAccount("?1"))
        """,
        movingMarkers(foundDeletedAs),
        movingMarkers(replacedBy),
    ]

    /// The statement of ``moveAccount`` that moves the markers whose middle is `|account ?1`
    /// then `separator`.
    private static func movingMarkers(_ separator: String) -> String {
        let old = "\(suffix("?1")) || '\(separator)'", new = "\(suffix("?2")) || '\(separator)'"
        return """
            INSERT OR IGNORE INTO import_tombstones (import_key, deleted_on)
            SELECT substr(import_key, 1, at - 1) || \(new)
                       || CASE WHEN substr(tail, -length(\(suffix("?1")))) = \(suffix("?1"))
                               THEN substr(tail, 1, length(tail) - length(\(suffix("?1")))) || \(suffix("?2")) ELSE tail END,
                   deleted_on
            FROM (SELECT import_key, deleted_on, instr(import_key, \(old)) AS at,
                         substr(import_key, instr(import_key, \(old)) + length(\(old))) AS tail
                  FROM import_tombstones WHERE instr(import_key, \(old)) > 0)
            """
    }

    /// The deleted transfers of the account `?1` become the account `?2`'s, as its
    /// transactions do (then ``forgetAccount``); each statement in turn.
    static let moveTransfers = [
        "UPDATE deleted_transfers SET account_id = ?2 WHERE account_id = ?1",
        "UPDATE deleted_transfers SET transfer_account_id = ?2 WHERE transfer_account_id = ?1",
    ]
    /// Forgets the tombstones of the account `?1`, deleted (the markers naming it in their
    /// middle too, see ``moveAccount``), and its deleted transfers.
    ///
    /// - Complexity: reads every tombstone.
    static let forgetAccount = [
        "DELETE FROM import_tombstones WHERE \(inAccount("?1")) OR \(markerInAccount("?1"))",
        "DELETE FROM deleted_transfers WHERE account_id = ?1 OR transfer_account_id = ?1 OR account_id = transfer_account_id",
    ]

    /// `|account ID` for the SQL expression `accountID`.
    private static func suffix(_ accountID: String) -> String { scoped("''", to: accountID) }
    /// The SQL condition that a tombstone is a marker (``rememberFoundDeleted``,
    /// ``rememberReplaced``) naming the account `accountID` in its middle. Only a marker holds
    /// `|account ID|deleted as ` or `|account ID|replaced by `: in a key, a `|` written by a
    /// payee, a reference or a source is escaped (`\|`, ``ImportKeyer``), so `ID|deleted` is
    /// never a key's own text.
    private static func markerInAccount(_ accountID: String) -> String {
        [foundDeletedAs, replacedBy].map { "instr(import_key, \(suffix(accountID)) || '\($0)') > 0" }.joined(separator: " OR ")
    }
    /// The SQL condition that a tombstone's key ends with `|account ID`.
    private static func inAccount(_ accountID: String) -> String {
        "substr(import_key, -length(\(suffix(accountID)))) = \(suffix(accountID))"
    }

    /// Forgets every tombstone that hides a staged row (both forms: ``hide(_:)``), the markers of
    /// staged transfers found deleted (``rememberFoundDeleted``), and the
    /// deleted transfers a staged row brings back: with its key, or with its key scoped to its
    /// account as the staged row's is (``ImportStaging/scopeToAccount``: the tombstone of a
    /// row deleted from an account scopes the key of that account's row). A deleted transfer
    /// left behind would be remembered twice once the row is deleted again, and hide a second
    /// real transfer's other side.
    ///
    /// - Complexity: reads every deleted transfer (one statement, with ``ImportOptions/includesDeleted`` only).
    static let forgetStaged = [
        """
        DELETE FROM import_tombstones WHERE import_key IN (
            SELECT import_key FROM temp.import_staging
            UNION ALL SELECT \(scoped("import_key", to: "account_id")) FROM temp.import_staging)
        """,
        """
        DELETE FROM import_tombstones WHERE import_key IN (
            SELECT \(foundDeletedMarker("s")) FROM temp.import_staging AS s WHERE s.own_key IS NOT NULL)
        """,
        """
        DELETE FROM deleted_transfers WHERE import_key IN (SELECT import_key FROM temp.import_staging)
            OR \(scoped("import_key", to: "account_id")) IN (SELECT import_key FROM temp.import_staging WHERE transfer_account_id IS NOT NULL)
        """,
    ]
}
