/// A row of a bank's CSV file that states the balance its rows start from rather than a
/// transaction, skipped by the import: Bank of America writes its first row as
/// `01/01/2026,Beginning balance as of 01/01/2026,,"1,234.56"`, with no amount and the balance
/// in the running balance's column.
///
/// Only the first row after the header is taken for one, and only with its amount empty and its
/// payee's cell (the bank's description) starting with `Beginning balance as of`, ignoring
/// case: any other row with an empty amount is an error. ``ImportReader/skippedBalanceRow``
/// and ``ImportSummary/skippedBalanceRow`` name it, so that a caller says which line was left
/// out and why.
public struct SkippedBalanceRow: Hashable, Sendable {
    /// The 1-based line of the row.
    public var line: Int
    /// The payee's cell as the file writes it (`Beginning balance as of 01/01/2026`).
    public var description: String

    /// Creates one.
    public init(line: Int, description: String) {
        self.line = line
        self.description = description
    }
}
