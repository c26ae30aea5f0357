#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

@Suite struct HistoryTests {
    @Test func everyWriteRecordsOneEntryWithItsCommandDeviceAndChanges() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        store.command = "budget add-category Food 300"
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        store.command = "budget add 12.50 Food"
        try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch", date: day("2026-01-05"))
        store.command = "budget edit 1 --amount 13"
        try store.editTransaction(id: 1, TransactionChanges(amount: money("13")))
        let entries = try store.history()
        #expect(entries.map(\.command) == ["budget edit 1 --amount 13", "budget add 12.50 Food", "budget add-category Food 300"])
        #expect(entries.map(\.id) == [3, 2, 1])
        #expect(Set(entries.map(\.deviceName)).count == 1)
        #expect(entries[0].clock > entries[1].clock && entries[1].clock > entries[2].clock)
        let edit = try #require(entries[0].changes.first)
        #expect(edit.table == "transactions" && edit.operation == .changed)
        #expect(edit.key == [HistoryField(column: "id", before: nil, after: .integer(1))])
        #expect(edit.fields == [HistoryField(column: "amount", before: .integer(1250), after: .integer(1300))])
        let add = try #require(entries[1].changes.first { $0.table == "transactions" })
        #expect(add.operation == .added)
        #expect(add.fields.first { $0.column == "payee" } == HistoryField(column: "payee", before: nil, after: .text("Lunch")))
        #expect(try store.history(limit: 1).map(\.id) == [3])
    }

    @Test func aWriteThatChangesNothingRecordsNothing() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let count = try store.history().count
        try store.renameCategory(named: "Food", to: "Food")
        try store.editTransaction(id: 1, TransactionChanges(amount: money("12.50")))
        #expect(try store.history().count == count)
    }

    @Test func aRefusedWriteRecordsNothing() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.unknownCategory("Nope")) {
            try store.addTransaction(amount: money("1"), category: "Nope")
        }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func aDeletedRowShowsItsValuesBefore() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        try store.deleteTransactions(ids: [2])
        let change = try #require(try store.history(limit: 1).first?.changes.first { $0.table == "transactions" })
        #expect(change.operation == .deleted)
        #expect(change.fields.first { $0.column == "payee" } == HistoryField(column: "payee", before: .text("Pens"), after: nil))
    }

    @Test func aCopiedBookTakesANewDeviceAndKeepsItsClock() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let first = try #require(try store.history(limit: 1).first)
        #expect(system("cp '\(dir.file("budget.sqlite3"))' '\(dir.file("copy.sqlite3"))'") == 0)
        let copy = try dir.store("copy.sqlite3")
        try copy.addCategory(named: "Copied", monthlyBudget: money("1"))
        let copied = try #require(try copy.history(limit: 1).first)
        #expect(copied.clock.device != first.clock.device)
        #expect(copied.clock.milliseconds >= first.clock.milliseconds)
        try store.addCategory(named: "Original", monthlyBudget: money("1"))
        #expect(try store.history(limit: 1).first?.clock.device == first.clock.device)
    }

    @Test func theMigrationAddsHistoryToAVersion1BookAndKeepsItsRows() throws {
        let dir = TemporaryDirectory()
        let path = copyOfFixtureBook("book-v1.sqlite3", in: dir)
        let store = try BudgetStore(path: path)
        #expect(try store.history().isEmpty)
        let transactions = try store.transactions()
        store.command = "budget add"
        try store.addTransaction(amount: money("1"), category: transactions[0].category, date: day("2026-01-01"))
        #expect(try store.history().count == 1)
        try store.undo()
        #expect(try store.transactions() == transactions)
    }

    @Test func pruningDropsOldEntriesOnly() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let count = try store.history().count
        #expect(try store.pruneHistory(before: day("2000-01-01")) == 0)
        #expect(try store.history().count == count)
        #expect(try store.pruneHistory(before: Day.today().adding(days: 1)) == count)
        #expect(try store.history().isEmpty)
        #expect(throws: BudgetError.nothingToUndo) { try store.undo() }
    }
}
