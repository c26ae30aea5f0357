/// The book's monthly totals (issue 13): what reports and balances read instead of every row.
///
/// Two tables, kept by triggers on `transactions` and `transaction_splits` (so a write from the
/// sqlite3 shell counts too), each row the sum and count of the rows of one key and one month
/// (`substr(date, 1, 7)`):
///
/// - `category_months (category_id, month, account_id)`: the categorized transactions, and the
///   parts of splits under their part's category and their transaction's account (0 for a part
///   whose transaction is missing, which only a write with foreign keys off leaves). Transfers
///   and split parents (no category) are not in it. The monthly report, rollover and the trend
///   by category read it by category and month; balances by account and category.
/// - `transfer_months (account_id, transfer_account_id, month)`: transfers, from and to.
///
/// A key whose rows are all gone has no row (never a zero count), so the tables equal a
/// `GROUP BY` over the rows ("from scratch", ``rebuildSQL``) at every commit.
///
/// Money never overflows silently: a sum that leaves 64 bits (or a row whose amount is not an
/// integer, which only the shell writes) sets the row's `overflowed`, which stays set until the
/// key is rebuilt; readers that find any such row read the rows themselves instead, whose sums
/// throw ``BudgetError/totalTooLarge`` as ever (``hasOverflow(in:)``).
///
/// Writes made with the connection's triggers off (``Connection/withTriggersOff(_:)``: a bulk
/// import, a large undo, redo or sync) bring the tables up to date by hand, inside their
/// transaction: the months they touched are computed again from the rows
/// (``refresh(months:in:)``).
enum MonthTotals {
    /// The tables' shapes: name and key columns.
    struct Table {
        let name: String
        let key: [String]
    }

    static let categoryMonths = Table(name: "category_months", key: ["category_id", "month", "account_id"])
    static let transferMonths = Table(name: "transfer_months", key: ["account_id", "transfer_account_id", "month"])

    /// The tables (in ``Schema/unrecordedTables``: their triggers make them again wherever a
    /// changeset is applied).
    static let tableNames: Set<String> = [categoryMonths.name, transferMonths.name]

    /// The tables and their partial indexes of overflowed rows (empty in any real book).
    static let tablesSQL = """
    CREATE TABLE category_months (
        category_id INTEGER NOT NULL,
        month       TEXT NOT NULL,
        account_id  INTEGER NOT NULL,
        amount_sum  INTEGER NOT NULL,
        row_count   INTEGER NOT NULL,
        overflowed  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (category_id, month, account_id)
    ) WITHOUT ROWID;
    CREATE INDEX category_months_overflowed ON category_months(overflowed) WHERE overflowed <> 0;
    CREATE TABLE transfer_months (
        account_id          INTEGER NOT NULL,
        transfer_account_id INTEGER NOT NULL,
        month               TEXT NOT NULL,
        amount_sum          INTEGER NOT NULL,
        row_count           INTEGER NOT NULL,
        overflowed          INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, transfer_account_id, month)
    ) WITHOUT ROWID;
    CREATE INDEX transfer_months_overflowed ON transfer_months(overflowed) WHERE overflowed <> 0;
    """

    /// The account a part counts under: its transaction's, 0 when that is missing.
    static func partAccount(_ transactionID: String) -> String {
        "coalesce((SELECT pt.account_id FROM transactions AS pt WHERE pt.id = \(transactionID)), 0)"
    }

    /// The rows each table sums, as `(key columns..., amount)`; `transactions` is where `t`
    /// comes from and `partDates` narrows the parts (a condition on `s.date`).
    private static func sources(transactions: String = "transactions AS t", partDates: String = "") -> (categories: String, transfers: String) {
        ("""
         SELECT t.category_id AS category_id, substr(t.date, 1, 7) AS month, t.account_id AS account_id, t.amount AS amount
             FROM \(transactions) WHERE t.category_id IS NOT NULL
         UNION ALL
         SELECT s.category_id, substr(s.date, 1, 7), \(partAccount("s.transaction_id")), s.amount FROM transaction_splits AS s
             WHERE true\(partDates)
         """, """
         SELECT t.account_id AS account_id, t.transfer_account_id AS transfer_account_id, substr(t.date, 1, 7) AS month,
                t.amount AS amount
             FROM \(transactions) WHERE t.transfer_account_id IS NOT NULL
         """)
    }

    /// The sums of `rows` (`key columns..., amount`) by `table`'s key, as `key..., total, count,
    /// overflowed`. The sum is taken in two halves (whole multiples of 2³², then the rest),
    /// neither of which can overflow, so a sum that leaves 64 bits is flagged instead of failing.
    private static func summing(_ table: Table, from rows: String) -> String {
        let key = table.key.joined(separator: ", ")
        return """
            SELECT \(key), total, count, typeof(total) <> 'integer' OR odd AS overflowed FROM (
                SELECT \(key), sum(amount / 4294967296) * 4294967296 + sum(amount % 4294967296) AS total,
                       count(*) AS count, max(typeof(amount) <> 'integer') AS odd
                FROM (\(rows)) GROUP BY \(key)
            ) WHERE true
            """
    }

    /// ``summing(_:from:)`` over every row: what `table` should hold.
    static func recomputedSQL(_ table: Table) -> String {
        let rows = sources()
        return summing(table, from: table.name == categoryMonths.name ? rows.categories : rows.transfers)
    }

