import Testing
@testable import BudgetKit

/// Issue 10, item 8: live lists filter by account, and LiveAccounts keeps every balance current
/// through writes of this store and of another connection.
@Suite struct LiveAccountsTests {
    final class Recorder: LiveAccountsDelegate {
        var changeSets: [AccountChangeSet] = []
        func liveAccounts(_ accounts: LiveAccounts, didChangeContentWith changeSet: AccountChangeSet) { changeSets.append(changeSet) }
    }

    func balances(_ live: LiveAccounts) -> [String] { live.accounts.map { "\($0.account.name) \($0.balance)" } }

    @Test func liveAccountsFollowTransactionsTransfersAndAccountsFromAnyConnection() throws {
        let book = try AccountBook()
        let store = book.store
        let live = try LiveAccounts(store: store, on: day("2026-11-30"))
        let recorder = Recorder()
        live.delegate = recorder
        #expect(balances(live) == ["Checking 0.00", "Savings 1000.00", "Visa 0.00"])
        try store.transfer(amount: money("100"), from: "Checking", to: "Savings", date: day("2026-11-05"))
        #expect(balances(live) == ["Checking -100.00", "Savings 1100.00", "Visa 0.00"])
        #expect(recorder.changeSets.last?.updates.map(\.account.account.name) == ["Checking", "Savings"])
        // Another connection, as another process would.
        let other = try BudgetStore(path: book.dir.file("budget.sqlite3"))
        try other.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-06"), account: "Visa")
        try other.addAccount(named: "Cash", kind: .cash)
        #expect(try live.processPendingChanges() != nil)
        #expect(balances(live) == ["Cash 0.00", "Checking -100.00", "Savings 1100.00", "Visa -40.00"])
        // A transaction after the day changes no balance shown: nothing to tell.
        let heard = recorder.changeSets.count
        try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-12-01"))
        #expect(recorder.changeSets.count == heard)
        try store.setDefaultAccount(named: "Savings")
        try store.closeAccount(named: "Cash")
        #expect(balances(live) == ["Checking -100.00", "Savings 1100.00", "Visa -40.00"])
        live.cancel()
    }

    @Test func aLiveListFiltersByAccountIdAndFollowsItsRename() throws {
        let book = try AccountBook()
        let store = book.store
        let live = try LiveTransactions(store: store, request: TransactionRequest(filter: TransactionFilter(account: "Savings")))
        #expect(live.count == 0)
        let move = try store.transfer(amount: money("100"), from: "Checking", to: "Savings", date: day("2026-11-05"))
        try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-11-06"))
        let interest = try store.addTransaction(amount: money("2"), category: "Salary", date: day("2026-11-07"), account: "savings")
        #expect((0..<live.count).map { live[$0].id } == [move.id, interest.id])
        try store.renameAccount(named: "Savings", to: "Rainy day")
        try store.addTransaction(amount: money("3"), category: "Salary", date: day("2026-11-08"), account: "Rainy day")
        #expect(live.count == 3)
        #expect(live[2].account == "Rainy day")
    }
}
