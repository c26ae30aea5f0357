import Testing
@testable import BudgetKit

/// Issue 10, item 5: reconciling an account with a bank statement, and the guard every later
/// write passes.
@Suite struct ReconciliationTests {
    /// The account book with a salary and a lunch in Checking, a transfer to Savings, a purchase
    /// on Visa; Checking's balance at the end of 2026-11-10 is 2487.50.
    func book() throws -> AccountBook {
        let book = try AccountBook()
        try book.store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-11-01"))
        try book.store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch", date: day("2026-11-03"))
        try book.store.transfer(amount: money("500"), from: "Checking", to: "Savings", date: day("2026-11-05"))
        try book.store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-06"), account: "Visa")
        return book
    }

    @Test func aMatchRecordsTheReconciliationAndMarksEveryTransactionUpToTheDay() throws {
        let book = try book()
        let store = book.store
        try store.addTransaction(amount: money("7"), category: "Food", date: day("2026-11-12"))
        guard case .reconciled(let reconciliation, let marked) = try store.reconcile(account: "checking", statementBalance: money("2487.50"),
                                                                                      on: day("2026-11-10")) else {
            Issue.record("expected a match")
            return
        }
        #expect(marked == 3)
        #expect(reconciliation.account == "Checking" && reconciliation.statementDate == day("2026-11-10")
                && reconciliation.statementBalance == money("2487.50"))
        #expect(try store.reconciliations(ofAccount: "Checking") == [reconciliation])
        let marks = try store.transactions().map { "\($0.id) \($0.reconciledOn?.description ?? "-")" }
        #expect(marks == ["1 2026-11-10", "2 2026-11-10", "3 2026-11-10", "4 -", "5 -"])
        // Again on the same day: the day's reconciliation, nothing left to mark, no second row.
        #expect(try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
                == .alreadyReconciled(reconciliation, marked: 0))
        #expect(try store.reconciliations(ofAccount: "Checking") == [reconciliation])
        // A forced change the book then matches at another balance: that balance replaces the day's.
        try store.editTransaction(id: 2, TransactionChanges(amount: money("13")), reconciled: .allow)
        let corrected = Reconciliation(id: reconciliation.id, account: "Checking", statementDate: day("2026-11-10"),
                                       statementBalance: money("2487"))
        #expect(try store.reconcile(account: "Checking", statementBalance: money("2487"), on: day("2026-11-10"))
                == .corrected(corrected, replaced: reconciliation, marked: 1))
        #expect(try store.reconciliations(ofAccount: "Checking") == [corrected])
    }

    /// A book from before a day held one reconciliation kept a row for each `reconcile` of it
    /// (and two devices reconciling it apart still sync two): the corrected balance replaces
    /// every one of the day's rows, never only the latest, leaving a stale balance listed beside
    /// it; an undo puts them all back.
    @Test func aCorrectionReplacesEveryReconciliationOfTheDay() throws {
        let book = try book()
        let store = book.store
        guard case .reconciled(let first, _) = try store.reconcile(account: "Checking", statementBalance: money("2487.50"),
                                                                    on: day("2026-11-10")) else {
            Issue.record("expected a match")
            return
        }
        try store.connection.run("""
            INSERT INTO reconciliations (id, account_id, statement_date, statement_balance, made_at)
            VALUES (2, (SELECT id FROM accounts WHERE name = 'Checking'), '2026-11-10', 248750, '2026-11-11T09:00:00Z')
            """)
        let second = Reconciliation(id: 2, account: "Checking", statementDate: day("2026-11-10"), statementBalance: money("2487.50"))
        #expect(try store.reconciliations(ofAccount: "Checking") == [second, first])
        try store.editTransaction(id: 2, TransactionChanges(amount: money("13")), reconciled: .allow)
        let corrected = Reconciliation(id: 2, account: "Checking", statementDate: day("2026-11-10"), statementBalance: money("2487"))
        #expect(try store.reconcile(account: "Checking", statementBalance: money("2487"), on: day("2026-11-10"))
                == .corrected(corrected, replaced: second, marked: 1))
        #expect(try store.reconciliations(ofAccount: "Checking") == [corrected])
        _ = try store.undo()
        #expect(Set(try store.reconciliations(ofAccount: "Checking")) == [first, second])
    }

    @Test func aMismatchSaysTheDifferenceAndTheRowsSinceTheLastReconciliationAndChangesNothing() throws {
        let book = try book()
        let store = book.store
        let before = try book.dump()
        guard case .mismatch(let mismatch) = try store.reconcile(account: "Checking", statementBalance: money("2480"), on: day("2026-11-10")) else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(mismatch.bookBalance == money("2487.50") && mismatch.difference == money("-7.50") && mismatch.lastReconciliation == nil)
        #expect(mismatch.transactionsSince.map(\.id) == [1, 2, 3])
        #expect(try book.dump() == before)
        // After a match, only what came since is listed.
        _ = try store.reconcile(account: "Checking", statementBalance: money("2987.50"), on: day("2026-11-04"))
        guard case .mismatch(let later) = try store.reconcile(account: "Checking", statementBalance: money("2480"), on: day("2026-11-10")) else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(later.lastReconciliation?.statementDate == day("2026-11-04"))
        #expect(later.transactionsSince.map(\.id) == [3])
    }

    @Test(arguments: [
        ("unknown account", BudgetError.unknownAccount("Cash")),
        ("future day", .futureReconciliation(Day.today().adding(days: 1), today: .today())),
    ])
    func badReconciliationsAreRefusedAndChangeNothing(what: String, error: BudgetError) throws {
        let book = try book()
        let before = try book.dump()
        // The table's today is the day the run began: one that crossed midnight had yesterday.
        let today = Day.today()
        var error = error
        if case .futureReconciliation = error { error = .futureReconciliation(today.adding(days: 1), today: today) }
        #expect(throws: error) {
            if what == "unknown account" {
                try book.store.reconcile(account: "Cash", statementBalance: .zero, on: day("2026-11-10"))
            } else {
                try book.store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: today.adding(days: 1))
            }
        }
        #expect(try book.dump() == before)
    }

    @Test(arguments: ["edit amount", "edit date", "edit account", "edit into a split", "delete", "add before", "add on the day",
                      "transfer into", "edit the transfer's other side"])
    func changingAReconciledBalanceIsRefusedWithoutForce(what: String) throws {
        let book = try book()
        let store = book.store
        _ = try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
        let last = Reconciliation(id: 1, account: "Checking", statementDate: day("2026-11-10"), statementBalance: money("2487.50"))
        let before = try book.dump()
        let expected: BudgetError
        switch what {
        case "add before": expected = .dateInReconciledPeriod(day("2026-11-09"), last)
        case "add on the day", "transfer into": expected = .dateInReconciledPeriod(day("2026-11-10"), last)
        case "edit the transfer's other side": expected = .reconciledTransaction(id: 3, last)
        default: expected = .reconciledTransaction(id: 2, last)
        }
        func write(_ policy: ReconciledChanges) throws {
            switch what {
            case "edit amount": try store.editTransaction(id: 2, TransactionChanges(amount: money("13")), reconciled: policy)
            case "edit date": try store.editTransaction(id: 2, TransactionChanges(date: day("2026-11-11")), reconciled: policy)
            case "edit account": try store.editTransaction(id: 2, TransactionChanges(account: "Visa"), reconciled: policy)
            case "edit into a split":
                try store.editTransaction(id: 2, TransactionChanges(splits: [SplitPart(category: "Salary", amount: money("12.50"))]),
                                          kindChange: .keepAmount, reconciled: policy)
            case "delete": try store.deleteTransactions(ids: [2], reconciled: policy)
            case "add before": try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-09"), reconciled: policy)
            case "add on the day": try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-10"), reconciled: policy)
            case "transfer into": try store.transfer(amount: money("1"), from: "Visa", to: "Checking", date: day("2026-11-10"), reconciled: policy)
            default: try store.editTransaction(id: 3, TransactionChanges(account: "Visa"), reconciled: policy)
            }
        }
        #expect(throws: expected) { try write(.refuse) }
        #expect(try book.dump() == before)
        // Allowed: done, and no other transaction loses its mark.
        try write(.allow)
        let marked = try store.transactions().filter { $0.reconciledOn(inAccount: "Checking") != nil }.map(\.id)
        #expect(Set([1, 2, 3]).subtracting(marked).count <= 1)
        #expect(try store.reconciliations(ofAccount: "Checking").count == 1)
    }

    @Test func changesThatKeepEveryBalanceNeedNoForce() throws {
        let book = try book()
        let store = book.store
        _ = try store.reconcile(account: "Checking", statementBalance: money("2487.50"), on: day("2026-11-10"))
        try store.addCategory(named: "Eating out", monthlyBudget: .zero)
        try store.editTransaction(id: 2, TransactionChanges(category: "Eating out", payee: "Bistro", note: "with Ann"))
        try store.editTransaction(id: 2, TransactionChanges(splits: [SplitPart(category: "Food", amount: money("10")),
                                                                     SplitPart(category: "Eating out", amount: money("2.50"))]))
        try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-11"))
        try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-09"), account: "Visa")
        #expect(try store.transaction(id: 2).isReconciled)
        #expect(try store.check() == [])
    }
}