    /// `INSERT` of the sums of `rows` into `table`.
    private static func inserting(_ table: Table, from rows: String) -> String {
        "INSERT INTO \(table.name) (\(table.key.joined(separator: ", ")), amount_sum, row_count, overflowed)\n\(summing(table, from: rows));"
    }

    /// Empties both tables and fills them from every row (migration 11, and ``rebuild(in:)``).
    static let rebuildSQL: String = {
        let rows = sources()
        return """
            DELETE FROM category_months;
            DELETE FROM transfer_months;
            \(inserting(categoryMonths, from: rows.categories))
            \(inserting(transferMonths, from: rows.transfers))
            """
    }()

    /// Computes the months named by `?1` (a JSON array of `YYYY-MM` texts) again from the rows:
    /// a seek on `transactions_by_date` per month, one pass over the parts.
    static let refreshSQL: [String] = {
        let months = "SELECT value FROM json_each(?1)"
        // Each row meets the one month its date starts with (a range on the date's index).
        let rows = sources(
            transactions: """
                json_each(?1) AS m JOIN transactions AS t
                    ON t.date >= m.value AND t.date < m.value || char(1114111) AND substr(t.date, 1, 7) = m.value
                """,
            partDates: " AND substr(s.date, 1, 7) IN (\(months))")
        return ["DELETE FROM category_months WHERE month IN (\(months))",
                "DELETE FROM transfer_months WHERE month IN (\(months))",
                inserting(categoryMonths, from: rows.categories),
                inserting(transferMonths, from: rows.transfers)]
    }()

    /// Adds the sums of the rows above an id (`?1`: transactions with a higher id, parts of
    /// those) to the tables, as each row's trigger would have (MonthTotals+Triggers.swift): a
    /// scan of the new rows by id alone.
    static let addingSQL: [String] = {
        let rows = sources(transactions: "(SELECT * FROM transactions WHERE id > ?1) AS t", partDates: " AND s.transaction_id > ?1")
        return [adding(categoryMonths, from: rows.categories), adding(transferMonths, from: rows.transfers)]
    }()

    /// ``addingSQL`` for the parts of splits alone (``addNewRows(above:in:)`` sums the
    /// transactions itself).
    static let addingPartsSQL: String = adding(categoryMonths, from: """
        SELECT s.category_id AS category_id, substr(s.date, 1, 7) AS month, \(partAccount("s.transaction_id")) AS account_id,
               s.amount AS amount
            FROM transaction_splits AS s WHERE s.transaction_id > ?1
        """)

    /// One key's sum and count (`?4`, `?5`) added to `table`'s row of that key (`?1`-`?3`, in
    /// the order of its columns), as ``adding(_:from:)`` adds each key of a `GROUP BY`.
    static func upsertSQL(_ table: Table) -> String {
        """
        INSERT INTO \(table.name) (\(table.key.joined(separator: ", ")), amount_sum, row_count, overflowed) VALUES (?1, ?2, ?3, ?4, ?5, 0)
        ON CONFLICT DO UPDATE SET amount_sum = amount_sum + excluded.amount_sum, row_count = row_count + excluded.row_count,
            overflowed = overflowed OR excluded.overflowed OR typeof(amount_sum + excluded.amount_sum) <> 'integer'
        """
    }

    /// `INSERT` of the sums of `rows` into `table`, added to the sums already there.
    private static func adding(_ table: Table, from rows: String) -> String {
        """
        INSERT INTO \(table.name) (\(table.key.joined(separator: ", ")), amount_sum, row_count, overflowed)
        \(summing(table, from: rows))
        ON CONFLICT DO UPDATE SET amount_sum = amount_sum + excluded.amount_sum, row_count = row_count + excluded.row_count,
            overflowed = overflowed OR excluded.overflowed OR typeof(amount_sum + excluded.amount_sum) <> 'integer'
        """
    }

    /// Brings the tables' rows of `months` up to date from the rows (after a write made with
    /// triggers off). Call it inside the write's transaction.
    ///
    /// - Complexity: O(rows dated in those months + parts).
    static func refresh(months: Set<String>, in connection: Connection) throws {
        guard !months.isEmpty else { return }
        let list = "[" + months.sorted().map(jsonString).joined(separator: ",") + "]"
        for sql in refreshSQL { try connection.run(sql, [.text(list)]) }
    }

    /// Empties the tables and fills them again from every row.
    ///
    /// - Complexity: O(rows), a sort of the rows' keys.
    static func rebuild(in connection: Connection) throws {
        try connection.execute(rebuildSQL)
    }

    /// Whether a sum of either table is not to be trusted (it overflowed, or a row's amount is
    /// not an integer): readers then read the rows. An index seek on an empty partial index.
    static func hasOverflow(in connection: Connection) throws -> Bool {
        try connection.cached("""
            SELECT EXISTS (SELECT 1 FROM category_months WHERE overflowed <> 0)
                OR EXISTS (SELECT 1 FROM transfer_months WHERE overflowed <> 0)
            """).first([]) { $0.int64(0) != 0 } ?? false
    }

    /// `text` as a JSON string (months and dates as written by hand may hold anything).
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
