@testable import BudgetKit

/// A book with accounts for the tests of issue 10: categories Food and Household (expense) and
/// Salary (income), budgets from 2026-01; accounts Checking (the book's Main, renamed: the
/// default), Savings (opening balance 1000.00 on 2026-01-01) and Visa (credit, numbered).
struct AccountBook {
    let dir: TemporaryDirectory
    let store: BudgetStore

    init(dir: TemporaryDirectory = TemporaryDirectory()) throws {
        self.dir = dir
        store = try dir.store()
        for (name, kind) in [("Food", BudgetCategory.Kind.expense), ("Household", .expense), ("Salary", .income)] {
            try store.addCategory(named: name, monthlyBudget: money("300"), kind: kind, from: Month(iso: "2026-01")!)
        }
        try store.renameAccount(named: "Main", to: "Checking")
        try store.addAccount(named: "Savings", kind: .savings, openingBalance: money("1000"), openingDate: day("2026-01-01"))
        try store.addAccount(named: "Visa", kind: .credit, number: "DE12 3456-78")
    }

    /// Each open account's balance at the end of `date`, by name.
    func balances(on date: String) throws -> [String: Money] {
        Dictionary(uniqueKeysWithValues: try store.accounts(on: day(date)).map { ($0.account.name, $0.balance) })
    }

    /// Every row of every table but the change log, to compare before and after a refusal.
    func dump() throws -> [String: [String]] { try dumpOfEveryTable(store) }
}

func money(_ text: String) -> Money { try! Money(parsing: text) }
func day(_ text: String) -> Day { Day(iso: text)! }
