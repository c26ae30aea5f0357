import Testing
@testable import BudgetKit

/// Issue "Trust" items 1 and 5: a trend shows every transaction of its range, totals per month,
/// and says what its averages divide by.
@Suite struct TrendReportTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    func month(_ text: String) -> Month { Month(iso: text)! }
    func day(_ text: String) -> Day { Day(iso: text)! }

    @Test func aTrendHasTotalsOfEachKindAndTheNetPerMonth() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: month("2026-03"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"), from: month("2026-01"))
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income, from: month("2026-01"))
        try store.addTransaction(amount: money("10"), category: "Food", date: day("2026-01-05"))   // before Food's first month
        try store.addTransaction(amount: money("-2.50"), category: "Food", date: day("2026-03-05"))  // a refund
        try store.addTransaction(amount: money("900"), category: "Rent", date: day("2026-01-01"))
        try store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-01-28"))
        try store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-03-28"))
        let trend = try store.trendReport(from: month("2026-01"), to: month("2026-03"))
        #expect(trend.rows.map(\.name) == ["Food", "Rent", "Salary"])
        #expect(trend.rows[0].actuals == [money("10"), .zero, money("-2.50")])
        #expect(trend.totals.expenses.amounts == [money("910"), .zero, money("-2.50")])
        #expect(trend.totals.income.amounts == [money("3000"), .zero, money("3000")])
        #expect(trend.totals.net.amounts == [money("2090"), .zero, money("3002.50")])
        #expect(trend.totals.expenses.total == money("907.50"))
        #expect(trend.totals.net.total == money("5092.50"))
        #expect(trend.totals.net.average == money("1697.50"))
        // Each month's totals are the sums of that month's rows of each kind.
        for index in trend.months.indices {
            #expect(trend.totals.expenses.amounts[index] == trend.rows.filter { $0.kind == .expense }.reduce(.zero) { $0 + $1.actuals[index] })
            #expect(trend.totals.income.amounts[index] == trend.rows.filter { $0.kind == .income }.reduce(.zero) { $0 + $1.actuals[index] })
        }
        let byPayee = try store.trendReport(from: month("2026-01"), to: month("2026-03"), by: .payee)
        #expect(byPayee.totals == trend.totals)
    }

    @Test func theAverageDividesByEveryMonthOfTheRangeEvenEmptyOnes() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: month("2026-01"))
        try store.addTransaction(amount: money("120"), category: "Food", date: day("2026-02-05"))
        let trend = try store.trendReport(from: month("2026-01"), to: month("2026-04"))
        #expect(trend.monthCount == 4)
        #expect(trend.rows[0].monthCount == 4)
        #expect(trend.totals.expenses.monthCount == 4)
        #expect(trend.rows[0].average == money("30"))
        #expect(trend.totals.expenses.average == money("30"))
    }

    @Test func anEmptyTrendHasEmptyTotals() {
        let trend = TrendReport(months: [], rows: [])
        #expect(trend.totals == TrendTotals(expenses: [], income: []))
        #expect(trend.totals.net.average == .zero)
        #expect(trend.monthCount == 0)
    }
}
