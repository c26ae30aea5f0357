import Testing
@testable import BudgetKit

/// A transfer's two sides are reconciled by their own accounts' statements: reconciling one
/// account never shows the transfer reconciled in the other.
@Suite struct TransferReconciliationTests {
    /// Checking (1): salary, lunch, 500 to Savings (3); Visa: a purchase.
    func book() throws -> AccountBook {
        let book = try AccountBook()
        try book.store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-11-01"))
        try book.store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch", date: day("2026-11-03"))
        try book.store.transfer(amount: money("500"), from: "Checking", to: "Savings", date: day("2026-11-05"))
        try book.store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-06"), account: "Visa")
        return book
    }

    func marks(_ store: BudgetStore) throws -> [String] {
        try store.transactions().map { "\($0.id) \($0.reconciledOn?.description ?? "-") \($0.transferReconciledOn?.description ?? "-")" }
    }

    @Test func reconcilingOneAccountMarksOnlyItsSideOfATransfer() throws {
        let book = try book()
        let store = book.store
        #expect(try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10")).marked == 3)
        #expect(try marks(store) == ["1 2026-11-10 -", "2 2026-11-10 -", "3 2026-11-10 -", "4 - -"])
        let transfer = try store.transaction(id: 3)
        #expect(transfer.reconciledOn(inAccount: "Checking") == day("2026-11-10"))
        #expect(transfer.reconciledOn(inAccount: "Savings") == nil)
        #expect(!transfer.isReconciled)
        // Savings' own statement marks its side: it used to find it marked already and mark nothing.
        #expect(try store.reconcile(account: "Savings", statementBalance: money("1500"), on: day("2026-11-12")).marked == 1)
        #expect(try marks(store) == ["1 2026-11-10 -", "2 2026-11-10 -", "3 2026-11-10 2026-11-12", "4 - -"])
        #expect(try store.transaction(id: 3).isReconciled)
    }

    @Test func aMismatchInTheOtherAccountListsTheTransferNotYetVouchedFor() throws {
        let book = try book()
        let store = book.store
        _ = try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
        #expect(try store.reconcile(account: "Savings", statementBalance: money("1000"), on: day("2026-11-01")).marked == 0)
        guard case .mismatch(let mismatch) = try store.reconcile(account: "Savings", statementBalance: money("1499"), on: day("2026-11-10")) else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(mismatch.transactionsSince.map(\.id) == [3])
    }

    @Test func anEditThatMovesMoneyUnmarksBothSidesAndOneThatDoesNotKeepsThem() throws {
        let book = try book()
        let store = book.store
        _ = try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
        #expect(try store.reconcile(account: "Savings", statementBalance: money("1500"), on: day("2026-11-10")).marked == 1)
        var changes = TransactionChanges()
        changes.note = "monthly"
        _ = try store.editTransaction(id: 3, changes)
        #expect(try marks(store)[2] == "3 2026-11-10 2026-11-10")
        changes = TransactionChanges()
        changes.amount = money("400")
        _ = try store.editTransaction(id: 3, changes, reconciled: .allow)
        #expect(try marks(store)[2] == "3 - -")
    }

    @Test func anAllowedChangeListsEveryReconciliationItBreaksAndTheNextWriteForgetsThem() throws {
        let book = try book()
        let store = book.store
        _ = try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
        _ = try store.reconcile(account: "Savings", statementBalance: money("1500"), on: day("2026-11-10"))
        #expect(store.brokenReconciliations.isEmpty)
        var changes = TransactionChanges()
        changes.amount = money("400")
        _ = try store.editTransaction(id: 3, changes, reconciled: .allow)
        #expect(store.brokenReconciliations.map { "\($0.account) \($0.statementDate)" } == ["Checking 2026-11-10", "Savings 2026-11-10"])
        // A change after the statements breaks none; a refused one leaves the list empty too.
        try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-11"))
        #expect(store.brokenReconciliations.isEmpty)
        _ = try store.editTransaction(id: 3, changes, reconciled: .allow)
        #expect(store.brokenReconciliations.isEmpty, "the amount is already 400: no balance moves")
        changes.amount = money("300")
        #expect(throws: BudgetError.self) { try store.editTransaction(id: 2, changes) }
        #expect(store.brokenReconciliations.isEmpty)
        try store.deleteTransactions(ids: [2, 4], reconciled: .allow)
        #expect(store.brokenReconciliations.map(\.account) == ["Checking"], "Visa was never reconciled")
    }

    @Test func deletingAnAccountUnmarksOnlyItsSides() throws {
        let book = try book()
        let store = book.store
        _ = try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
        #expect(try store.reconcile(account: "Visa", statementBalance: money("-40"), on: day("2026-11-10")).marked == 1)
        try store.transfer(amount: money("10"), from: "Visa", to: "Checking", date: day("2026-11-11"))
        _ = try store.reconcile(account: "Checking", statementBalance: money("2497.50"), on: day("2026-11-11"))
        _ = try store.reconcile(account: "Visa", statementBalance: money("-50"), on: day("2026-11-11"))
        #expect(try marks(store)[3...] == ["4 2026-11-10 -", "5 2026-11-11 2026-11-11"])
        try store.addAccount(named: "Cash", kind: .cash)
        _ = try store.deleteAccount(named: "Visa", .moveTransactions(to: "Cash"))
        // Visa's side is gone with its reconciliations; Checking's stays.
        #expect(try marks(store)[3...] == ["4 - -", "5 - 2026-11-11"])
    }

