#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

@Suite struct UndoTests {
    @Test(arguments: WriteKind.allCases)
    func undoingAWriteRestoresEveryTableAndRedoingMakesItAgain(kind: WriteKind) throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        try kind.prepare(store)
        let before = try dumpOfBook(store)
        try kind.run(on: store)
        let after = try dumpOfBook(store)
        #expect(after != before)
        let written = try #require(try store.history(limit: 1).first)
        #expect(written.command == "budget \(kind)")
        store.command = "budget undo"
        #expect(try store.undo().id == written.id)
        #expect(try dumpOfBook(store) == before)
        store.command = "budget redo"
        try store.redo()
        #expect(try dumpOfBook(store) == after)
        try store.undo()
        #expect(try dumpOfBook(store) == before)
        let kinds = try store.history(limit: 3).map(\.kind)
        #expect(kinds.count == 3)
        guard case .undo = kinds[0], case .redo = kinds[1], case .undo(of: written.id) = kinds[2] else {
            Issue.record("undo, redo, undo expected: \(kinds)")
            return
        }
    }

    @Test func aRealWrittenInTheShellComesBackBitForBitAsARealWhenADeleteIsUndone() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let added = try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-02-01"))
        let path = dir.file("budget.sqlite3")
        // A REAL the shell wrote by hand (budget never writes one): 0.1 has no exact binary form.
        #expect(sqliteShell(path, "UPDATE transactions SET amount = 0.1 WHERE id = \(added.id);") == 0)
        let before = shellOutput("sqlite3 '\(path)' \"SELECT typeof(amount), hex(CAST(amount AS BLOB)), quote(amount) FROM transactions WHERE id = \(added.id)\"")
        try store.deleteTransactions(ids: [added.id])
        try store.undo()
        let after = shellOutput("sqlite3 '\(path)' \"SELECT typeof(amount), hex(CAST(amount AS BLOB)), quote(amount) FROM transactions WHERE id = \(added.id)\"")
        #expect(before.hasPrefix("real|"))
        #expect(after == before)
    }

    @Test func undoingAnOlderEntryLeavesLaterWritesOnOtherRows() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        try store.addCategory(named: "Travel", monthlyBudget: money("80"))
        let travel = try #require(try store.history(limit: 1).first).id
        try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-02-01"))
        try store.undo(entry: travel)
        #expect(throws: BudgetError.unknownCategory("Travel")) { try store.category(named: "Travel") }
        #expect(try store.transactions().count == 6)
    }

    @Test func anUndoThatMeetsALaterEditRefusesNamingItAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        try store.editTransaction(id: 1, TransactionChanges(amount: money("13")))
        let edit = try #require(try store.history(limit: 1).first).id
        try store.editTransaction(id: 1, TransactionChanges(amount: money("15")))
        let before = try dumpOfEveryTable(store)
        let conflict = HistoryConflict(kind: .changed, table: "transactions",
                                       key: [HistoryField(column: "id", before: nil, after: .integer(1))],
                                       fields: [HistoryField(column: "amount", before: .integer(1300), after: .integer(1500))])
        #expect(throws: BudgetError.historyConflicts(id: edit, [conflict])) { try store.undo(entry: edit) }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func undoingACategoryWhoseTransactionsCameLaterRefuses() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        try store.addCategory(named: "Travel", monthlyBudget: money("80"))
        let added = try #require(try store.history(limit: 1).first).id
        try store.addTransaction(amount: money("5"), category: "Travel", date: day("2026-02-01"))
        let before = try dumpOfEveryTable(store)
        #expect {
            try store.undo(entry: added)
        } throws: { error in
            guard case BudgetError.historyConflicts(added, let conflicts) = error else { return false }
            return conflicts.map(\.kind) == [.brokenReference]
        }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func undoingTwiceWalksBackAndAnUndoneEntryCannotBeUndoneAgain() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let entries = try store.history(limit: 2)
        #expect(try store.undo().id == entries[0].id)
        #expect(try store.undo().id == entries[1].id)
        let undo = try #require(try store.history(limit: 1).first).id
        #expect(throws: BudgetError.alreadyUndone(id: entries[1].id, by: undo)) { try store.undo(entry: entries[1].id) }
        #expect(throws: BudgetError.unknownHistoryEntry(999)) { try store.undo(entry: 999) }
        try store.redo()
        try store.redo()
        #expect(throws: BudgetError.nothingToRedo) { try store.redo() }
    }

    @Test func undoneChangesReachTheChangeLogThroughTheTriggers() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let added = try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-02-01"))
        let seen = try store.connection.int64("SELECT max(seq) FROM change_log") ?? 0
        try store.undo()
        let logged = try store.connection.prepare("SELECT entity, row_id FROM change_log WHERE seq > ?").map([.integer(seen)]) {
            "\($0.text(0)) \($0.int64(1))"
        }
        #expect(logged.contains("transaction \(added.id)"))
    }
}
