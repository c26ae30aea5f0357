import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Issue "Trust" item 1: every transaction counts in every report whose period holds it.
@Suite struct MonthlyReportTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    func month(_ text: String) -> Month { Month(iso: text)! }
    func day(_ text: String) -> Day { Day(iso: text)! }

    @Test func aMonthBeforeACategorysFirstMonthListsItWithBudgetZeroAndOverspentNamesIt() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Café", monthlyBudget: money("40"), from: month("2026-06"), rollover: true)
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: month("2026-01"))
        try store.addCategory(named: "Bonus", monthlyBudget: money("100"), kind: .income, from: month("2026-12"))
        try store.addTransaction(amount: money("7"), category: "Café", payee: "Early Bird", date: day("2026-05-20"))
        try store.addTransaction(amount: money("250"), category: "Bonus", date: day("2026-05-31"))
        let may = try store.monthlyReport(for: month("2026-05"))
        #expect(may.expenses == [
            ReportLine(category: "Café", kind: .expense, budget: .zero, rollover: .zero, actual: money("7"), hasStarted: false),
            ReportLine(category: "Food", kind: .expense, budget: money("300"), rollover: .zero, actual: .zero),
        ])
        #expect(may.income == [ReportLine(category: "Bonus", kind: .income, budget: .zero, rollover: .zero, actual: money("250"), hasStarted: false)])
        #expect(may.overspent.map(\.category) == ["Café"])
        #expect(may.expenseTotals.actual == money("7"))
        #expect(may.net == money("243"))
        // Rollover starts at the first month: May's 7.00 is reported in May and does not carry.
        #expect(try store.monthlyReport(for: month("2026-06")).expenses[0].rollover == .zero)
        #expect(try store.monthlyReport(for: month("2026-07")).expenses[0].rollover == money("40"))
    }

    @Test func aOneMonthOverrideBeforeTheFirstMonthIsTheBudgetButTheCategoryHasNotStarted() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("100"), from: month("2026-10"), rollover: true)
        try store.setBudget(money("20"), forCategory: "Food", onlyIn: month("2026-03"))
        try store.addTransaction(amount: money("30"), category: "Food", date: day("2026-03-02"))
        #expect(try store.monthlyReport(for: month("2026-03")).expenses
                == [ReportLine(category: "Food", kind: .expense, budget: money("20"), rollover: .zero, actual: money("30"), hasStarted: false)])
        #expect(try store.monthlyReport(for: month("2026-03")).overspent.map(\.category) == ["Food"])
    }

    /// A year of a book with late starters, overrides, rollover, refunds and income: each month's
    /// every number follows from the transactions dated in it.
    @Test func everyNumberOfAReportIsExplainedByTheTransactionsOfItsMonth() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: month("2026-03"), rollover: true)
        try store.addCategory(named: "Rent", monthlyBudget: money("900"), from: month("2026-01"))
        try store.addCategory(named: "Late", monthlyBudget: money("50"), from: month("2026-09"))
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income, from: month("2026-02"))
        try store.setBudget(money("10"), forCategory: "Rent", onlyIn: month("2026-04"))
        let names = ["Food", "Rent", "Late", "Salary"]
        var seed: UInt64 = 42
        for index in 0..<240 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let amount = Money(minorUnits: Int64((seed >> 33) % 20_000) - 2_000)
            try store.addTransaction(amount: amount, category: names[index % 4], date: day("2026-01-01").adding(days: Int((seed >> 20) % 365)))
        }
        let kinds = Dictionary(uniqueKeysWithValues: try store.categories().map { ($0.name, $0.kind) })
        for month in month("2026-01")...month("2026-12") {
            let report = try store.monthlyReport(for: month)
            let transactions = try store.transactions(matching: TransactionFilter(month: month))
            func actual(_ kind: BudgetCategory.Kind) -> Money {
                transactions.filter { kinds[$0.category] == kind }.reduce(.zero) { $0 + $1.amount }
            }
            for line in report.lines {
                #expect(line.actual == transactions.filter { $0.category == line.category }.reduce(.zero) { $0 + $1.amount })
                #expect(line.hasStarted == (month >= (try store.budgetHistory(forCategory: line.category).firstMonth!)))
                if !line.hasStarted { #expect(line.rollover == .zero) }
            }
            #expect(Set(report.lines.map(\.category)).isSuperset(of: transactions.map(\.category)))
            #expect(report.expenseTotals.actual == actual(.expense))
            #expect(report.incomeTotals.actual == actual(.income))
            #expect(report.expenseTotals.actual == report.expenses.reduce(.zero) { $0 + $1.actual })
            #expect(report.expenseTotals.budget == report.expenses.reduce(.zero) { $0 + $1.budget })
            #expect(report.incomeTotals.budget == report.income.reduce(.zero) { $0 + $1.budget })
            #expect(report.expenseTotals.rollover == report.expenses.reduce(.zero) { $0 + $1.rollover })
            #expect(report.net == actual(.income) - actual(.expense))
            #expect(report.overspent == report.expenses.filter { $0.actual > $0.budget + $0.rollover })
        }
    }

    @Test func netClampsInsteadOfTrappingAndTheStoreRefusesATotalBeyond64Bits() throws {
        let huge = ReportLine(category: "A", kind: .expense, budget: .zero, rollover: .zero, actual: Money(minorUnits: .max))
        let refund = ReportLine(category: "B", kind: .income, budget: .zero, rollover: .zero, actual: Money(minorUnits: -5))
        #expect(MonthlyReport(month: month("2026-11"), expenses: [huge], income: [refund]).net == Money(minorUnits: .min))

        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "A", monthlyBudget: .zero, from: month("2026-01"))
        try store.addCategory(named: "B", monthlyBudget: .zero, from: month("2026-01"))
        try store.addTransaction(amount: money("1"), category: "A", date: day("2026-11-02"))
        try store.addTransaction(amount: money("1"), category: "B", date: day("2026-11-02"))
        // Each category's sum fits in 64 bits; the expense total does not.
        #expect(system("sqlite3 '\(dir.file("budget.sqlite3"))' \"UPDATE transactions SET amount = 9223372036854775807\"") == 0)
        #expect(throws: BudgetError.totalTooLarge) { try store.monthlyReport(for: month("2026-11")) }
        #expect(throws: BudgetError.totalTooLarge) { try store.trendReport(from: month("2026-11"), to: month("2026-11")) }
    }
}
