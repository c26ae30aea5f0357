/// How a bank's CSV file was read when no column was named: which line is the header, and
/// which columns hold what. ``ImportReader/layout`` gives it once the header is found; a dry
/// run shows it.
///
/// It is found only when every column option is left at its default (``ImportOptions/negate``
/// may be given: it says what a recognised layout assumes anyway) and the first line is not
/// budget's own header (`date` and `amount` as `budget export` writes them, with `category` or
/// only the export's columns: ``ImportMapper/isOwnHeader(_:)``): then the lines before
/// the header (a bank's preamble: account, period, balance) are skipped, up to
/// ``CSVLayout/preambleLimit``, and the header is the first line naming a date column and an
/// amount column (or a debit and a credit column) in English, German or French
/// (``CSVHeaderRecognizer``). Its amounts are the bank's money flow (money out negative, as
/// with ``ImportOptions/negate``).
public struct CSVLayout: Hashable, Sendable {
    /// The field separator found (`,`, `;` or a tab).
    public var delimiter: Unicode.Scalar
    /// The header's line.
    public var headerLine: Int
    /// The date column's header text.
    public var date: String
    /// The signed amount column's header text, or `nil` with debit and credit columns.
    public var amount: String?
    /// The debit (money out) and credit (money in) columns' header texts.
    public var debit: String?
    /// The credit column's header text.
    public var credit: String?
    /// The payee's column (the other party of money out, or of both).
    public var payee: String?
    /// The payer's column, beside the payee's: the other party of money in.
    public var payer: String?
    /// The category's column: the bank's own names, which the book must have
    /// (``ImportOptions/createsMissingCategories`` creates them); `nil` without one, and with
    /// ``ImportOptions/ignoresCategoryColumn``.
    public var category: String?
    /// The note's column.
    public var note: String?
    /// The status column (`pending` rows).
    public var status: String?
    /// The header text of the column saying which way a signless amount went (`S` or `H`;
    /// Mint's `Transaction Type`, `debit` or `credit`); `nil` when it has none (the unnamed
    /// column after the amount).
    public var sign: String?
    /// That column's number, from 1, named or not.
    public var signColumn: Int?

    /// Lines searched for the header at most.
    public static let preambleLimit = 50

    /// Creates a layout.
    public init(delimiter: Unicode.Scalar, headerLine: Int, date: String, amount: String? = nil, debit: String? = nil,
                credit: String? = nil, payee: String? = nil, payer: String? = nil, category: String? = nil, note: String? = nil, status: String? = nil,
                sign: String? = nil, signColumn: Int? = nil) {
        self.delimiter = delimiter
        self.headerLine = headerLine
        self.date = date
        self.amount = amount
        self.debit = debit
        self.credit = credit
        self.payee = payee
        self.payer = payer
        self.category = category
        self.note = note
        self.status = status
        self.sign = sign
        self.signColumn = signColumn
    }
}
