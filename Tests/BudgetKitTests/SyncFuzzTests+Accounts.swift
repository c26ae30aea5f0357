@testable import BudgetKit

extension SyncFuzzTests {
    /// The writes two people sharing a budget make to its accounts and the money between them:
    /// accounts added, renamed, numbered, given an opening balance, made the default, closed and
    /// deleted; transfers added and edited; splits added, given new parts and unsplit; rows moved
    /// to another account; reconciliations, and changes forced past them.
    func randomAccountWrite(on store: BudgetStore, step: Int, using random: inout SeededGenerator) throws {
        let names = ["Main", "Savings", "Cash", "Card", "cash", "Joint"]
        let numbers: [String?] = ["DE01 0001", "de-01-0001", "DE02 0002", nil]
        let accounts = try store.allAccounts(includingClosed: true).map(\.name)
        let open = try store.allAccounts().map(\.name)
        let categories = try store.categories().filter { $0.kind == .expense }.map(\.name)
        let transactions = try store.transactions()
        func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)] }
        let amount = Money(minorUnits: Int64.random(in: 1...50_000, using: &random))
        let date = day("2026-0\(Int.random(in: 2...3, using: &random))-0\(step % 9 + 1)")
        func parts(summingTo total: Money) -> [SplitPart]? {
            guard let first = pick(categories), let second = pick(categories) else { return nil }
            let share = Int64.random(in: 0...total.minorUnits, using: &random)
            return [SplitPart(category: first, amount: Money(minorUnits: share), note: "a\(step)"),
                    SplitPart(category: second, amount: Money(minorUnits: total.minorUnits - share))]
        }
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            let name = (pick(names) ?? "Cash") + (Bool.random(using: &random) ? "" : "\(step % 3)")
            try store.addAccount(named: name, kind: pick(Account.Kind.allCases) ?? .cash, number: pick(numbers) ?? nil,
                                 openingBalance: amount, openingDate: Bool.random(using: &random) ? date : nil)
        case 1:
            guard let account = pick(accounts) else { return }
            switch Int.random(in: 0..<6, using: &random) {
            case 0: try store.renameAccount(named: account, to: pick(names) ?? "Cash")
            case 1: _ = try store.setAccountNumber(ofAccount: account, to: pick(numbers) ?? nil)
            case 2:
                try store.setOpeningBalance(ofAccount: account, to: amount, on: Bool.random(using: &random) ? date : nil,
                                            reconciled: Bool.random(using: &random) ? .allow : .refuse)
            case 3: try store.setDefaultAccount(named: account)
            case 4: try store.closeAccount(named: account, on: day("2026-0\(Int.random(in: 3...9, using: &random))-15"))
            default:
                if let other = pick(open), other != account {
                    _ = try store.deleteAccount(named: account, Bool.random(using: &random) ? .refuseIfUsed : .moveTransactions(to: other))
                }
            }
        case 2:
            if let from = pick(open), let to = pick(open) {
                try store.transfer(amount: amount, from: from, to: to, date: date, payee: "t\(step)", reconciled: pick([.refuse, .allow]) ?? .refuse)
            }
        case 3:
            if let parts = parts(summingTo: amount) {
                try store.addTransaction(amount: amount, splits: parts, payee: "s\(step)", date: date, account: pick(open))
            }
        case 4:
            // New parts (a plain row made a split), new parts with a new amount, or unsplit.
            guard let transaction = pick(transactions.filter { !$0.isTransfer }) else { return }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: if let parts = parts(summingTo: transaction.amount) { try store.editTransaction(id: transaction.id, TransactionChanges(splits: parts)) }
            case 1: if let parts = parts(summingTo: amount) { try store.editTransaction(id: transaction.id, TransactionChanges(amount: amount, splits: parts)) }
            default: if let category = pick(categories) { try store.editTransaction(id: transaction.id, TransactionChanges(category: category)) }
            }
        case 5:
            // A row moved to another account or day; a transfer's sides or amount changed; past a reconciliation or not.
            guard let transaction = pick(transactions) else { return }
            let policy: ReconciledChanges = Bool.random(using: &random) ? .allow : .refuse
            switch Int.random(in: 0..<3, using: &random) {
            case 0: try store.editTransaction(id: transaction.id, TransactionChanges(account: pick(open)), reconciled: policy)
            case 1: try store.editTransaction(id: transaction.id, TransactionChanges(date: date), reconciled: policy)
            default:
                if transaction.isTransfer {
                    try store.editTransaction(id: transaction.id, TransactionChanges(amount: amount, transferAccount: pick(open)), reconciled: policy)
                } else {
                    try store.deleteTransactions(ids: [transaction.id], reconciled: policy)
                }
            }
        default:
            // Reconciled at the book's balance, now and then at one the bank says is a cent off.
            guard let account = pick(accounts),
                  let balance = try store.accounts(on: date, includingClosed: true).first(where: { $0.account.name == account })?.balance
            else { return }
            let off = Int.random(in: 0..<5, using: &random) == 0 ? Int64(1) : 0
            _ = try store.reconcile(account: account, statementBalance: Money(minorUnits: balance.minorUnits + off), on: date)
        }
    }
}
