import Testing
@testable import BudgetKit

/// Randomized proof that change sets are exact: after every random write, the change set the
/// live list delivered, applied to the snapshot before it, equals a fresh fetch.
@Suite struct LiveTransactionsEquivalenceTests {
    static let requests: [TransactionRequest] = [
        TransactionRequest(),
        TransactionRequest(sort: TransactionSort(.date, ascending: false), sectioning: .month),
        TransactionRequest(sort: TransactionSort(.amount), sectioning: .category),
        TransactionRequest(sort: TransactionSort(.amount, ascending: false), sectioning: .month),
        TransactionRequest(sort: TransactionSort(.payee)),
        TransactionRequest(sort: TransactionSort(.payee, ascending: false), sectioning: .category),
        TransactionRequest(sort: TransactionSort(.category), sectioning: .month),
        TransactionRequest(sort: TransactionSort(.category, ascending: false)),
        TransactionRequest(filter: TransactionFilter(from: Day(iso: "2026-03-01"), to: Day(iso: "2026-08-31"), payee: "a",
                                                     minAmount: Money(minorUnits: -500)), sectioning: .category),
        TransactionRequest(filter: TransactionFilter(category: "cat-1"), sort: TransactionSort(.date), sectioning: .month),
    ]

    /// One random world: a store, its categories, and the ids of its transactions.
    struct World {
        let store: BudgetStore
        var random: SeededGenerator
        var categoryIDs: [Int64] = []
        var transactionIDs: [Int64] = []
        var renames = 0
        /// A category never renamed (the one a filter names, so fresh fetches still find it).
        var unrenamable: Int64?
        let payees = ["Alpha", "alpha", "Café", "CAFÉ", "Zoë", "bakery", "Bank", "", "a long payee name of a shop", "Ärzte"]

        mutating func randomDay() -> Day {
            Day(year: 2026, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!
        }

        mutating func randomValues() -> [SQLiteValue] {
            [randomDay().sqliteValue, .integer(Int64.random(in: -1000...1000, using: &random)),
             .integer(categoryIDs.randomElement(using: &random)!), .text(payees.randomElement(using: &random)!),
             .text(Bool.random(using: &random) ? "" : "note \(Int.random(in: 0...9, using: &random))")]
        }

        /// One write of `kind`, all in one transaction: insert, edit, delete, rename or a batch.
        mutating func write() throws {
            let kind = Int.random(in: 0..<100, using: &random)
            let operations: Int
            switch kind {
            case 0..<70: operations = 1
            case 70..<90: operations = Int.random(in: 2...12, using: &random)
            default: operations = Int.random(in: 13...60, using: &random)
            }
            try store.writing {
                for _ in 0..<operations { try operation() }
            }
        }

        private mutating func operation() throws {
            let connection = store.connection
            let choice = Int.random(in: 0..<100, using: &random)
            if choice < 45 || transactionIDs.count < 5 {
                try connection.run("INSERT INTO transactions (date, amount, category_id, payee, note) VALUES (?, ?, ?, ?, ?)",
                                   randomValues())
                transactionIDs.append(connection.lastInsertRowID)
            } else if choice < 75 {
                let id = transactionIDs.randomElement(using: &random)!
                let column = ["date", "amount", "category_id", "payee", "note"].randomElement(using: &random)!
                let value = randomValues()[["date", "amount", "category_id", "payee", "note"].firstIndex(of: column)!]
                try connection.run("UPDATE transactions SET \(column) = ? WHERE id = ?", [value, .integer(id)])
            } else if choice < 93 {
                let index = Int.random(in: 0..<transactionIDs.count, using: &random)
                try connection.run("DELETE FROM transactions WHERE id = ?", [.integer(transactionIDs.remove(at: index))])
            } else {
                renames += 1
                let id = categoryIDs.randomElement(using: &random)!
                guard id != unrenamable else { return }
                let name = ["Food", "rent", "Zebra", "Éclair", "fun", "Bills", "ñandú"].randomElement(using: &random)! + "-\(renames)"
                try connection.run("UPDATE categories SET name = ?, name_key = ? WHERE id = ?",
                                   [.text(name), .text(BudgetCategory.nameKey(name)), .integer(id)])
            }
        }
    }

