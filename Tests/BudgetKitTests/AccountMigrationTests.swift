import Testing
@testable import BudgetKit

/// Issue 10, item 7: schema 4 migrates a book made by budget 0.1.0 in place, in one
/// transaction: every row kept with its id and import key, all in the default account; a
/// failed migration leaves the file as it was; a newer book is refused.
@Suite struct AccountMigrationTests {
    @Test func everyTransactionOfAVersion1BookKeepsItsIdAndKeyAndGoesToTheDefaultAccount() throws {
        let dir = TemporaryDirectory()
        let path = copyOfFixtureBook("book-v1.sqlite3", in: dir)
        let release = tableDump(path, asRelease: true)
        let store = try BudgetStore(path: path)
        #expect(try store.connection.int64("PRAGMA user_version") == Int64(Schema.migrator.latestVersion))
        // The rows 0.1.0 wrote, column for column, ids and import keys included.
        #expect(tableDump(path, asRelease: true) == release)
        #expect(try store.allAccounts(includingClosed: true) == [Account(id: 1, name: "Main", kind: .checking, isDefault: true)])
        let transactions = try store.transactions()
        #expect(transactions.count == 13)
        #expect(transactions.allSatisfy { $0.account == "Main" && !$0.isTransfer && !$0.isSplit && !$0.isReconciled })
        #expect(try store.connection.prepare("SELECT count(*) FROM transactions WHERE account_id = 1 AND transfer_account_id IS NULL AND reconciled_on IS NULL")
                    .map { $0.int64(0) } == [13])
        #expect(try store.connection.int64("SELECT count(*) FROM transaction_splits") == 0)
        // Main's balance is all income minus all spending: the book's net since it began.
        let net = transactions.reduce(Money.zero) { $0 + ($1.kind == .income ? $1.amount : .zero - $1.amount) }
        #expect(try store.accounts(on: day("2026-12-31")).map(\.balance) == [net])
        #expect(try store.check() == [])
    }

    @Test func aFailedMigrationLeavesTheVersion1BookUntouched() throws {
        let dir = TemporaryDirectory()
        let path = copyOfFixtureBook("book-v1.sqlite3", in: dir)
        // A table of the user's own, made with the sqlite3 shell, in the way of schema 4.
        #expect(sqliteShell(path, "CREATE TABLE accounts (x); INSERT INTO accounts VALUES ('mine');") == 0)
        checkpoint(path)
        let before = fileBytes(path)
        #expect(throws: (any Error).self) { try BudgetStore(path: path) }
        checkpoint(path)
        #expect(fileBytes(path) == before)
        #expect(shellOutput("sqlite3 -readonly '\(path)' 'PRAGMA user_version; SELECT * FROM accounts;'") == "1\nmine\n")
    }

    @Test func aBookFromANewerVersionIsRefusedAndLeftAlone() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        _ = try BudgetStore(path: path)
        #expect(sqliteShell(path, "PRAGMA user_version = 99;") == 0)
        checkpoint(path)
        let before = fileBytes(path)
        #expect(throws: BudgetError.newerDatabase(path: path, version: 99, supported: Schema.migrator.latestVersion)) { try BudgetStore(path: path) }
        #expect(fileBytes(path) == before)
    }
}
