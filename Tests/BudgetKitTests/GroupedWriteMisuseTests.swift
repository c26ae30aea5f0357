import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Review 56 finding 6: undo, redo, sync and pruning the history are whole operations of their
/// own. Called inside a grouped write (`store.write { }`, `SharedStore.write`), they stopped the
/// process with a precondition failure; they now throw ``BudgetError/insideGroupedWrite(operation:)``,
/// change nothing, and the group goes on.
@Suite struct GroupedWriteMisuseTests {
    enum WholeOperation: String, CaseIterable {
        case undo, redo, sync, pruneHistory

        func run(on store: BudgetStore, syncFolder: String) throws {
            switch self {
            case .undo: _ = try store.undo()
            case .redo: _ = try store.redo()
            case .sync: _ = try store.sync(folder: syncFolder)
            case .pruneHistory: _ = try store.pruneHistory(before: Day(iso: "2999-01-01")!)
            }
        }
    }

    /// A book with Food, two transactions, and the second one's add undone (so there is
    /// something to undo and to redo).
    static func book(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("100"))
        try store.addTransaction(amount: money("1"), category: "Food", payee: "Kept", date: day("2026-11-01"))
        try store.addTransaction(amount: money("2"), category: "Food", payee: "Undone", date: day("2026-11-02"))
        try store.undo()
        return store
    }

    @Test(arguments: WholeOperation.allCases)
    func aWholeOperationInsideAGroupThrowsChangesNothingAndTheGroupGoesOn(operation: WholeOperation) throws {
        let dir = TemporaryDirectory()
        let store = try Self.book(dir)
        let folder = dir.file("sync")
        #expect(mkdir(folder, 0o700) == 0)
        let entries = try store.history().count
        try store.write {
            try store.addTransaction(amount: money("3"), category: "Food", payee: "Before", date: day("2026-11-03"))
            #expect(throws: BudgetError.insideGroupedWrite(operation: operation.rawValue)) {
                try operation.run(on: store, syncFolder: folder)
            }
            try store.addTransaction(amount: money("4"), category: "Food", payee: "After", date: day("2026-11-04"))
        }
        #expect(try store.transactions().map(\.payee) == ["Kept", "Before", "After"])
        #expect(try store.history().count == entries + 1)
        #expect(system("test -z \"$(ls -A '\(folder)')\"") == 0, "sync wrote into its folder")
        #expect(BudgetError.insideGroupedWrite(operation: "undo").description
                == "undo cannot run inside a grouped write (store.write { }): run it after the group")
    }

    /// Reading this book's device inside a group stopped the process too (a nested
    /// transaction); it reads it in the group's transaction.
    @Test func theDeviceIsReadInsideAGroup() throws {
        let dir = TemporaryDirectory()
        let store = try Self.book(dir)
        let outside = try store.device()
        let inside = try store.write { () throws -> (device: Device, slot: Int64?) in
            try store.addTransaction(amount: money("3"), category: "Food", payee: "Inside", date: day("2026-11-03"))
            return try store.device()
        }
        #expect(inside.device == outside.device && inside.slot == outside.slot)
        #expect(try store.transactions().map(\.payee) == ["Kept", "Inside"])
    }

    @Test func undoInsideASharedStoreWriteThrows() async throws {
        let dir = TemporaryDirectory()
        let path = try Self.book(dir).path
        let book = try SharedStore(path: path)
        let payees = try await book.write { store -> [String] in
            #expect(throws: BudgetError.insideGroupedWrite(operation: "undo")) { try store.undo() }
            try store.addTransaction(amount: money("3"), category: "Food", payee: "Inside", date: day("2026-11-03"))
            return try store.transactions().map(\.payee)
        }
        #expect(payees == ["Kept", "Inside"])
    }
}
