import Testing
@testable import BudgetKit

/// Two devices' edits of one transaction, each whole, merged field by field into one that breaks
/// a rule: the sync goes on (it once failed on the table's CHECK constraint, and every sync of
/// that book after it), every book ends the same, and each sync that merged such a transaction
/// names it (``SyncReport/unsettledTransactions``), as `check` does, with no call for a restore.
/// One edit settles it on every book.
@Suite struct SyncUnsettledTests {
    /// Anna's sample book (Main, Savings) with a Visa account, and Ben's, joined.
    func books(in dir: TemporaryDirectory) throws -> (anna: BudgetStore, ben: BudgetStore, shared: String) {
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try anna.addAccount(named: "Visa", kind: .credit)
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        return (anna, ben, shared)
    }

    /// A transfer from Main to Savings, synced, then edited apart: Anna moves where it comes
    /// from to Visa, Ben where it goes to Visa. Its id.
    func transferEditedApart(_ anna: BudgetStore, _ ben: BudgetStore, through shared: String) throws -> Int64 {
        let id = try anna.transfer(amount: money("100"), from: "Main", to: "Savings", date: Day(iso: "2026-11-07")!).id
        try syncAll([anna, ben], through: shared)
        _ = try anna.editTransaction(id: id, TransactionChanges(account: "Visa"))
        _ = try ben.editTransaction(id: id, TransactionChanges(transferAccount: "Visa"))
        return id
    }

    @Test(arguments: SyncOrder.allCases)
    func aTransferWhoseTwoAccountsWereEditedApartIsNamedAndOneEditSettlesIt(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        let id = try transferEditedApart(anna, ben, through: shared)

        let reports = try syncTwice(order, anna, ben, through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(reports.contains { $0.unsettledTransactions == [.brokenTransfer(transactionID: id)] })
        #expect(try anna.check() == [.brokenTransfer(transactionID: id)])
        #expect(try ben.check() == [.brokenTransfer(transactionID: id)])

        // A backup taken now restores: the transaction is no damage.
        let backup = dir.file("ben-backup.sqlite3")
        try ben.backup(to: backup)
        let restoredPath = dir.file("restored.sqlite3")
        _ = try dir.store("restored.sqlite3")
        _ = try BudgetStore.restore(bookAt: restoredPath, from: backup)
        #expect(try BudgetStore.check(bookAt: restoredPath) == [.brokenTransfer(transactionID: id)])

        _ = try ben.editTransaction(id: id, TransactionChanges(account: "Main"))
        let settling = try syncTwice(order, anna, ben, through: shared)
        #expect(settling.allSatisfy { $0.unsettledTransactions.isEmpty })
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try anna.check().isEmpty && ben.check().isEmpty)
        let settled = try #require(try anna.transactions().first { $0.id == id })
        #expect(settled.account == "Main" && settled.transferAccount == "Visa")
    }

    /// Only a merged transaction's own CHECK is let through, for that one statement: a change
    /// that breaks another table's (a category kind no budget writes, from a damaged or hostile
    /// file) still fails, and CHECK constraints are on again after either.
    @Test func anotherTablesCheckStillRefusesAChangeAndChecksStayOn() throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        _ = try transferEditedApart(anna, ben, through: shared)
        _ = try syncTwice(.annaFirst, anna, ben, through: shared)
        for book in [anna, ben] { #expect(try book.connection.int64("PRAGMA ignore_check_constraints") == 0) }

        // A categories table without the CHECK records the change a hostile device would send.
        let source = try itemsDatabase(in: dir, "hostile.sqlite3")
        try source.execute("CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT, name_key TEXT, kind TEXT, rollover INTEGER)")
        let food = try #require(try anna.categories().first { $0.name == "Food" })
        try source.run("INSERT INTO categories VALUES (?, 'Food', 'food', 'expense', 0)", [.integer(food.id)])
        let hostile = try recording(source) { try source.run("UPDATE categories SET kind = 'bogus' WHERE id = ?", [.integer(food.id)]) }
        var applier = SyncApplier(connection: anna.connection, resolvedAt: 0, deviceNames: [:])
        let later = HybridLogicalClock(milliseconds: HybridLogicalClock.wallClock() + 60_000, counter: 0, device: DeviceID(rawValue: 7)!)
        do {
            try anna.connection.inTransaction { try applier.apply(hostile, at: later) }
            Issue.record("the category kind no budget writes was applied")
        } catch let error as SQLiteError {
            #expect(error.isCheckViolation)
        }
        #expect(try anna.connection.int64("PRAGMA ignore_check_constraints") == 0)
        #expect(try anna.categories().first { $0.name == "Food" }?.kind == .expense)
    }

    @Test(arguments: SyncOrder.allCases)
    func aSplitWhoseAmountsWereEditedApartIsNamedWithItsSums(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        let id = try anna.addTransaction(amount: money("100"), splits: [SplitPart(category: "Food", amount: money("60")),
                                                                        SplitPart(category: "Misc", amount: money("40"))],
                                         date: Day(iso: "2026-11-14")!).id
        try syncAll([anna, ben], through: shared)
        _ = try anna.editTransaction(id: id, TransactionChanges(splits: [SplitPart(category: "Food", amount: money("70")),
                                                                        SplitPart(category: "Misc", amount: money("30"))]))
        _ = try ben.editTransaction(id: id, TransactionChanges(amount: money("120"), splits: [SplitPart(category: "Food", amount: money("80")),
                                                                                             SplitPart(category: "Misc", amount: money("40"))]))

        let reports = try syncTwice(order, anna, ben, through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        let named = reports.flatMap(\.unsettledTransactions)
        #expect(!named.isEmpty)
        #expect(named.allSatisfy { if case .splitDoesNotSum(id, _, _) = $0 { true } else { false } })
        #expect(try anna.check() == ben.check())
        #expect(try anna.check().allSatisfy { $0.isSettledByEditing } && !anna.check().isEmpty)

        _ = try anna.editTransaction(id: id, TransactionChanges(amount: money("120"), splits: [SplitPart(category: "Food", amount: money("80")),
                                                                                              SplitPart(category: "Misc", amount: money("40"))]))
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try anna.check().isEmpty && ben.check().isEmpty)
    }
}
