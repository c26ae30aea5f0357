import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

@Suite struct ReportTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    func month(_ text: String) -> Month { Month(iso: text)! }
    func day(_ text: String) -> Day { Day(iso: text)! }

    @Test(arguments: [
        (1250, 30000, "4.2"), (1, 3, "33.3"), (2, 3, "66.7"), (30000, 30000, "100.0"), (45001, 30000, "150.0"),
        (-500, 10000, "-5.0"), (5, 1000, "0.5"), (-5, 1000, "-0.5"),
    ])
    func percentUsedRoundsHalfAwayFromZeroWithoutFloatingPoint(part: Int64, whole: Int64, text: String) {
        #expect(PercentTenths(Money(minorUnits: part), of: Money(minorUnits: whole))?.description == text)
    }

    @Test func percentUsedIsMissingWithoutABudget() {
        #expect(PercentTenths(Money(minorUnits: 100), of: .zero) == nil)
        #expect(PercentTenths(Money(minorUnits: 100), of: Money(minorUnits: -5)) == nil)
    }

    @Test func aTrendHasOneColumnPerMonthWithTotalAndAverage() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: month("2026-01"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"), from: month("2026-01"))
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income, from: month("2026-01"))
        try store.addCategory(named: "Later", monthlyBudget: money("10"), from: month("2027-01"))
        try store.addTransaction(amount: money("10"), category: "Food", payee: "Market", date: day("2026-01-05"))
        try store.addTransaction(amount: money("20.01"), category: "Food", payee: "Market", date: day("2026-03-05"))
        try store.addTransaction(amount: money("3000"), category: "Salary", payee: "Acme", date: day("2026-02-28"))
        let trend = try store.trendReport(from: month("2026-01"), to: month("2026-03"))
        #expect(trend.months.map(\.description) == ["2026-01", "2026-02", "2026-03"])
        #expect(trend.rows.map(\.name) == ["Food", "Rent", "Salary"])
        #expect(trend.rows[0].actuals == [money("10"), .zero, money("20.01")])
        #expect(trend.rows[0].total == money("30.01"))
        #expect(trend.rows[0].average == money("10.00"))
        #expect(trend.rows[1].actuals == [.zero, .zero, .zero])
        let byPayee = try store.trendReport(from: month("2026-01"), to: month("2026-03"), by: .payee)
        #expect(byPayee.rows.map(\.name) == ["Market", "Acme"])
        #expect(byPayee.rows[1].kind == .income)
    }

    @Test func averagesRoundHalfAwayFromZero() {
        #expect(TrendRow(name: "x", kind: .expense, actuals: [Money(minorUnits: 1), Money(minorUnits: 0)]).average == Money(minorUnits: 1))
        #expect(TrendRow(name: "x", kind: .expense, actuals: [Money(minorUnits: -1), Money(minorUnits: 0)]).average == Money(minorUnits: -1))
        #expect(TrendRow(name: "x", kind: .expense, actuals: [Money(minorUnits: 1), .zero, .zero]).average == .zero)
    }

    @Test func beforeItsFirstMonthACategoryIsListedWithBudgetZeroAndItsTransactions() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: month("2026-11"))
        try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-09-01"))
        #expect(try store.monthlyReport(for: month("2026-09")).expenses
                == [ReportLine(category: "Food", kind: .expense, budget: .zero, rollover: .zero, actual: money("5"), hasStarted: false)])
        #expect(try store.monthlyReport(for: month("2026-10")).expenses.isEmpty)
        #expect(try store.monthlyReport(for: month("2026-11")).expenses.map(\.actual) == [.zero])
        try store.setBudget(money("300"), forCategory: "Food", from: month("2026-09"))
        #expect(try store.monthlyReport(for: month("2026-09")).expenses
                == [ReportLine(category: "Food", kind: .expense, budget: money("300"), rollover: .zero, actual: money("5"))])
    }

    @Test func rolloverStartsAtTheFirstFromEntryNotAnEarlierOneMonthOverride() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("100"), from: month("2026-10"), rollover: true)
        try store.setBudget(money("999"), forCategory: "Food", onlyIn: month("2026-01"))
        #expect(try store.monthlyReport(for: month("2026-11")).expenses[0].rollover == money("100"))
    }

    @Test func hugeAmountsNeverCrashAReport() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        let largest = Money.largestEntry
        try store.addCategory(named: "A", monthlyBudget: largest, from: month("2026-01"), rollover: true)
        try store.addCategory(named: "B", monthlyBudget: Money(minorUnits: 1), from: month("2026-01"))
        for _ in 0..<3 { try store.addTransaction(amount: largest, category: "B", date: day("2026-11-02")) }
        let report = try store.monthlyReport(for: month("2026-11"))
        #expect(report.expenses.map(\.category) == ["A", "B"])
        #expect(report.expenses[1].percentUsed?.description == "100000000000000.0")
        #expect(report.expenses[0].rollover == Money(minorUnits: largest.minorUnits * 10))
        // SQLite refuses a sum beyond 64 bits; budget says so instead of crashing.
        #expect(system("sqlite3 '\(dir.file("budget.sqlite3"))' \"UPDATE transactions SET amount = 9223372036854775807\"") == 0)
        #expect(throws: BudgetError.totalTooLarge) { try store.monthlyReport(for: month("2026-11")) }
    }

    @Test func setBudgetFromAMonthKeepsEarlierAndLaterEntries() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("100"), from: month("2026-01"))
        try store.setBudget(money("300"), forCategory: "Food", from: month("2026-06"))
        try store.setBudget(money("200"), forCategory: "Food", from: month("2026-03"))
        let history = try store.budgetHistory(forCategory: "food")
        #expect(history == [BudgetChange(month: month("2026-01"), amount: money("100"), scope: .from),
                            BudgetChange(month: month("2026-03"), amount: money("200"), scope: .from),
                            BudgetChange(month: month("2026-06"), amount: money("300"), scope: .from)])
        #expect(try store.category(named: "Food", in: month("2026-02")).monthlyBudget == money("100"))
        #expect(try store.category(named: "Food", in: month("2026-05")).monthlyBudget == money("200"))
        #expect(try store.category(named: "Food", in: month("2026-07")).monthlyBudget == money("300"))
    }
}
