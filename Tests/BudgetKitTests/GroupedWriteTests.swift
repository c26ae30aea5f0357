import Testing
@testable import BudgetKit

/// Issue 13 item 4: `store.write { }` makes many writes one transaction, one history entry and
/// one change set, and an error inside it leaves every table as it was.
@Suite struct GroupedWriteTests {
    /// Writes of every kind a person makes, through the public API, in an order where each
    /// still makes sense after the ones before it.
    static func manyWrites(_ store: BudgetStore) throws {
        try store.addTransaction(amount: money("4.20"), category: "Food", payee: "Bakery", date: day("2026-02-01"))
        try store.editTransaction(id: 1, TransactionChanges(amount: money("13"), payee: "Lunch out"))
        try store.deleteTransactions(ids: [2])
        try store.addCategory(named: "Travel", monthlyBudget: money("80"))
        try store.addTransaction(amount: money("89"), category: "Travel", payee: "Train", date: day("2026-02-02"))
        try store.renameCategory(named: "Misc", to: "Sundries")
        try store.setBudget(money("350"), forCategory: "Food", from: Month(iso: "2026-02")!)
        try store.transfer(amount: money("50"), from: "Savings", to: "Main", date: day("2026-02-04"))
        try store.addRule(pattern: "bakery", category: "Food")
        var reader = ImportReader(file: "in.csv", options: ImportOptions(),
                                  text: "date,amount,category,payee\n2026-02-02,3.00,Food,Coffee\n2026-02-03,9.00,Sundries,Tape\n")
        try store.importTransactions(from: &reader)
        try store.addAccount(named: "Card", kind: .credit)
    }

