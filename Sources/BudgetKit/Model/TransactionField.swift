/// The fields of a transaction record, in the order `budget export` writes them.
///
/// One home for their names: each raw value is the CSV header and the JSON key every output
/// writes, and the column `budget import` reads back by default, so an export imports into an
/// empty book with nothing to map (``ImportOptions``). The `id` column is written, never read
/// back: an import gives rows new ids. So are `reconciled` (the statement day of `account`'s
/// reconciliation that covered the row) and `transfer_reconciled` (a transfer's, of
/// `transfer_account`'s): a reconciliation belongs to the book it was made in.
///
/// A transfer has no category, kind `transfer`, and names the account it reaches in
/// `transfer_account`. A split is written as one record per part, in order: each holds the
/// part's category, amount and note (`split_note`), the transaction's date, payee, note and
/// account, and `split` = `POSITION/COUNT` (`1/2`, `2/2`).
public enum TransactionField: String, CaseIterable, Hashable, Sendable {
    case id, date, amount, category, payee, note, kind, account
    case transferAccount = "transfer_account"
    case split
    case splitNote = "split_note"
    case reconciled
    case transferReconciled = "transfer_reconciled"

    /// The header a file's column is found by.
    public var column: ImportColumn { .named(rawValue) }
}