    /// A book made by the release before (schema 7), its marks as that release made them: Main
    /// reconciled on 2026-10-31, Visa on 2026-10-31 and 2026-11-02, Savings never.
    @Test func theMigrationGivesEachSideOnlyTheMarkOfItsOwnAccountsStatement() throws {
        let dir = TemporaryDirectory()
        let path = copyOfFixtureBook("book-v7-transfers.sqlite3", in: dir)
        do {
            let connection = try Connection(path: path)
            #expect(try connection.int64("PRAGMA user_version") == 7)
            let before = try connection.prepare("SELECT id, reconciled_on FROM transactions ORDER BY id").map([]) {
                "\($0.int64(0)) \($0.isNull(1) ? "-" : $0.text(1))"
            }
            #expect(before == ["1 2026-10-31", "2 2026-10-31", "3 2026-10-31", "4 2026-10-31", "5 2026-11-02"])
        }
        let store = try BudgetStore(path: path)
        #expect(try marks(store) == [
            "1 2026-10-31 -",            // Food in Main
            "2 2026-10-31 -",            // Main → Savings: Savings never reconciled
            "3 - 2026-10-31",            // Savings → Main: Main's side
            "4 2026-10-31 2026-10-31",   // Main → Visa: both reconciled on 2026-10-31
            "5 - 2026-11-02",            // Savings → Visa: Visa's side
        ])
        // Savings' first reconciliation now marks its three transfers.
        #expect(try store.reconcile(account: "Savings", statementBalance: money("430"), on: day("2026-11-05")).marked == 3)
    }

    /// Statement days rarely match: had Visa reconciled only on 2026-11-02, after Main marked
    /// transfer 4 on 2026-10-31, Visa's 11-02 statement still held it, and its side gets that day.
    @Test func theMigrationGivesASideItsOwnAccountsLaterStatement() throws {
        let dir = TemporaryDirectory()
        let path = copyOfFixtureBook("book-v7-transfers.sqlite3", in: dir)
        do {
            let connection = try Connection(path: path)
            try connection.run("DELETE FROM reconciliations WHERE id = 2")
        }
        let store = try BudgetStore(path: path)
        #expect(try marks(store)[3] == "4 2026-10-31 2026-11-02")
    }

    @Test func changingOneSideOfATransferKeepsTheOtherSidesMarkAndNamesTheRightReconciliation() throws {
        let book = try book()
        let store = book.store
        _ = try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
        _ = try store.reconcile(account: "Savings", statementBalance: money("1500"), on: day("2026-11-10"))
        var changes = TransactionChanges()
        changes.transferAccount = "Visa"
        let savings = try #require(try store.reconciliations(ofAccount: "Savings").first)
        let before = try book.dump()
        // Checking's balance stays as it was: only Savings' reconciliation stands in the way.
        #expect(throws: BudgetError.reconciledTransaction(id: 3, savings)) { try store.editTransaction(id: 3, changes) }
        #expect(try book.dump() == before)
        _ = try store.editTransaction(id: 3, changes, reconciled: .allow)
        #expect(try marks(store)[2] == "3 2026-11-10 -")
    }

    @Test func aTransferMarkOnARowThatIsNoTransferIsNamedByCheckAndNeverShown() throws {
        let book = try book()
        let store = book.store
        do {
            let connection = try Connection(path: book.dir.file("budget.sqlite3"))
            try connection.run("UPDATE transactions SET transfer_reconciled_on = '2026-11-05' WHERE id = 1")
        }
        #expect(try store.transaction(id: 1).transferReconciledOn == nil)
        #expect(try store.check().contains(.transferMarkWithoutTransfer(transactionID: 1)))
    }
}

extension ReconciliationResult {
    /// The number marked by a match; -1 for a mismatch.
    var marked: Int {
        if case .reconciled(_, let marked) = self { return marked }
        return -1
    }
}

/// A device still on schema 7 shares one mark per transfer: its reconciliation of Savings,
/// applied by a device on schema 8, marks Savings' side, not Checking's.
@Suite struct TransferReconciliationSyncTests {
    @Test func aMarkRecordedBeforeSchema8GoesToTheSideWhoseStatementVouchedForIt() throws {
        let book = try AccountBook()
        let store = book.store
        try store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-11-01"))
        try store.transfer(amount: money("500"), from: "Checking", to: "Savings", date: day("2026-11-05"))
        // What the older device's file holds: the reconciliation, then the transfer's one mark,
        // as an update of ten columns (no transfer_reconciled_on).
        let connection = store.connection
        try connection.run("""
            INSERT INTO reconciliations (id, account_id, statement_date, statement_balance, made_at)
            VALUES (1, (SELECT id FROM accounts WHERE name = 'Savings'), '2026-11-10', 150000, '2026-11-11T09:00:00Z')
            """)
        let transfer = try #require(try store.transactions().first { $0.isTransfer })
        var old = [ChangesetValue](repeating: .unchanged, count: 10), new = old
        old[0] = .integer(transfer.id)
        old[9] = .null
        new[9] = .text(Array("2026-11-10".utf8))
        let change = ChangesetChange(table: "transactions", operation: .update, isIndirect: false,
                                     primaryKeyColumns: [true] + Array(repeating: false, count: 9), oldValues: old, newValues: new)
        var applier = SyncApplier(connection: connection, resolvedAt: 1, deviceNames: [:])
        try applier.apply(change, at: HybridLogicalClock(milliseconds: 1_800_000_000_000, counter: 0, device: DeviceID(rawValue: 7)!))
        #expect(try store.transaction(id: transfer.id).reconciledOn == day("2026-11-10"))   // as schema 7 put it
        try applier.settleOldTransferMarks()
        let settled = try store.transaction(id: transfer.id)
        #expect(settled.reconciledOn == nil && settled.transferReconciledOn == day("2026-11-10"))
        #expect(settled.reconciledOn(inAccount: "Savings") == day("2026-11-10"))
    }
}