    @Test func manyWritesInOneGroupAreOneHistoryEntryAndOneChangeSetThatUndoesAsOne() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .category))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot(), bookBefore = try dumpOfBook(store)
        let entries = try store.history().count
        store.command = "budget grouped"

        try store.write { try Self.manyWrites(store) }

        #expect(recorder.changeSets.count == 1)
        let changeSet = try #require(recorder.changeSets.first)
        #expect(!changeSet.isReload)
        #expect(changeSet.applied(to: before) == (try LiveTransactions(store: store, request: live.request).snapshot()))
        #expect(changeSet.insertions.count == 5)   // Bakery, Train, the transfer, Coffee, Tape
        #expect(changeSet.deletions.map(\.id) == [2])
        let history = try store.history()
        #expect(history.count == entries + 1)
        let entry = try #require(history.first)
        #expect(entry.command == "budget grouped")
        #expect(Set(entry.changes.map(\.table)).isSuperset(of: ["transactions", "categories", "budgets", "rules", "accounts"]))

        try store.undo()
        #expect(try dumpOfBook(store) == bookBefore)
    }

    /// Where the error that ends the group comes from.
    enum Failure: String, CaseIterable, CustomStringConvertible {
        /// A library call refuses its input, after the other writes.
        case refusedWrite
        /// The caller's own error.
        case callersError
        /// An import that names a category the book lacks, after the other writes.
        case refusedImport
        /// An import with a bad row, refused while it is staged (in a savepoint of the group's).
        case badImportRow

        var description: String { rawValue }
    }

    struct CallersError: Error, Equatable {}

    @Test(arguments: Failure.allCases)
    func anErrorInsideAGroupRollsBackEveryTable(failure: Failure) throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try bookDump(store)

        do {
            try store.write {
                try Self.manyWrites(store)
                switch failure {
                case .refusedWrite:
                    try store.addTransaction(amount: money("1"), category: "Nope")
                case .callersError:
                    throw CallersError()
                case .refusedImport:
                    var reader = ImportReader(file: "bad.csv", options: ImportOptions(),
                                              text: "date,amount,category,payee\n2026-02-05,2.00,Nope,Kiosk\n")
                    try store.importTransactions(from: &reader)
                case .badImportRow:
                    var reader = ImportReader(file: "bad.csv", options: ImportOptions(),
                                              text: "date,amount,category,payee\n2026-02-05,2.00,Food,Kiosk\n2026-02-06,two,Food,Kiosk\n")
                    try store.importTransactions(from: &reader)
                }
            }
            Issue.record("the group committed")
        } catch {
            switch failure {
            case .refusedWrite: #expect(error as? BudgetError == .unknownCategory("Nope"))
            case .callersError: #expect(error as? CallersError == CallersError())
            case .refusedImport:
                #expect(error as? BudgetError == .missingCategories(file: "bad.csv", [MissingCategory(name: "Nope", line: 2, column: 3, header: "category")], more: 0))
            case .badImportRow:
                #expect(error as? BudgetError == .badInput(file: "bad.csv", line: 3, column: 2,
                                                           message: "invalid amount 'two': it is not a number like 12.50"))
            }
        }

        #expect(try bookDump(store) == before)   // every table, history and change log included
        #expect(recorder.changeSets.isEmpty)
        // The store is usable again, outside any group: a plain write is its own entry and change set.
        try store.addTransaction(amount: money("2"), category: "Food", date: day("2026-03-01"))
        #expect(recorder.changeSets.count == 1)
        #expect(try store.history(limit: 1).first?.changes.count == 1)
    }

    @Test func aWriteThatFailsInsideAGroupLeavesNothingOfItselfAndTheGroupGoesOn() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let entries = try store.history().count

        let seen = try store.write { () throws -> Int in
            try store.addTransaction(amount: money("1"), category: "Food", payee: "Kept 1", date: day("2026-02-01"))
            // A nested group that wrote, then failed: rolled back alone.
            #expect(throws: CallersError()) {
                try store.write {
                    try store.addTransaction(amount: money("2"), category: "Food", payee: "Dropped", date: day("2026-02-02"))
                    throw CallersError()
                }
            }
            #expect(throws: BudgetError.unknownCategory("Nope")) { try store.addTransaction(amount: money("3"), category: "Nope") }
            try store.addTransaction(amount: money("4"), category: "Food", payee: "Kept 2", date: day("2026-02-03"))
            // Reads inside the group see its writes so far.
            return try store.transactions(matching: TransactionFilter(payee: "Kept")).count
        }

        #expect(seen == 2)
        #expect(recorder.changeSets.count == 1)
        #expect(recorder.changeSets.first?.insertions.map(\.transaction.payee).sorted() == ["Kept 1", "Kept 2"])
        #expect(try store.transactions(matching: TransactionFilter(payee: "Dropped")).isEmpty)
        let history = try store.history()
        #expect(history.count == entries + 1)
        #expect(history.first?.changes.count == 2)
    }

    @Test func aGroupThatChangesNothingLeavesNoEntryAndNoChangeSet() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try bookDump(store)

        let count = try store.write { try store.transactions().count }

        #expect(count == 5)
        #expect(try bookDump(store) == before)
        #expect(recorder.changeSets.isEmpty)
    }

    @Test func aLargeImportInAGroupThatFailsLeavesTheChangeLogRunning() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let rows = (0...BulkImportLimits.rowsBeforePausingLog).map { "2026-03-01,\($0).00,Food,Shop \($0)" }
        let text = "date,amount,category,payee\n" + rows.joined(separator: "\n") + "\n"

        #expect(throws: CallersError()) {
            try store.write {
                var reader = ImportReader(file: "big.csv", options: ImportOptions(), text: text)
                try store.importTransactions(from: &reader)
                throw CallersError()
            }
        }
        #expect(!store.changeTracker.isPaused)
        #expect(recorder.changeSets.isEmpty)

        // The log runs row by row again: the next write is an insertion, not a reload.
        try store.addTransaction(amount: money("2"), category: "Food", date: day("2026-03-02"))
        #expect(recorder.changeSets.map(\.isReload) == [false])

        // A large import inside a group that commits reaches the list as insertions, as it does alone.
        try store.write {
            var reader = ImportReader(file: "big.csv", options: ImportOptions(), text: text)
            try store.importTransactions(from: &reader)
            try store.addTransaction(amount: money("3"), category: "Food", date: day("2026-03-03"))
        }
        #expect(recorder.changeSets.map(\.isReload) == [false, false])
        #expect(recorder.changeSets.last?.insertions.count == rows.count + 1)
        #expect(live.count == 5 + 1 + rows.count + 1)
    }
}
