import Testing
@testable import BudgetKit

/// An account's opening balance set after the account was added: every balance follows it,
/// and a reconciliation it would break refuses it unless allowed.
@Suite struct OpeningBalanceTests {
    @Test func settingTheOpeningBalanceMovesEveryBalanceFromItsDay() throws {
        let book = try AccountBook()
        try book.store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-05"), account: "Visa")
        let before = try book.store.setOpeningBalance(ofAccount: "visa", to: money("-250.50"), on: day("2026-11-01"))
        #expect(before.openingBalance == .zero && before.openingDate == nil)
        #expect(try book.balances(on: "2026-10-31")["Visa"] == .zero)
        #expect(try book.balances(on: "2026-11-30")["Visa"] == money("-290.50"))
        #expect(try book.store.account(named: "Visa").openingDate == day("2026-11-01"))
    }

    @Test func aChangeTheLastReconciliationVouchesForIsRefusedUnlessAllowed() throws {
        let book = try AccountBook()
        let store = book.store
        try store.addTransaction(amount: money("100"), category: "Salary", date: day("2026-11-02"))
        guard case .reconciled(let reconciliation, _) = try store.reconcile(account: "Checking", statementBalance: money("100"),
                                                                           on: day("2026-11-10")) else {
            Issue.record("expected a match")
            return
        }
        let before = try book.dump()
        #expect(throws: BudgetError.reconciledOpeningBalance("Checking", reconciliation)) {
            try store.setOpeningBalance(ofAccount: "Checking", to: money("5"), on: nil)
        }
        #expect(try book.dump() == before)
        // After the reconciled days it is allowed; before them, only when asked.
        try store.setOpeningBalance(ofAccount: "Checking", to: money("5"), on: day("2026-11-11"))
        try store.setOpeningBalance(ofAccount: "Checking", to: money("7"), on: nil, reconciled: .allow)
        #expect(try book.balances(on: "2026-11-10")["Checking"] == money("107"))
    }

    @Test func anUnknownAccountIsRefused() throws {
        let book = try AccountBook()
        #expect(throws: BudgetError.unknownAccount("Cash")) { try book.store.setOpeningBalance(ofAccount: "Cash", to: .zero, on: nil) }
    }
}
