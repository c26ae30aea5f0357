import Testing
@testable import BudgetKit

/// `check` knows the rules of accounts, transfers, splits and reconciliations (issue 10):
/// damage written by hand is found and named, and looking changes nothing.
@Suite struct AccountCheckTests {
    /// The account book with a split (1: Food 60.00 + Household 22.40), a transfer (2) and a
    /// reconciliation of Checking; healthy.
    func book(_ dir: TemporaryDirectory) throws -> String {
        let book = try AccountBook(dir: dir)
        try book.store.addTransaction(amount: money("82.40"), splits: [SplitPart(category: "Food", amount: money("60")),
                                                                        SplitPart(category: "Household", amount: money("22.40"))],
                                      date: day("2026-11-14"))
        try book.store.transfer(amount: money("500"), from: "Checking", to: "Savings", date: day("2026-11-15"))
        _ = try book.store.reconcile(account: "Checking", statementBalance: money("-582.40"), on: day("2026-11-20"))
        #expect(try book.store.check() == [])
        return dir.file("budget.sqlite3")
    }

    static let damage: [(sql: String, problems: [BookProblem])] = [
        ("UPDATE accounts SET name_key = 'VISA' WHERE name = 'Visa'",
         [.wrongAccountKey(accountID: 3, column: "name_key", stored: "VISA", expected: "visa")]),
        ("UPDATE accounts SET number_key = NULL WHERE name = 'Visa'",
         [.wrongAccountKey(accountID: 3, column: "number_key", stored: "NULL", expected: "DE12345678")]),
        ("UPDATE accounts SET type = 'bank' WHERE id = 2", [.damaged("CHECK constraint failed in accounts"), .invalidAccountType(accountID: 2, type: "bank")]),
        ("UPDATE accounts SET closed_on = 'soon' WHERE id = 2", [.invalidAccountDate(accountID: 2, column: "closed_on", value: "soon")]),
        ("UPDATE accounts SET is_default = 0", [.noDefaultAccount]),
        ("UPDATE accounts SET opening_date = '2026-12-01', closed_on = '2026-12-01' WHERE id = 2",
         [.openingOnOrAfterClosing(accountID: 2, openingDate: Day(iso: "2026-12-01")!, closedOn: Day(iso: "2026-12-01")!)]),
        ("UPDATE accounts SET opening_date = '2026-11-30', closed_on = '2026-12-01' WHERE id = 2", []),
        ("UPDATE transaction_splits SET amount = 2300 WHERE position = 1",
         [.splitDoesNotSum(transactionID: 1, amount: 8240, parts: 4540)]),
        ("UPDATE transaction_splits SET category_id = 3 WHERE position = 1", [.splitMixesKinds(transactionID: 1)]),
        ("UPDATE transaction_splits SET date = '2026-11-13' WHERE position = 1", [.splitDateDiffers(transactionID: 1, position: 1)]),
        ("DELETE FROM transaction_splits", [.uncategorizedTransaction(transactionID: 1)]),
        ("INSERT INTO transaction_splits VALUES (2, 0, 1, 500, '', '2026-11-15')", [.partsOfUnsplitTransaction(transactionID: 2)]),
        ("UPDATE transactions SET reconciled_on = 'yes' WHERE id = 2",
         [.invalidReconciliationDate(table: "transactions", rowID: 2, value: "yes")]),
        ("UPDATE transactions SET account_id = 9 WHERE id = 2", [.missingReference(table: "transactions", rowID: 2, parentTable: "accounts")]),
    ]

    @Test(arguments: AccountCheckTests.damage)
    func damageToAccountsSplitsAndReconciliationsIsFoundAndNamed(sql: String, problems: [BookProblem]) throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        #expect(sqliteShell(path, "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON; \(sql);") == 0)
        let before = tableDump(path)
        #expect(try BudgetStore.check(bookAt: path) == problems)
        #expect(tableDump(path) == before)
    }
}
