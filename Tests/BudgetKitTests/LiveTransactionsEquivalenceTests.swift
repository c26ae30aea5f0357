import Testing
@testable import BudgetKit

/// Randomized proof that change sets are exact: after every random write (through the store, or
/// through a second connection, REPLACE conflicts included), with reads failing at random in the
/// middle of syncs, the change set the live list delivered, applied to the snapshot before it,
/// equals what the request shows now, computed apart (``LiveTransactionsOracle``). Twice per run
/// the write is an import of more than 1,000 rows (the bulk path), which every list hears as
/// insertions (issue 13). Every tenth step changes the list's filter instead (same sort and
/// sectioning), which it must deliver as the exact diff. The steps themselves are
/// ``checkChangeSets(of:seed:changingRequest:)``, shared with the tests of several sort keys.
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
        // By name: resolved once, so it follows cat-1 through its renames.
        TransactionRequest(filter: TransactionFilter(category: "cat-1"), sort: TransactionSort(.date), sectioning: .month),
        TransactionRequest(filter: TransactionFilter(categoryID: 2), sort: TransactionSort(.payee), sectioning: .category),
    ]

    /// Filters a list switches between while it lives, by ids (names are resolved once, so a
    /// name filter's oracle would need the id anyway).
    static func filters(protected: Int64) -> [TransactionFilter] {
        [TransactionFilter(),
         TransactionFilter(from: Day(iso: "2026-03-01"), to: Day(iso: "2026-08-31")),
         TransactionFilter(minAmount: Money(minorUnits: -200), maxAmount: Money(minorUnits: 400)),
         TransactionFilter(payee: "a"),
         TransactionFilter(categoryIDs: [protected, 3, 4]),
         TransactionFilter(text: "NOTE 3"),
         TransactionFilter(text: "é", categoryIDs: [protected, 1])]
    }

    /// One random world: a store, a second connection, its categories, and its transactions.
    struct World {
        let store: BudgetStore
        /// Another connection to the same file: its commits reach the list as another process's.
        let writer: BudgetStore
        var random: SeededGenerator
        var categoryIDs: [Int64] = []
        var transactionIDs: [Int64] = []
        var importKeys = 0
        var names = 0
        /// The category the filtered requests show (id 2, "cat-1" at first): renamed, never deleted.
        var protected: Int64 = 2
        let payees = ["Alpha", "alpha", "Café", "CAFÉ", "Zoë", "bakery", "Bank", "", "a long payee name of a shop", "Ärzte"]
        /// Names that sort before, between and after the others, and come back after a rename.
        let categoryNames = ["Aardvark", "rent", "Zebra", "Éclair", "fun", "Bills", "ñandú", "cat-1", "cat-3", "mango"]

        mutating func randomDay() -> Day {
            Day(year: 2026, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!
        }

        mutating func randomValues() -> [SQLiteValue] {
            [randomDay().sqliteValue, .integer(Int64.random(in: -1000...1000, using: &random)),
             .integer(categoryIDs.randomElement(using: &random)!), .text(payees.randomElement(using: &random)!),
             .text(Bool.random(using: &random) ? "" : "note \(Int.random(in: 0...9, using: &random))")]
        }

        mutating func newImportKey() -> SQLiteValue {
            importKeys += 1
            return .text("key-\(importKeys)")
        }

        /// One write, all in one transaction, through the store or (`viaWriter`) the second
        /// connection. Returns whether it was a bulk write (which lists see as a reload).
        mutating func write(viaWriter: Bool) throws -> Bool {
            let target = viaWriter ? writer : store
            let kind = Int.random(in: 0..<100, using: &random)
            let operations = kind < 70 ? 1 : (kind < 92 ? Int.random(in: 2...12, using: &random) : Int.random(in: 13...40, using: &random))
            let bulk = Int.random(in: 0..<40, using: &random) == 0
            var world = self
            try target.writing {
                if bulk { try target.changeTracker.pause() }
                for _ in 0..<operations { try world.operation(on: target.connection, replacing: viaWriter) }
            }
            self = world
            return bulk
        }

        /// An import of 1,001 to 1,100 random rows through the store or (`viaWriter`) the second
        /// connection: more than ``BulkImportLimits/rowsBeforePausingLog``, so it files them in bulk.
        mutating func importRows(viaWriter: Bool) throws {
            let target = viaWriter ? writer : store
            let before = try target.connection.int64("SELECT max(id) FROM transactions") ?? 0
            let names = try target.connection.prepare("SELECT name FROM categories ORDER BY id").map { $0.text(0) }
            importKeys += 1
            var text = "date,amount,category,payee,note\n"
            for index in 0..<Int.random(in: 1_001...1_100, using: &random) {
                text += "\(randomDay()),\(Money(minorUnits: Int64.random(in: -1000...1000, using: &random))),"
                    + "\(names.randomElement(using: &random)!),\(payees.randomElement(using: &random)!),import \(importKeys) row \(index)\n"
            }
            var reader = ImportReader(file: "bulk.csv", options: ImportOptions(), text: text)
            let summary = try target.importTransactions(from: &reader)
            precondition(summary.added > BulkImportLimits.rowsBeforePausingLog)
            transactionIDs += try target.connection.prepare("SELECT id FROM transactions WHERE id > ? ORDER BY id").map([.integer(before)]) { $0.int64(0) }
        }

        private mutating func operation(on connection: Connection, replacing: Bool) throws {
            let choice = Int.random(in: 0..<100, using: &random)
            if choice < 40 || transactionIDs.count < 5 {
                let key = Bool.random(using: &random) ? newImportKey() : .null
                try connection.run("INSERT INTO transactions (date, amount, category_id, payee, note, import_key) VALUES (?, ?, ?, ?, ?, ?)",
                                   randomValues() + [key])
                transactionIDs.append(connection.lastInsertRowID)
            } else if choice < 62 {
                let id = transactionIDs.randomElement(using: &random)!
                let columns = ["date", "amount", "category_id", "payee", "note"]
                let column = Int.random(in: 0..<columns.count, using: &random)
                try connection.run("UPDATE transactions SET \(columns[column]) = ? WHERE id = ?", [randomValues()[column], .integer(id)])
            } else if choice < 76 {
                let index = Int.random(in: 0..<transactionIDs.count, using: &random)
                try connection.run("DELETE FROM transactions WHERE id = ?", [.integer(transactionIDs.remove(at: index))])
            } else if choice < 84 && replacing {
                try replace(on: connection)
            } else if choice < 91 {
                let id = categoryIDs.randomElement(using: &random)!
                try rename(id, on: connection)
            } else if choice < 95 && categoryIDs.count > 3 {
                // Deleted as the store does it: its rows move to another category first.
                let id = categoryIDs.filter { $0 != protected }.randomElement(using: &random)!
                let other = categoryIDs.filter { $0 != id }.randomElement(using: &random)!
                try connection.run("UPDATE transactions SET category_id = ? WHERE category_id = ?", [.integer(other), .integer(id)])
                try connection.run("DELETE FROM categories WHERE id = ?", [.integer(id)])
                categoryIDs.removeAll { $0 == id }
            } else if choice < 98 {
                // A new category, perhaps with a name another one had, perhaps with a deleted one's id.
                names += 1
                let name = categoryNames.randomElement(using: &random)! + "-\(names % 3)"
                if try connection.int64("SELECT 1 FROM categories WHERE name_key = ?", [.text(BudgetCategory.nameKey(name))]) == nil {
                    try connection.run("INSERT INTO categories (name, name_key) VALUES (?, ?)", [.text(name), .text(BudgetCategory.nameKey(name))])
                    categoryIDs.append(connection.lastInsertRowID)
                }
            } else {
                try connection.run("INSERT INTO budgets (category_id, month, amount) VALUES (?, '2026-01', ?) ON CONFLICT DO UPDATE SET amount = excluded.amount",
                                   [.integer(categoryIDs.randomElement(using: &random)!), .integer(Int64.random(in: 0...9, using: &random))])
            }
        }

        /// Renames to a name from the pool (so sections reorder), when no other category has it.
        private mutating func rename(_ id: Int64, on connection: Connection) throws {
            names += 1
            let name = categoryNames.randomElement(using: &random)! + "-\(names % 3)"
            let key = BudgetCategory.nameKey(name)
            guard try connection.int64("SELECT 1 FROM categories WHERE name_key = ? AND id <> ?", [.text(key), .integer(id)]) == nil else { return }
            try connection.run("UPDATE categories SET name = ?, name_key = ? WHERE id = ?", [.text(name), .text(key), .integer(id)])
        }

        /// What the sqlite3 shell's REPLACE does: deletes the rows in the new row's way without
        /// firing their delete triggers (recursive_triggers is off).
        private mutating func replace(on connection: Connection) throws {
            let keyed = try connection.cached("SELECT id, import_key FROM transactions WHERE import_key IS NOT NULL ORDER BY id")
                .map { ($0.int64(0), $0.text(1)) }
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !keyed.isEmpty:
                // A new row taking an existing row's import key.
                let (old, key) = keyed.randomElement(using: &random)!
                try connection.run("INSERT OR REPLACE INTO transactions (date, amount, category_id, payee, note, import_key) VALUES (?, ?, ?, ?, ?, ?)",
                                   randomValues() + [.text(key)])
                transactionIDs.removeAll { $0 == old }
                transactionIDs.append(connection.lastInsertRowID)
            case 1 where keyed.count >= 2:
                // A row taking another row's import key.
                let (victim, key) = keyed.randomElement(using: &random)!
                let id = transactionIDs.filter { $0 != victim }.randomElement(using: &random)!
                try connection.run("UPDATE OR REPLACE transactions SET import_key = ? WHERE id = ?", [.text(key), .integer(id)])
                transactionIDs.removeAll { $0 == victim }
            default:
                // The same id written again, whole.
                let id = transactionIDs.randomElement(using: &random)!
                try connection.run("REPLACE INTO transactions (id, date, amount, category_id, payee, note) VALUES (?, ?, ?, ?, ?, ?)",
                                   [.integer(id)] + randomValues())
            }
        }
    }

    @Test(arguments: requests.indices)
    func applyingEachChangeSetToThePreviousSnapshotEqualsWhatTheRequestShows(requestIndex: Int) throws {
        try LiveTransactionsEquivalenceTests.checkChangeSets(of: LiveTransactionsEquivalenceTests.requests[requestIndex],
                                                              seed: UInt64(requestIndex)) { random, shown, protected in
            var next = shown
            next.filter = LiveTransactionsEquivalenceTests.filters(protected: protected).randomElement(using: &random)!
            return next
        }
    }

    @Test func largeListsTakeTheOnePassPathAndStillMatch() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        var world = World(store: store, writer: try BudgetStore(path: store.path), random: SeededGenerator(seed: 42))
        for index in 0..<3 {
            world.categoryIDs.append(try store.addCategory(named: "cat-\(index)", monthlyBudget: .zero).id)
        }
        for _ in 0..<60 { _ = try world.write(viaWriter: false) }
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
            let fresh = try LiveTransactionsOracle.snapshot(of: store, request: request)
            let heard = recorder.take()
            #expect(heard.count == 1)
            #expect(heard.first?.applied(to: previous) == fresh, "step \(step)")
            previous = fresh
        }
    }
}
