import Testing
@testable import BudgetKit

/// Issue "Trust" item 5: totals of listed transactions mean something: spent, earned, net.
@Suite struct TransactionTotalsTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    func day(_ text: String) -> Day { Day(iso: text)! }

    @Test func theIteratorTotalsExactlyTheRowsItDeliveredByKind() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income)
        try store.addTransaction(amount: money("12.50"), category: "Food", date: day("2026-11-03"))
        try store.addTransaction(amount: money("-2.25"), category: "Food", date: day("2026-11-04"))     // a refund
        try store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-11-20"))
        try store.addTransaction(amount: money("48.10"), category: "Food", date: day("2026-11-24"))
        var delivered: [Transaction] = []
        let all = try store.forEachTransaction(matching: .init()) { delivered.append($0) }
        #expect(delivered.count == 4)
        #expect(all.count == 4 && all.expenseCount == 3 && all.incomeCount == 1)
        #expect(try all.spent == money("58.35"))
        #expect(try all.earned == money("3000"))
        #expect(try all.net == money("2941.65"))
        // With --limit the totals are those of the rows listed, not of every match.
        let recent = try store.forEachTransaction(matching: .init(limit: 2)) { _ in }
        #expect(recent.count == 2)
        #expect(try recent.spent == money("48.10"))
        #expect(try recent.earned == money("3000"))
        let none = try store.forEachTransaction(matching: .init(payee: "nobody")) { _ in }
        #expect(none == TransactionTotals())
        #expect(try none.net == .zero)
    }

    @Test func sumsBeyond64BitsThrowOnlyWhenRead() throws {
        var totals = TransactionTotals()
        totals.add(Money(minorUnits: .max), kind: .expense)
        totals.add(Money(minorUnits: .max), kind: .expense)
        totals.add(Money(minorUnits: 1), kind: .income)
        #expect(throws: BudgetError.totalTooLarge) { try totals.spent }
        #expect(throws: BudgetError.totalTooLarge) { try totals.net }
        #expect(try totals.earned == Money(minorUnits: 1))
        totals.add(Money(minorUnits: .min), kind: .expense)
        totals.add(Money(minorUnits: .min), kind: .expense)
        #expect(try totals.spent == Money(minorUnits: -2))
    }
}
