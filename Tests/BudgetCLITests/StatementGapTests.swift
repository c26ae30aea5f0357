import BudgetKit
import Testing
@testable import BudgetCLI

/// How far the book is from a statement, in words: never a bare signed number.
@Suite struct StatementGapTests {
    static let cases: [(Int64, Int64, String)] = [
        (240_510, 240_000, "5.10 above the statement"),
        (240_460, 240_510, "0.50 below the statement"),
        // A card's debt: the book keeps it negative, the statement shows it positive.
        (-8_240, 8_240, "164.80 below the statement"),
        (0, -150_000, "1500.00 above the statement"),
        // A gap that does not fit in 64 bits is named without its amount.
        (.max, -1, "above the statement"),
        (.min, 1, "below the statement"),
    ]

    @Test(arguments: cases)
    func theBookIsSaidToBeAboveOrBelowTheStatement(book: Int64, statement: Int64, words: String) {
        #expect(StatementGap.words(book: Money(minorUnits: book), statement: Money(minorUnits: statement)) == words)
    }
}
