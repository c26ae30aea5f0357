/// How to read an imported file: its shape, which columns hold what, and how amounts are signed.
///
/// The defaults read exactly what `budget export --format csv` writes
/// (`id,date,amount,category,payee,note`, ISO dates, amounts in budget's own sign convention;
/// the `id` column is ignored). A bank's file needs a few options:
///
/// ```swift
/// var options = ImportOptions()
/// options.delimiter = ";"
/// options.dateColumn = ImportColumn("Buchungstag")
/// options.dateFormat = ImportDateFormat(pattern: "DD.MM.YYYY")!
/// options.amount = .signed(ImportColumn("Betrag"))
/// options.decimalComma = true
/// options.negate = true          // the bank writes money out as negative
/// options.payeeColumn = ImportColumn("Empfänger")
/// options.source = "giro"
/// ```
///
/// ## Signs
/// budget stores an amount positive in its category's direction: spending in an expense
/// category, money received in an income category; a refund is negative.
/// - A signed amount column without ``negate`` is already in that convention (as `budget export`
///   writes it) and is kept as is (``ImportRow/AmountConvention/stored``).
/// - With ``negate``, the signed column is the bank's money flow, money out negative and money
///   in positive (``ImportRow/AmountConvention/bank``): each amount is flipped into its
///   category's direction, so `-12.50` paid out becomes `12.50` spent in an expense category,
///   `2000.00` received stays `2000.00` in an income category, and `5.00` received in an expense
///   category is a `-5.00` refund.
/// - Debit and credit columns are a money flow too: money out (debit) is spending, money in
///   (credit) is income, or a refund when it lands in an expense category.
public struct ImportOptions: Hashable, Sendable {
    /// Where the amount is.
    public enum Amount: Hashable, Sendable {
        /// One signed column (see ``ImportOptions/negate`` for its sign).
        case signed(ImportColumn)
        /// Money out in one column, money in in another; either may be empty on a row. Banks
        /// write debits as `12.50` or `-12.50`: the sign is ignored, a debit is always money out
        /// and a credit always money in. When both are filled, the row is credit minus debit.
        case debitCredit(debit: ImportColumn, credit: ImportColumn)
    }

    /// The field separator, like `,`, `;` or a tab; `nil` (the default) to find it from the
    /// file's head (`,`, `;` or a tab) when the columns are the default ones, else `,`. One
    /// that is given is used as it is, a comma included.
    public var delimiter: Unicode.Scalar?
    /// Lines to skip, as raw text, before the header (a bank's preamble).
    public var skipLines = 0
    /// Whether the first record (after ``skipLines``) is a header. Without one, columns can only
    /// be named by number.
    public var hasHeader = true
    /// The date column; `date` by default.
    public var dateColumn = TransactionField.date.column
    /// How dates are written; `YYYY-MM-DD` by default.
    public var dateFormat = ImportDateFormat.iso
    /// The amount column or columns; a signed `amount` column by default.
    public var amount = Amount.signed(TransactionField.amount.column)
    /// The payee column; `nil` means a column named `payee` when the header has one, else none
    /// (every payee empty). A column that is set must exist.
    public var payeeColumn: ImportColumn? = nil
    /// The category column; `nil` means a column named `category` when the header has one.
    /// An empty cell leaves the category to the rules and ``defaultCategory``.
    public var categoryColumn: ImportColumn? = nil
    /// Ignore the file's category column even when the header has one (a bank's own categories,
    /// say), leaving every row to the rules and ``defaultCategory``.
    public var ignoresCategoryColumn = false
    /// The note column; `nil` means a column named `note` when the header has one.
    public var noteColumn: ImportColumn? = nil
    /// The column naming the kind of each row's category, `expense` or `income` (ignoring case
    /// and surrounding spaces; an empty cell says nothing); `nil` means a column named `kind`
    /// when the header has one. It is read only for rows whose category comes from the
    /// file's category column (so never with ``ignoresCategoryColumn``): a kind that
    /// contradicts the book's category is an error, since it would flip the meaning of the
    /// amount, and it is the kind ``createsMissingCategories`` gives a new category.
    public var kindColumn: ImportColumn? = nil
    /// Whether categories the file names and the book lacks are created (with the kind the
    /// file gives, else expense; a budget of 0 from the month of their earliest row; no
    /// rollover) instead of stopping the import. Off by default: a misspelt category is
    /// more often a mistake than a new one. Either way every missing name is found before
    /// anything is written.
    public var createsMissingCategories = false
    /// The category for rows that neither the file nor a rule puts in one.
    public var defaultCategory: String? = nil
    /// Whether amounts use a decimal comma (`1.234,56`): ``decimalSeparator`` is ``DecimalSeparator/comma``.
    /// Setting it off goes back to detecting.
    public var decimalComma: Bool {
        get { decimalSeparator == .comma }
        set { decimalSeparator = newValue ? .comma : .detect }
    }
    /// The decimal separator of amounts (`--decimal-comma`, `--decimal-point`): detected by
    /// default, each amount saying by itself (`4.75`, `1.234,56`, `$4.75`, `(3.00)`, `4.75-`
    /// are all read, see ``BankAmount``); an amount that could be read two ways (`1,234`) is an
    /// error naming the setting that settles it. OFX, CAMT and MT940 define their own.
    public var decimalSeparator = DecimalSeparator.detect
    /// The order of numeric dates' parts, for dates that are not `YYYY-MM-DD` while
    /// ``dateFormat`` is left at its default (`--date-order`): detected by default (see
    /// ``BankDate``: month names, two-digit years, date-times taken as their day); a date both
    /// orders fit (`03/04/2026`) is an error naming the setting. An explicit ``dateFormat``
    /// is used exactly instead.
    public var dateOrder = DateOrder.detect
    /// The file's format (`--file-format`), or `nil` to find it from the content, never from
    /// the name: CSV, OFX, QFX, QIF, CAMT.052/053/054 or MT940 (see ``BankFileFormat``).
    public var fileFormat: BankFileFormat? = nil
    /// The text encoding (`--encoding`), or `nil` to detect it (see ``TextEncoding``).
    public var encoding: TextEncoding? = nil
    /// Whether rows whose transaction was deleted after an earlier import come back (and their
    /// deletion is forgotten). Off by default: deleted stays deleted (see ``ImportSummary/ignored``).
    public var includesDeleted = false
    /// Whether the signed amount column is the bank's money flow, money out negative (see
    /// "Signs" above). Meaningful only with ``Amount/signed(_:)``: ``ImportMapper`` requires
    /// it to be off with debit and credit columns (the CLI reports that as a usage error).
    public var negate = false
    /// The scope of import keys, so that two cards' statements never collide: `default` unless
    /// set. It is deliberately not the file's name: next month's statement, under another name,
    /// overlaps this one, and its already imported rows must be recognised.
    public var source = "default"

    /// The account every row goes to, by name or number; `nil`: the account the file names in
    /// its `account` column (what `budget export` writes), else the default account. When set,
    /// the file's `account` column is ignored. A transfer (a row naming a `transfer_account`)
    /// leaves this account; with ``negate`` or debit and credit columns, money in is a transfer
    /// from the other account.
    public var account: String? = nil
    /// Whether the import may change a balance a reconciliation vouches for: add a row that
    /// moves money on or before its account's last reconciliation, or replace a pending row a
    /// reconciliation covers by a posted row of another day or amount.
    public var reconciled = ReconciledChanges.refuse

    /// The defaults: what `budget export --format csv` writes.
    public init() {}
}
