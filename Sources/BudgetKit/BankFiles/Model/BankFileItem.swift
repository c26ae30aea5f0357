/// What ``BankFileReader/next()`` gives: statements' starts and ends around their entries.
///
/// Every entry comes between its statement's start and end; a file may hold several
/// statements (OFX with two accounts, MT940 with several days, CAMT with several `Stmt`).
public enum BankFileItem: Hashable, Sendable {
    /// A statement starts: its account and currency, and the balances written before its
    /// entries (CAMT's), with ``BankStatement/entryCount`` zero.
    case statementStart(BankStatement)
    /// An entry of the current statement.
    case entry(BankEntry)
    /// The current statement ends, complete.
    case statementEnd(BankStatement)
}
