/// A row of a bank's CSV file that states a balance rather than a transaction, skipped by the
/// import and named, so that a caller says which line was left out and why
/// (``ImportReader/skippedBalanceRows``, ``ImportSummary/skippedBalanceRows``).
///
/// Two kinds are known (``Kind``):
/// - Bank of America writes its first row as
///   `01/01/2026,Beginning balance as of 01/01/2026,,"1,234.56"`, with no amount and the
///   balance in the running balance's column. Only the first row after the header is taken for
///   one, and only with its amount empty and its payee's cell (the bank's description) starting
///   with `Beginning balance as of`, ignoring case: any other row with an empty amount is an
///   error.
/// - A German cooperative bank (Volksbank, Raiffeisenbank) writes after its rows the
///   statement's opening and closing balances, `"01.11.2026";;;;;"Anfangssaldo";"EUR";"1.500,00";"H"`:
///   a line of a bank's file (``CSVLayout``) with no payee and a cell that is `Anfangssaldo` or
///   `Endsaldo`, ignoring case, whatever else it holds and wherever it stands in the file. (The
///   line of empty cells such a bank writes before them holds nothing and is passed over
///   without a word.)
public struct SkippedBalanceRow: Hashable, Sendable {
    /// Which balance a row states, and so why it holds no transaction.
    public enum Kind: Hashable, Sendable {
        /// The balance the rows start from, in a row whose amount is empty (Bank of America's
        /// `Beginning balance as of 01/01/2026`).
        case beginningBalance
        /// A statement's opening or closing balance, in a line whose amount column holds the
        /// balance (a cooperative bank's `Anfangssaldo`, `Endsaldo`), wherever it stands in the
        /// file: the bank writes such lines after its rows, and one before or among them is
        /// skipped the same.
        case statementBalance
    }

    /// The 1-based line of the row.
    public var line: Int
    /// The cell naming the balance, as the file writes it with surrounding spaces trimmed: the
    /// payee's cell (`Beginning balance as of 01/01/2026`), or the cell holding the word
    /// (`Anfangssaldo`).
    public var description: String
    /// Which balance it states.
    public var kind: Kind

    /// Creates one.
    public init(line: Int, description: String, kind: Kind) {
        self.line = line
        self.description = description
        self.kind = kind
    }
}
