/// A row of a bank file skipped as already imported by its bank id (OFX `FITID`, CAMT
/// `AcctSvcrRef`, MT940's bank reference), although the transaction holding that id has another
/// day or amount: the bank gave the id to another transaction, or changed the row, or the
/// transaction was edited since.
///
/// The row is not imported: a bank id names one transaction (OFX 1.0.2, 3.2.1: a client takes a
/// `FITID` it has seen for that transaction), and importing it would double every row a bank
/// re-sends with a corrected amount. It is reported instead, both sides shown, so a person can
/// add it when it is another transaction. Pending rows, transfers and splits are not compared.
public struct ReusedBankID: Hashable, Sendable {
    /// The row's line in the file.
    public var line: Int
    /// The row's day.
    public var date: Day
    /// The row's amount, in the direction of the transaction's category (as that transaction's
    /// amount is stored, so the two compare).
    public var amount: Money
    /// The row's payee.
    public var payee: String
    /// The transaction imported before with the same bank id.
    public var transaction: Transaction

    /// Creates one.
    public init(line: Int, date: Day, amount: Money, payee: String, transaction: Transaction) {
        self.line = line
        self.date = date
        self.amount = amount
        self.payee = payee
        self.transaction = transaction
    }
}

extension ImportStaging {
    /// Staged rows keyed by a bank id that a transaction imported before (`?1`: ids up to it)
    /// holds with another day or money flow: their line, day, flow and payee, and its id.
    static let reusedBankIDs = """
        SELECT s.line, s.date, \(dryRunFlow), coalesce(s.clean_payee, s.payee), t.id
        FROM temp.import_staging AS s CROSS JOIN transactions AS t ON t.import_key = s.import_key
        WHERE s.bank_key AND NOT s.pending AND s.split_group IS NULL AND s.transfer_account_id IS NULL
            AND t.id <= ?1 AND t.transfer_account_id IS NULL AND t.category_id IS NOT NULL
            AND (t.date <> s.date OR \(dryRunFlow)
                 <> CASE (SELECT c.kind FROM categories AS c WHERE c.id = t.category_id) WHEN 'income' THEN t.amount ELSE -t.amount END)
        ORDER BY s.rowid
        """

    /// The rows ``reusedBankIDs`` finds, each with the transaction holding its id.
    ///
    /// - Complexity: nothing without rows keyed by a bank id; else one lookup of the key index
    ///   per such row.
    func reusedBankIDs(maxID: Int64) throws -> [ReusedBankID] {
        guard bankKeyRows > 0 else { return [] }
        enum Column: Int32, SelectedColumns { case line, date, flow, payee, id }
        let rows = try connection.prepare(Self.reusedBankIDs).map([.integer(maxID)]) {
            (line: Int($0.int64(Column.line)), date: $0.day(Column.date), flow: $0.money(Column.flow), payee: $0.text(Column.payee),
             id: $0.int64(Column.id))
        }
        return try rows.map { row in
            let transaction = try store.fetchTransaction(id: row.id)
            let amount = transaction.kind == .income ? row.flow : -row.flow
            return ReusedBankID(line: row.line, date: row.date, amount: amount, payee: row.payee, transaction: transaction)
        }
    }
}
