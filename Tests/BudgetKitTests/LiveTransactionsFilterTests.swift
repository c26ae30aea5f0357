import Testing
@testable import BudgetKit

/// A list filtered by category holds the category's id, resolved once (issue "Trust", item 21).
@Suite struct LiveTransactionsFilterTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// Food and Rent, three Rent rows and two Food rows, and a list of Rent's.
    func makeRentList(_ dir: TemporaryDirectory) throws -> (BudgetStore, LiveTransactions, ChangeRecorder) {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"))
        for (index, category) in ["Rent", "Food", "Rent", "Food", "Rent"].enumerated() {
            try store.addTransaction(amount: money("\(index + 1)"), category: category, date: Day(iso: "2026-03-0\(index + 1)")!)
        }
        let live = try LiveTransactions(store: store, request: TransactionRequest(filter: TransactionFilter(category: "rent")))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        return (store, live, recorder)
    }

    /// Makes every live list of the store fetch again, as a bulk import does.
    func forceReload(_ store: BudgetStore, _ live: LiveTransactions) throws {
        #expect(sqliteShell(store.path, "INSERT INTO change_log (entity) VALUES ('reload');") == 0)
        try live.processPendingChanges()
    }

    @Test func aRenamedCategoryKeepsItsRowsThroughTheRenameAndAReload() throws {
        let dir = TemporaryDirectory()
        let (store, live, recorder) = try makeRentList(dir)
        try store.renameCategory(named: "Rent", to: "Home")
        #expect(recorder.take().first?.updates.map(\.transaction.category) == ["Home", "Home", "Home"])
        try forceReload(store, live)
        #expect(recorder.take().map(\.isReload) == [true])
        #expect(live.lastSyncError == nil)
        #expect(live.map(\.amount) == [money("1"), money("3"), money("5")])
        #expect(live.map(\.category) == ["Home", "Home", "Home"])
    }

    @Test func aNewCategoryThatTakesTheOldNameIsNotFollowed() throws {
        let dir = TemporaryDirectory()
        let (store, live, recorder) = try makeRentList(dir)
        try store.renameCategory(named: "Rent", to: "Home")
        try store.addCategory(named: "Rent", monthlyBudget: money("10"))
        try store.addTransaction(amount: money("99"), category: "Rent")
        #expect(live.count == 3)
        try forceReload(store, live)
        #expect(recorder.take().last?.isReload == true)
        #expect(live.map(\.category) == ["Home", "Home", "Home"])
    }

    @Test func deletingTheFilteredCategoryEmptiesTheList() throws {
        let dir = TemporaryDirectory()
        let (store, live, recorder) = try makeRentList(dir)
        let before = try live.snapshot()
        try store.deleteCategory(named: "Rent", .moveTransactions(to: "Food"))
        let changeSet = try #require(recorder.take().first)
        #expect(changeSet.deletions.count == 3)
        #expect(changeSet.applied(to: before)?.transactions == [])
        try forceReload(store, live)
        #expect(live.isEmpty)
        try store.addCategory(named: "Rent", monthlyBudget: money("10"))
        try store.addTransaction(amount: money("99"), category: "Rent")
        #expect(live.isEmpty)
    }

    @Test func aCategoryCreatedWithTheDeletedCategorysIdIsNotFollowed() throws {
        let dir = TemporaryDirectory()
        let (store, live, recorder) = try makeRentList(dir)
        let writer = try BudgetStore(path: store.path)
        // In one transaction: Rent's rows move to Food, Rent goes, and SQLite gives its id (the
        // highest) to the new category, which gets a row.
        try writer.writing {
            try writer.connection.run("UPDATE transactions SET category_id = 1 WHERE category_id = 2")
            try writer.connection.run("DELETE FROM categories WHERE id = 2")
            try writer.connection.run("INSERT INTO categories (name, name_key) VALUES ('Rent', 'rent')")
            try writer.connection.run("INSERT INTO transactions (date, amount, category_id) VALUES ('2026-04-01', 1, 2)")
        }
        #expect(try store.category(named: "Rent").id == 2)
        try live.processPendingChanges()
        #expect(live.isEmpty)
        #expect(recorder.take().first?.isReload == true, "the new category has rows: the list fetched again, empty")
        try store.addTransaction(amount: money("2"), category: "Rent")
        #expect(live.isEmpty)
    }

    @Test func aFilterByCategoryIDListsTheSameRowsAsOneByName() throws {
        let dir = TemporaryDirectory()
        let (store, live, _) = try makeRentList(dir)
        let rent = try store.category(named: "Rent")
        let byID = TransactionFilter(categoryID: rent.id)
        #expect(try store.transactions(matching: byID) == (try store.transactions(matching: TransactionFilter(category: "Rent"))))
        #expect(try LiveTransactions(store: store, request: TransactionRequest(filter: byID)).snapshot() == (try live.snapshot()))
        // Both given: both must hold.
        #expect(try store.transactions(matching: TransactionFilter(category: "Food", categoryID: rent.id)).isEmpty)
    }
}
