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
    static let remember = """
        INSERT OR REPLACE INTO import_tombstones (import_key, deleted_on)
        SELECT CASE WHEN substr(import_key, -length(suffix)) = suffix THEN import_key ELSE import_key || suffix END, ?1
        FROM (SELECT import_key, \(suffix("account_id")) AS suffix FROM transactions WHERE id = ?2 AND import_key IS NOT NULL)
        """

    /// The SQL condition that a tombstone hides the row `alias` (its `import_key` and
    /// `account_id`): one for its key exactly, or for its key in its account.
    static func hide(_ alias: String) -> String {
        """
        EXISTS (SELECT 1 FROM import_tombstones AS d
                WHERE d.import_key IN (\(alias).import_key, \(scoped("\(alias).import_key", to: "\(alias).account_id"))))
        """
    }

    /// Gives the tombstones of the account `?1` to the account `?2` (`?1` is deleted, its
    /// transactions moved to `?2`); one `?2` has already stays as it is. Then ``forgetAccount``.
    ///
    /// - Complexity: reads every tombstone: the account is the end of the key.
    static let moveAccount = """
        INSERT OR IGNORE INTO import_tombstones (import_key, deleted_on)
        SELECT substr(import_key, 1, length(import_key) - length(\(suffix("?1")))) || \(suffix("?2")), deleted_on
        FROM import_tombstones WHERE \(inAccount("?1"))
        """
    /// Forgets the tombstones of the account `?1`, deleted.
    ///
    /// - Complexity: reads every tombstone.
    static let forgetAccount = "DELETE FROM import_tombstones WHERE \(inAccount("?1"))"

    /// `|account ID` for the SQL expression `accountID`.
    private static func suffix(_ accountID: String) -> String { scoped("''", to: accountID) }
    /// The SQL condition that a tombstone's key ends with `|account ID`.
    private static func inAccount(_ accountID: String) -> String {
        "substr(import_key, -length(\(suffix(accountID)))) = \(suffix(accountID))"
    }

    /// Forgets every tombstone that hides a staged row (both forms: ``hide(_:)``).
    static let forgetStaged = """
        DELETE FROM import_tombstones WHERE import_key IN (
            SELECT import_key FROM temp.import_staging
            UNION ALL SELECT \(scoped("import_key", to: "account_id")) FROM temp.import_staging)
        """
}
