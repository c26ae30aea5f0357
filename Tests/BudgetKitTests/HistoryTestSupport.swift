@testable import BudgetKit

/// Every table a write can change (history and sync bookkeeping left out), row by row: what an
/// undo must bring back exactly.
func dumpOfBook(_ store: BudgetStore) throws -> [String: [String]] {
    try dumpOfEveryTable(store).filter { !Schema.unrecordedTables.contains($0.key) }
}

/// A book with something of everything: categories of both kinds with budgets, two accounts,
/// transactions, a split, a transfer and a rule.
func sampleBook(in dir: TemporaryDirectory, _ name: String = "budget.sqlite3") throws -> BudgetStore {
    let store = try dir.store(name)
    store.command = "setup"
    try store.addCategory(named: "Food", monthlyBudget: money("300"))
    try store.addCategory(named: "Misc", monthlyBudget: money("50"))
    try store.addCategory(named: "Salary", monthlyBudget: money("0"), kind: .income)
    try store.addAccount(named: "Savings", kind: .savings)
    try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch", date: day("2026-01-05"))
    try store.addTransaction(amount: money("7"), category: "Misc", payee: "Pens", date: day("2026-01-06"))
    try store.addTransaction(amount: money("2000"), category: "Salary", payee: "Work", date: day("2026-01-01"))
    try store.addTransaction(amount: money("30"), splits: [SplitPart(category: "Food", amount: money("20")),
                                                          SplitPart(category: "Misc", amount: money("10"))],
                             payee: "Market", date: day("2026-01-07"))
    try store.transfer(amount: money("100"), from: "Main", to: "Savings", date: day("2026-01-08"))
    try store.addRule(pattern: "coffee", category: "Food")
    return store
}

/// Every kind of write a command makes, for the undo tests.
enum WriteKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case add, edit, delete, importFile, addCategory, rename, deleteCategoryMovingTo, setBudget, addRule, removeRule,
         addAccount, renameAccount, closeAccount, deleteAccount, transfer, split, reconcile

    var description: String { rawValue }

    /// What the write needs first (recorded as its own entry).
    func prepare(_ store: BudgetStore) throws {
        if self == .deleteAccount { try store.addAccount(named: "Empty") }
    }

    func run(on store: BudgetStore) throws {
        store.command = "budget \(rawValue)"
        switch self {
        case .add:
            try store.addTransaction(amount: money("4.20"), category: "Food", payee: "Bakery", date: day("2026-02-01"))
        case .edit:
            try store.editTransaction(id: 1, TransactionChanges(amount: money("13"), payee: "Lunch out"))
        case .delete:
            try store.deleteTransactions(ids: [1, 4])
        case .importFile:
            var reader = ImportReader(file: "in.csv", options: ImportOptions(),
                                      text: "date,amount,category,payee\n2026-02-02,3.00,Food,Coffee\n2026-02-03,9.00,Misc,Tape\n")
            try store.importTransactions(from: &reader)
        case .addCategory:
            try store.addCategory(named: "Travel", monthlyBudget: money("80"))
        case .rename:
            try store.renameCategory(named: "Food", to: "Groceries")
        case .deleteCategoryMovingTo:
            try store.deleteCategory(named: "Misc", movingTransactionsTo: "Food", force: false)
        case .setBudget:
            try store.setBudget(money("350"), forCategory: "Food", from: Month(iso: "2026-02")!)
        case .addRule:
            try store.addRule(pattern: "bakery", category: "Food")
        case .removeRule:
            try store.removeRule(id: 1)
        case .addAccount:
            try store.addAccount(named: "Card", kind: .credit, number: "DE12 3456")
        case .renameAccount:
            try store.renameAccount(named: "Savings", to: "Rainy day")
        case .closeAccount:
            try store.closeAccount(named: "Savings", on: day("2026-03-01"))
        case .deleteAccount:
            try store.deleteAccount(named: "Empty")
        case .transfer:
            try store.transfer(amount: money("50"), from: "Savings", to: "Main", date: day("2026-02-04"))
        case .split:
            try store.editTransaction(id: 1, TransactionChanges(splits: [SplitPart(category: "Food", amount: money("10")),
                                                                          SplitPart(category: "Misc", amount: money("2.50"))]))
        case .reconcile:
            let balance = try store.accounts(on: day("2026-01-31")).first { $0.account.name == "Main" }!.balance
            _ = try store.reconcile(account: "Main", statementBalance: balance, on: day("2026-01-31"))
        }
    }
}