    @Test(arguments: requests.indices)
    func applyingEachChangeSetToThePreviousSnapshotEqualsAFreshFetch(requestIndex: Int) throws {
        let request = LiveTransactionsEquivalenceTests.requests[requestIndex]
        let dir = TemporaryDirectory()
        let store = try dir.store()
        var world = World(store: store, random: SeededGenerator(seed: 0xB0D6E7 + UInt64(requestIndex)))
        for index in 0..<5 {
            world.categoryIDs.append(try store.addCategory(named: "cat-\(index)", monthlyBudget: .zero).id)
        }
        world.unrenamable = world.categoryIDs[1]
        for _ in 0..<40 { try world.write() }

        let live = try LiveTransactions(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        var previous = try live.snapshot()
        #expect(previous == (try LiveTransactions(store: store, request: request).snapshot()))

        var changeSetsSeen = 0
        for step in 0..<300 {
            try world.write()
            let fresh = try LiveTransactions(store: store, request: request).snapshot()
            let heard = recorder.take()
            #expect(heard.count <= 1, "step \(step): one change set per transaction")
            if let changeSet = heard.first {
                changeSetsSeen += 1
                #expect(!changeSet.isReload, "step \(step)")
                let applied = changeSet.applied(to: previous)
                #expect(applied == fresh, "step \(step) of request \(requestIndex): \(changeSet)")
                #expect(changeSet.count == fresh.transactions.count)
            } else {
                #expect(previous == fresh, "step \(step): a change was missed")
            }
            #expect(try live.snapshot() == fresh, "step \(step): the live list itself")
            #expect(fresh.sectionsMatchRows(request.sectioning), "step \(step)")
            previous = fresh
        }
        #expect(recorder.orderViolations.isEmpty, "\(recorder.orderViolations)")
        #expect(changeSetsSeen > 100)
    }

    @Test func largeListsTakeTheOnePassPathAndStillMatch() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        var world = World(store: store, random: SeededGenerator(seed: 42))
        for index in 0..<3 {
            world.categoryIDs.append(try store.addCategory(named: "cat-\(index)", monthlyBudget: .zero).id)
        }
        for _ in 0..<60 { try world.write() }
        let request = TransactionRequest(sort: TransactionSort(.amount), sectioning: .month)
        let live = try LiveTransactions(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        var previous = try live.snapshot()
        for step in 0..<40 {
            // Big batches only: every change set rebuilds the keys in one pass.
            try store.writing {
                for _ in 0..<40 {
                    try store.connection.run("INSERT INTO transactions (date, amount, category_id, payee, note) VALUES (?, ?, ?, ?, ?)",
                                             world.randomValues())
                    world.transactionIDs.append(store.connection.lastInsertRowID)
                }
                for _ in 0..<20 {
                    let id = world.transactionIDs.randomElement(using: &world.random)!
                    try store.connection.run("UPDATE transactions SET amount = ?, date = ? WHERE id = ?",
                                             [.integer(Int64.random(in: -50...50, using: &world.random)), world.randomDay().sqliteValue, .integer(id)])
                }
                for _ in 0..<10 {
                    let index = Int.random(in: 0..<world.transactionIDs.count, using: &world.random)
                    try store.connection.run("DELETE FROM transactions WHERE id = ?", [.integer(world.transactionIDs.remove(at: index))])
                }
            }
            let fresh = try LiveTransactions(store: store, request: request).snapshot()
            let heard = recorder.take()
            #expect(heard.count == 1)
            #expect(heard.first?.applied(to: previous) == fresh, "step \(step)")
            previous = fresh
        }
    }
}
