import BudgetKit

/// How far the book's balance is from a bank statement's, in words that cannot be read the
/// wrong way round: `5.10 above the statement`, `1500.00 below the statement`.
///
/// Every message that compares the book with a statement (`reconcile`, `import`'s opening and
/// closing balances) says it this way. A bare signed "difference" was statement minus book in
/// one and book minus statement in the other, and a person fixing the book could not tell
/// from the sign alone which way to go.
enum StatementGap {
    /// `86.00 above the statement` when the book has more than the statement, `... below ...`
    /// when it has less; never called with equal balances (they agree: nothing to say). A gap
    /// too large for 64 bits is named without its amount.
    static func words(book: Money, statement: Money) -> String {
        (amount(book: book, statement: statement).map { "\($0) " } ?? "") + (book > statement ? "above" : "below") + " the statement"
    }

    /// How far apart the two balances are, positive; `nil` when that does not fit in 64 bits.
    static func amount(book: Money, statement: Money) -> Money? {
        book > statement ? try? book.subtracting(statement) : try? statement.subtracting(book)
    }
}
