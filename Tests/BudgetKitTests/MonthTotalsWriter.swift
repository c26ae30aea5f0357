@testable import BudgetKit

/// One random write through one of the book's doors, for ``MonthTotalsTests``. A write the
/// store refuses (a budget error) leaves nothing and is skipped.
struct MonthTotalsWriter {
    let store: BudgetStore
    /// A second connection with foreign keys off, as the sqlite3 shell writes.
    let shell: Connection
    let dir: TemporaryDirectory

    static let categories = ["Food", "Misc", "Salary", "Rent"]
    static let accounts = ["Main", "Savings"]

    func randomWrite(step: Int, using random: inout SeededGenerator) throws {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let date = Day(iso: "202\(Int.random(in: 5...6, using: &random))-0\(Int.random(in: 1...6, using: &random))-\(10 + Int.random(in: 0...18, using: &random))")!
        let amount = Money(minorUnits: Int64.random(in: 1...50_000, using: &random))
        let ids = try store.connection.prepare("SELECT id FROM transactions ORDER BY id").map { $0.int64(0) }
        let id = ids.isEmpty ? 1 : pick(ids)
        do {
            switch Int.random(in: 0..<19, using: &random) {
            case 0, 1:
                try store.addTransaction(amount: amount, category: pick(Self.categories), payee: "P\(step)", date: date, account: pick(Self.accounts))
            case 2:
                let part = Money(minorUnits: amount.minorUnits / 3)
                try store.addTransaction(amount: amount, splits: [SplitPart(category: "Food", amount: part),
                                                                  SplitPart(category: pick(["Misc", "Rent"]), amount: try amount.subtracting(part))],
                                         payee: "S\(step)", date: date, account: pick(Self.accounts))
            case 3:
                try store.transfer(amount: amount, from: "Main", to: "Savings", date: date)
            case 4:
                try store.editTransaction(id: id, TransactionChanges(amount: amount, date: date))
            case 5:
                try store.editTransaction(id: id, TransactionChanges(category: pick(Self.categories), account: pick(Self.accounts)))
            case 6:
                try store.deleteTransactions(ids: [id])
            case 7:
                try store.undo()
            case 8:
                try store.redo()
            case 9:
                try importRows(Int.random(in: 1...5, using: &random), step: step, date: date)
            case 10 where step % 60 > 30:
                // The bulk path (triggers off), then a large undo and redo of it, also triggers off.
                try importRows(BulkImportLimits.rowsBeforePausingLog + 7, step: step, date: date)
                if Bool.random(using: &random) {
                    try store.undo()
                    if Bool.random(using: &random) { try store.redo() }
                }
            case 10, 11:
                try store.addTransaction(amount: amount, category: "Food", payee: "coffee \(step)", date: date, account: pick(Self.accounts))
                _ = try store.applyRules()
            case 12:
                try store.editTransaction(id: id, TransactionChanges(splits: [SplitPart(category: "Misc", amount: Money(minorUnits: 1)),
                                                                              SplitPart(category: "Rent", amount: Money(minorUnits: 2))]))
            case 13:
                let name = pick(["Misc", "Rent"])
                _ = try store.deleteCategory(named: name, Bool.random(using: &random) ? .moveTransactions(to: "Food") : .deleteTransactions)
                try store.addCategory(named: name, monthlyBudget: money("50"), from: Month(iso: "2025-01")!, rollover: name == "Rent")
            case 14:
                _ = try store.deleteAccount(named: "Savings", .moveTransactions(to: "Main"))
                try store.addAccount(named: "Savings", kind: .savings)
            case 15:
                try shell.run("INSERT INTO transactions (date, amount, category_id, payee, account_id) VALUES (?, ?, (SELECT id FROM categories ORDER BY random() LIMIT 1), 'shell', ?)",
                              [date.sqliteValue, .integer(amount.minorUnits), .integer(Int64.random(in: 1...2, using: &random))])
            case 16:
                try shell.run("UPDATE transactions SET date = ?, amount = amount + 1, account_id = (SELECT id FROM accounts ORDER BY random() LIMIT 1) WHERE id = ?",
                              [date.sqliteValue, .integer(id)])
            case 17:
                // Foreign keys off: a split's parts stay behind, their transaction gone.
                try shell.run("DELETE FROM transactions WHERE id = ?", [.integer(id)])
            default:
                try shell.run("UPDATE transaction_splits SET date = ?, category_id = (SELECT id FROM categories ORDER BY random() LIMIT 1) WHERE transaction_id = ?",
                              [date.sqliteValue, .integer(id)])
                try shell.run("DELETE FROM transaction_splits WHERE transaction_id = ? AND position = 1", [.integer(pick(ids.isEmpty ? [1] : ids))])
            }
        } catch is BudgetError {
            // Refused: nothing written.
        } catch let error as SQLiteError where error.code == 19 {
            // A shell write a constraint refused (a transfer moved onto its own account).
        }
    }

    /// Imports `count` rows through the store (over ``BulkImportLimits/rowsBeforePausingLog``:
    /// the bulk path, triggers off).
    func importRows(_ count: Int, step: Int, date: Day) throws {
        let rows = (0..<count).map { "\(date.adding(days: $0 % 40)),\($0 % 97 + 1).25,\(Self.categories[$0 % 4]),Shop \(step) \($0)" }
        var reader = ImportReader(file: "in.csv", options: ImportOptions(), text: "date,amount,category,payee\n" + rows.joined(separator: "\n") + "\n")
        try store.importTransactions(from: &reader)
    }
}
