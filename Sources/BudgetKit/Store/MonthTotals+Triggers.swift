extension MonthTotals {
    /// The triggers that keep the tables, on every write to `transactions` and
    /// `transaction_splits` that runs with triggers on (the sqlite3 shell's included).
    ///
    /// - A transaction adds to (or takes from) its category's key and its transfer's key.
    /// - A part counts under its transaction's account, looked up when it is written; when a
    ///   transaction's account or id changes, or it is added after its parts (a changeset applied
    ///   with foreign keys off), its parts move between that account and 0 (the missing
    ///   transaction's). Before a transaction is deleted, its parts move to 0, so the parts a
    ///   cascade then deletes (or a delete with foreign keys off leaves) are taken from there.
    ///
    /// Each trigger's name starts with the table's and holds `_totals_`
    /// (BulkImportTriggerTests lists them).
    static let triggersSQL: String = {
        let month = { (row: String) in "substr(\(row).date, 1, 7)" }
        let categorized = { (row: String) in [row + ".category_id", month(row), row + ".account_id"] }
        let transfer = { (row: String) in [row + ".account_id", row + ".transfer_account_id", month(row)] }
        let part = { (row: String) in [row + ".category_id", month(row), partAccount(row + ".transaction_id")] }
        let rowChanges = { (sign: Sign, row: String) in
            change(categoryMonths, sign, categorized(row), amount: row + ".amount", when: row + ".category_id IS NOT NULL")
                + change(transferMonths, sign, transfer(row), amount: row + ".amount", when: row + ".transfer_account_id IS NOT NULL")
        }
        let hasParts = { (id: String) in "EXISTS (SELECT 1 FROM transaction_splits WHERE transaction_id = \(id))" }
        return """
            CREATE TRIGGER transactions_totals_insert AFTER INSERT ON transactions BEGIN
            \(rowChanges(.add, "NEW"))END;
            CREATE TRIGGER transactions_totals_update AFTER UPDATE OF id, date, amount, category_id, account_id, transfer_account_id
                ON transactions BEGIN
            \(rowChanges(.subtract, "OLD"))\(rowChanges(.add, "NEW"))END;
            CREATE TRIGGER transactions_totals_delete AFTER DELETE ON transactions BEGIN
            \(rowChanges(.subtract, "OLD"))END;
            CREATE TRIGGER transactions_totals_adopt_parts AFTER INSERT ON transactions WHEN \(hasParts("NEW.id")) BEGIN
            \(movingParts(of: "NEW.id", from: "0", to: "NEW.account_id"))END;
            CREATE TRIGGER transactions_totals_move_parts AFTER UPDATE OF id, account_id ON transactions
                WHEN (OLD.id IS NOT NEW.id OR OLD.account_id IS NOT NEW.account_id) AND (\(hasParts("OLD.id")) OR \(hasParts("NEW.id"))) BEGIN
            \(movingParts(of: "OLD.id", from: "OLD.account_id", to: "0"))\(movingParts(of: "NEW.id", from: "0", to: "NEW.account_id"))END;
            CREATE TRIGGER transactions_totals_orphan_parts BEFORE DELETE ON transactions WHEN \(hasParts("OLD.id")) BEGIN
            \(movingParts(of: "OLD.id", from: "OLD.account_id", to: "0"))END;
            CREATE TRIGGER transaction_splits_totals_insert AFTER INSERT ON transaction_splits BEGIN
            \(change(categoryMonths, .add, part("NEW"), amount: "NEW.amount"))END;
            CREATE TRIGGER transaction_splits_totals_update AFTER UPDATE OF transaction_id, category_id, amount, date
                ON transaction_splits BEGIN
            \(change(categoryMonths, .subtract, part("OLD"), amount: "OLD.amount"))\(change(categoryMonths, .add, part("NEW"), amount: "NEW.amount"))END;
            CREATE TRIGGER transaction_splits_totals_delete AFTER DELETE ON transaction_splits BEGIN
            \(change(categoryMonths, .subtract, part("OLD"), amount: "OLD.amount"))END;
            """
    }()

    /// Whether a change adds a row's amount to its key or takes it away.
    enum Sign { case add, subtract }

    /// The statements that add `amount` (one row) to the key `values` of `table`, or take it
    /// away (and drop the key's row when no row is left), when `when` holds.
    private static func change(_ table: Table, _ sign: Sign, _ values: [String], amount: String, when: String = "true") -> String {
        let key = table.key.joined(separator: ", ")
        switch sign {
        case .add:
            return """
                INSERT INTO \(table.name) (\(key), amount_sum, row_count, overflowed)
                    SELECT \(values.joined(separator: ", ")), \(amount), 1, typeof(\(amount)) <> 'integer' WHERE \(when)
                    ON CONFLICT DO UPDATE SET amount_sum = amount_sum + excluded.amount_sum, row_count = row_count + 1,
                        overflowed = overflowed OR excluded.overflowed OR typeof(amount_sum + excluded.amount_sum) <> 'integer';

                """
        case .subtract:
            let match = zip(table.key, values).map { "\($0) = \($1)" }.joined(separator: " AND ")
            return """
                UPDATE \(table.name) SET amount_sum = amount_sum - \(amount), row_count = row_count - 1,
                    overflowed = overflowed OR typeof(\(amount)) <> 'integer' OR typeof(amount_sum - \(amount)) <> 'integer'
                    WHERE \(match) AND \(when);
                DELETE FROM \(table.name) WHERE \(match) AND row_count = 0 AND \(when);

                """
        }
    }

    /// The statements that move the parts of transaction `id` from account `from` to `to` in
    /// `category_months`.
    private static func movingParts(of id: String, from: String, to: String) -> String {
        let parts = """
            SELECT category_id, substr(date, 1, 7) AS month, sum(amount) AS total, count(*) AS count,
                   max(typeof(amount) <> 'integer') AS odd
            FROM transaction_splits WHERE transaction_id = \(id) GROUP BY 1, 2
            """
        return """
            UPDATE category_months SET amount_sum = category_months.amount_sum - p.total,
                row_count = category_months.row_count - p.count,
                overflowed = category_months.overflowed OR p.odd OR typeof(category_months.amount_sum - p.total) <> 'integer'
                FROM (\(parts)) AS p
                WHERE category_months.category_id = p.category_id AND category_months.month = p.month
                    AND category_months.account_id = \(from);
            DELETE FROM category_months WHERE account_id = \(from) AND row_count = 0
                AND category_id IN (SELECT category_id FROM transaction_splits WHERE transaction_id = \(id));
            INSERT INTO category_months (category_id, month, account_id, amount_sum, row_count, overflowed)
                SELECT category_id, month, \(to), total, count, odd FROM (\(parts)) WHERE true
                ON CONFLICT DO UPDATE SET amount_sum = amount_sum + excluded.amount_sum, row_count = row_count + excluded.row_count,
                    overflowed = overflowed OR excluded.overflowed OR typeof(amount_sum + excluded.amount_sum) <> 'integer';

            """
    }
}
