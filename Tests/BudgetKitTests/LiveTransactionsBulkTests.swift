import Testing
@testable import BudgetKit

/// Issue 13 item A: an import of any size reaches a live list as insertions (it used to be a
/// reload past 1,000 rows), and a renamed category's rows are read in one query.
@Suite struct LiveTransactionsBulkTests {
    /// Every sort key, both directions, every sectioning.
    static let everyOrder: [TransactionRequest] = TransactionSort.Key.allCases.flatMap { key in
        [true, false].flatMap { ascending in
            ([nil] + TransactionSectioning.allCases.map(Optional.some)).map {
                TransactionRequest(sort: TransactionSort(key, ascending: ascending), sectioning: $0)
            }
        }
    }

    static let categories = ["Food", "rent", "Éclair", "Zebra"]
    static let payees = ["Alpha", "alpha", "Café", "CAFÉ", "Zoë", "bakery", ""]

    /// A book with a few rows in each category, written through the store.
    func book(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        for name in LiveTransactionsBulkTests.categories { try store.addCategory(named: name, monthlyBudget: .zero) }
        for index in 0..<40 {
            try store.addTransaction(amount: Money(minorUnits: Int64(index * 37 % 900 - 300)), category: LiveTransactionsBulkTests.categories[index % 4],
                                     payee: LiveTransactionsBulkTests.payees[index % 7], date: Day(year: 2026, month: 1 + index % 12, day: 1 + index % 28)!)
        }
        return store
    }

    /// A CSV of `count` rows over every category, payee, month and sign.
    func csv(rows count: Int, salt: Int = 0) -> String {
        var text = "date,amount,category,payee,note\n"
        for index in 0..<count {
            let day = Day(year: 2026, month: 1 + (index * 7 + salt) % 12, day: 1 + (index * 11) % 28)!
            let cents = (index * 7919 + salt) % 20_000 - 10_000
            let amount = (cents < 0 ? "-" : "") + "\(abs(cents) / 100).\(abs(cents) % 100 < 10 ? "0" : "")\(abs(cents) % 100)"
            text += "\(day),\(amount),\(LiveTransactionsBulkTests.categories[(index + salt) % 4]),"
                + "\(LiveTransactionsBulkTests.payees[(index / 3) % 7]),row \(index) of \(salt)\n"
        }
        return text
    }

    @Test(arguments: everyOrder)
    func anImportOfMoreThanAThousandRowsReachesTheListAsInsertions(request: TransactionRequest) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let live = try LiveTransactions(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        // Another connection imports: the list hears it as another process's commit.
        let writer = try BudgetStore(path: store.path)
        var reader = ImportReader(file: "bank.csv", options: ImportOptions(), text: csv(rows: 1_050))
        #expect(try writer.importTransactions(from: &reader).added == 1_050)
        #expect(BulkImportLimits.rowsBeforePausingLog < 1_050)

        let changeSet = try #require(try live.processPendingChanges())
        #expect(!changeSet.isReload)
        #expect(changeSet.insertions.count == 1_050)
        #expect(changeSet.deletions.isEmpty && changeSet.moves.isEmpty && changeSet.updates.isEmpty)
        let fresh = try LiveTransactionsOracle.snapshot(of: store, request: request)
        #expect(changeSet.applied(to: before) == fresh)
        #expect(changeSet.batchUpdateProblems(before: before) == [])
        #expect(try live.snapshot() == fresh)
        #expect(recorder.take() == [changeSet])
    }

    @Test func anImportThroughTheStoreThatReplacesAPendingTwinIsInsertionsAndOneMove() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let options = bankOptions { $0.negate = true }
        try importText(store, "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n", options)
        let pending = try #require(try store.transactions().first)
        let live = try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(.amount)))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        var text = "date,amount,payee,status\n2026-11-22,-14.40,CORNER CAFE,posted\n"
        for index in 0..<1_200 { text += "2026-12-\(1 + index % 28),-\(index % 50 + 1).00,Shop \(index),posted\n" }
        let summary = try importText(store, text, options)
        #expect(summary.added == 1_200 && summary.replacedPending == 1)

        let changeSet = try #require(recorder.take().first)
        #expect(!changeSet.isReload)
        #expect(changeSet.insertions.count == 1_200)
        // The pending row keeps its id and takes the posted amount (an expense, stored positive): it moves.
        #expect(changeSet.moves.map(\.transaction.id) == [pending.id])
        #expect(changeSet.moves.first?.transaction.amount == Money(minorUnits: 1_440))
        #expect(changeSet.applied(to: before) == (try LiveTransactionsOracle.snapshot(of: store, request: live.request)))
    }

    @Test(arguments: [TransactionRequest(), TransactionRequest(sectioning: .category), TransactionRequest(sort: TransactionSort(.category))])
    func renamingACategoryReadsItsRowsInOneQueryNotOneRowByRow(request: TransactionRequest) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.writing {
            for index in 0..<600 {
                try store.connection.run("INSERT INTO transactions (date, amount, category_id, payee) VALUES (?, ?, 1, 'Bulk')",
                                         [Day(year: 2026, month: 1 + index % 12, day: 1 + index % 28)!.sqliteValue, .integer(Int64(index))])
            }
        }
        let (live, source) = try LiveTransactions.failable(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        var reads: [String] = []
        source.fails = { reads.append($0); return false }
        try store.renameCategory(named: "Food", to: "Zz Food")
        #expect(reads.filter { $0 == "rowsInCategory" }.count == 1)
        #expect(!reads.contains("changedRows"), "\(reads)")
        let changeSet = try #require(recorder.take().first)
        #expect(changeSet.updates.count + changeSet.moves.count == 610)
        #expect(changeSet.applied(to: before) == (try LiveTransactionsOracle.snapshot(of: store, request: request)))
    }
}
