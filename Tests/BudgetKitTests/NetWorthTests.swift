import Testing
@testable import BudgetKit

/// Issue 10, items 2 and 6: every balance, and so net worth, follows from the rows by the one
/// rule; checked against an independent computation over a random book.
@Suite struct NetWorthTests {
    /// The balance of each account at the end of `day`, computed from the listed transactions
    /// and the accounts' opening balances alone, the way a person would with a pencil.
    func oracle(_ store: BudgetStore, on day: Day) throws -> [String: Money] {
        let kinds = Dictionary(uniqueKeysWithValues: try store.categories().map { ($0.name, $0.kind) })
        var balances: [String: Int64] = [:]
        for account in try store.allAccounts(includingClosed: true) {
            balances[account.name] = (account.openingDate ?? .first) <= day ? account.openingBalance.minorUnits : 0
        }
        for transaction in try store.transactions() where transaction.date <= day {
            let amount = transaction.amount.minorUnits
            if let to = transaction.transferAccount {
                balances[transaction.account, default: 0] -= amount
                balances[to, default: 0] += amount
            } else if transaction.splits.isEmpty {
                balances[transaction.account, default: 0] += kinds[transaction.category] == .income ? amount : -amount
            } else {
                for part in transaction.splits {
                    balances[transaction.account, default: 0] += kinds[part.category] == .income ? part.amount.minorUnits : -part.amount.minorUnits
                }
            }
        }
        return balances.mapValues { Money(minorUnits: $0) }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func netWorthAndEveryBalanceFollowFromTheRows(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let book = try AccountBook()
        let store = book.store
        try store.addAccount(named: "Cash", kind: .cash, openingBalance: money("-20"), openingDate: day("2026-03-15"))
        let accounts = ["Checking", "Savings", "Visa", "Cash"]
        let expenses = ["Food", "Household"]
        for _ in 0..<150 {
            let date = Day(year: 2026, month: Int.random(in: 1...6, using: &random), day: Int.random(in: 1...28, using: &random))!
            let amount = Money(minorUnits: Int64.random(in: -500...50_000, using: &random))
            let account = accounts.randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                try store.addTransaction(amount: amount, category: "Salary", date: date, account: account)
            case 1:
                var to = accounts.randomElement(using: &random)!
                if to == account { to = accounts[(accounts.firstIndex(of: account)! + 1) % accounts.count] }
                try store.transfer(amount: Money(minorUnits: abs(amount.minorUnits) + 1), from: account, to: to, date: date)
            case 2:
                let first = Money(minorUnits: amount.minorUnits / 3)
                try store.addTransaction(amount: amount, splits: [SplitPart(category: "Food", amount: first),
                                                                  SplitPart(category: "Household", amount: amount - first)],
                                         date: date, account: account)
            default:
                try store.addTransaction(amount: amount, category: expenses.randomElement(using: &random)!, date: date, account: account)
            }
        }
        let report = try store.netWorthReport(from: Month(iso: "2026-01")!, to: Month(iso: "2026-07")!)
        #expect(report.rows.map(\.account.name) == ["Cash", "Checking", "Savings", "Visa"])
        for (index, month) in report.months.enumerated() {
            let expected = try oracle(store, on: month.lastDay)
            for row in report.rows {
                #expect(row.balances[index] == expected[row.account.name], "\(row.account.name) at the end of \(month)")
            }
            #expect(report.totals[index] == Money(minorUnits: expected.values.reduce(0) { $0 + $1.minorUnits }))
            #expect(try book.balances(on: month.lastDay.description) == expected)
        }
        // Transfers move money between rows and never change the total: the total is the
        // opening balances begun (Savings' 1000.00 from January, Cash's -20.00 from March)
        // plus income minus spending so far.
        let trend = try store.trendReport(from: Month(iso: "2026-01")!, to: Month(iso: "2026-07")!)
        var flow = Money.zero
        for (index, month) in report.months.enumerated() {
            flow = flow + trend.totals.income.amounts[index] - trend.totals.expenses.amounts[index]
            let opening = month >= Month(iso: "2026-03")! ? money("980") : money("1000")
            #expect(report.totals[index] == opening + flow)
        }
    }

    @Test func anEmptyRangeIsAnEmptyReportAndAClosedAccountKeepsItsRow() throws {
        let book = try AccountBook()
        let store = book.store
        #expect(try store.netWorthReport(from: Month(iso: "2026-05")!, to: Month(iso: "2026-04")!).rows.isEmpty)
        try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-02-01"), account: "Visa")
        try store.setDefaultAccount(named: "Savings")
        try store.closeAccount(named: "Visa", on: day("2026-03-01"))
        let report = try store.netWorthReport(from: Month(iso: "2026-01")!, to: Month(iso: "2026-03")!)
        #expect(report.rows.map { "\($0.account.name) \($0.balances)" } == ["Checking [0.00, 0.00, 0.00]", "Savings [1000.00, 1000.00, 1000.00]",
                                                                            "Visa [0.00, -5.00, -5.00]"])
        #expect(report.totals == [money("1000"), money("995"), money("995")])
    }
}
