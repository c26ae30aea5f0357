import Testing
@testable import BudgetKit

/// Categories and budgets observed like transactions (issue "One home per concept", item 4).
@Suite struct LiveCategoriesTests {
    let november = Month(year: 2026, month: 11)!
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    final class Recorder: LiveCategoriesDelegate {
        var changeSets: [CategoryChangeSet] = []
        var failures: [any Error] = []
        func liveCategories(_ categories: LiveCategories, didChangeContentWith changeSet: CategoryChangeSet) { changeSets.append(changeSet) }
        func liveCategories(_ categories: LiveCategories, didFailToSyncWith error: any Error) { failures.append(error) }
        func take() -> [CategoryChangeSet] {
            defer { changeSets = [] }
            return changeSets
        }
    }

    func makeStore(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        for name in ["Food", "Rent", "Travel"] {
            try store.addCategory(named: name, monthlyBudget: money("100"), from: Month(year: 2026, month: 1)!)
        }
        return store
    }

    @Test func eachWriteIsDeliveredAsTheChangeItIs() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveCategories(store: store, month: november)
        let recorder = Recorder()
        live.delegate = recorder
        var previous = live.categories
        func next() throws -> CategoryChangeSet {
            let changeSet = try #require(recorder.take().first)
            #expect(changeSet.applied(to: previous) == (try store.categories(in: november)))
            #expect(live.categories == (try store.categories(in: november)))
            previous = live.categories
            return changeSet
        }
        let added = try store.addCategory(named: "Books", monthlyBudget: money("20"), from: november)
        #expect(try next().insertions == [.init(index: 0, category: added)])
        try store.renameCategory(named: "Food", to: "Zoo")
        let moved = try next()
        #expect(moved.moves.map { ($0.from, $0.to, $0.category.name) }.first! == (1, 3, "Zoo"))
        try store.setBudget(money("150"), forCategory: "Rent", from: november)
        let budgeted = try next()
        #expect(budgeted.updates.map(\.category.monthlyBudget) == [money("150")])
        #expect(budgeted.budgetsChanged == [2])
        // A budget of another month: nothing this list shows changed, but the category is named.
        try store.setBudget(money("1"), forCategory: "Travel", onlyIn: Month(year: 2026, month: 3)!)
        let elsewhere = try next()
        #expect(elsewhere.updates.isEmpty && elsewhere.budgetsChanged == [3])
        try store.setRollover(true, forCategory: "Travel")
        #expect(try next().updates.map(\.category.rollover) == [true])
        try store.deleteCategory(named: "Books")
        #expect(try next().deletions == [.init(index: 0, id: added.id)])
        try store.addTransaction(amount: money("1"), category: "Rent")
        #expect(recorder.take().isEmpty, "a transaction changes no category")
    }

    @Test func aCategoryDeletedAndCreatedWithItsIdIsADeletionAndAnInsertion() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveCategories(store: store, month: november)
        let previous = live.categories
        let writer = try BudgetStore(path: store.path)
        try writer.writing {
            try writer.connection.run("DELETE FROM categories WHERE id = 3")
            try writer.connection.run("INSERT INTO categories (name, name_key) VALUES ('Trips', 'trips')")
        }
        #expect(try store.category(named: "Trips").id == 3)
        let changeSet = try #require(try live.processPendingChanges())
        #expect(changeSet.deletions == [.init(index: 2, id: 3)])
        #expect(changeSet.insertions.map(\.category.name) == ["Trips"])
        #expect(changeSet.applied(to: previous) == live.categories)
    }

    @Test func aBulkWriteNamesEveryCategoryAsChanged() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveCategories(store: store, month: november)
        #expect(sqliteShell(store.path, "INSERT INTO change_log (entity) VALUES ('reload');") == 0)
        let changeSet = try #require(try live.processPendingChanges())
        #expect(changeSet.budgetsChanged == [1, 2, 3])
        #expect(changeSet.deletions.isEmpty && changeSet.insertions.isEmpty)
    }

    @Test func anAutomaticSyncThatFailsTellsTheDelegate() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let source = FailingSource(try store.makeLiveReader())
        let live = try LiveCategories(store: store, month: november, source: source)
        let recorder = Recorder()
        live.delegate = recorder
        source.failOnce("categories")
        try store.renameCategory(named: "Rent", to: "Home")
        #expect(recorder.failures.count == 1 && live.lastSyncError != nil)
        #expect(live.categories.map(\.name) == ["Food", "Rent", "Travel"])
        let changeSet = try #require(try live.processPendingChanges())
        #expect(changeSet.moves.map(\.category.name) == ["Home"])
        #expect(live.lastSyncError == nil)
    }
}
