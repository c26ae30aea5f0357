import BudgetKit

/// `budget add AMOUNT CATEGORY [PAYEE]`, or `budget add AMOUNT --split CAT=AMT ...`.
struct Add: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "add",
        abstract: "Add a transaction and print its id.",
        discussion: """
        Amounts are positive in the category's direction: money spent in an expense category, \
        money received in an income category. A negative amount is a refund:
          budget add -2.25 Food Refund
        A zero amount (a placeholder for a bill still to come) is taken with a warning.
        A split is one payment across several categories; its parts must sum to the amount:
          budget add 82.40 --split Food=60.00 --split Household=22.40 --payee Market
        It goes to the default account unless --account names another. A day on or before the \
        account's last reconciliation is refused unless --force.
        Prints the new transaction's id alone on standard output, and a confirmation on standard \
        error.
        """,
        // It needs a category (or two accounts) the book holds: a new book has none, so a
        // mistyped --db is named, never made.
        access: .change)

    static var arguments: [CommandArgument<Add>] {[
        .argument(\.amount, "amount", help: "The amount, like 12.50 or -2.25."),
        .argument(\.category, "category", help: "The category (none with --split)."),
        .argument(\.payee, "payee", help: "Who was paid, or who paid."),
        .option(\.date, "date", "day", help: "The day: YYYY-MM-DD, today or yesterday (default: today)."),
        .option(\.note, "note", "text", help: "A free note."),
        .options(\.splits, "split", "category=amount", help: "A part of a split (the last = separates); one per part."),
        .option(\.payeeOption, "payee", "payee", help: "Who was paid, or who paid (with --split)."),
        .option(\.account, "account", "name", help: "The account (default: the default account)."),
        .flag(\.force, "force", help: "Add it even on or before the account's last reconciliation."),
    ]}

    var amount = Money.zero
    var category: CategoryName?
    var payee: String?
    var date: Day?
    var note: String?
    var splits: [SplitArgument] = []
    var payeeOption: String?
    var account: AccountName?
    var force = false

    func validate() throws(UsageError) {
        if payee != nil && payeeOption != nil { throw .conflict("'<payee>' cannot be used with '--payee <payee>'") }
        if splits.isEmpty {
            if category == nil { throw .missingArgument(Add.arguments[1].info) }
        } else if let category {
            throw UsageError(message: "'--split <category=amount>' cannot be used with a category ('\(category.name)')",
                             hint: "a split has its categories in its parts; give the payee with --payee")
        }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let day = date ?? .today(), payee = payee ?? payeeOption ?? ""
        let (transaction, broken) = try Reconciled.writing(force, in: store) { reconciled in
            if splits.isEmpty {
                return try store.addTransaction(amount: amount, category: category?.name ?? "", payee: payee, date: day,
                                                note: note ?? "", account: account?.name, reconciled: reconciled)
            }
            return try store.addTransaction(amount: amount, splits: splits.map(\.part), payee: payee, date: day, note: note ?? "",
                                            account: account?.name, reconciled: reconciled)
        }
        try context.reportCommitted("transaction \(transaction.id) was added") { () throws(OutputError) in
            try context.stdout.write("\(transaction.id)\n")
            try context.stdout.flush()
        }
        context.confirm("Added transaction \(transaction.id): \(transaction.summary(naming: account != nil)).")
        context.warnOfZeroAmount(transaction)
        Reconciled.warn(broken, context)
        return .success
    }
}

/// `budget transfer AMOUNT FROM TO`.
struct Transfer: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "transfer",
        abstract: "Move money between two accounts; print the id.",
        discussion: """
        A transfer is one transaction with two sides and no category: it is never spending or \
        income, and changes only the two balances. Paying a credit card is a transfer to it:
          budget transfer 250 Checking Visa
        Editing or deleting it changes both sides.
        """,
        access: .change)

    static var arguments: [CommandArgument<Transfer>] {[
        .argument(\.amount, "amount", help: "The amount moved, more than zero."),
        .argument(\.from, "from", help: "The account the money leaves."),
        .argument(\.to, "to", help: "The account the money reaches."),
        .option(\.date, "date", "day", help: "The day: YYYY-MM-DD, today or yesterday (default: today)."),
        .option(\.note, "note", "text", help: "A free note."),
        .flag(\.force, "force", help: "Add it even on or before an account's last reconciliation."),
    ]}

    var amount = TransferAmount()
    var from = AccountName(argument: "")
    var to = AccountName(argument: "")
    var date: Day?
    var note: String?
    var force = false

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let (transfer, broken) = try Reconciled.writing(force, in: store) { reconciled in
            try store.transfer(amount: amount.amount, from: from.name, to: to.name, date: date ?? .today(), note: note ?? "",
                               reconciled: reconciled)
        }
        try context.reportCommitted("transfer \(transfer.id) was added") { () throws(OutputError) in
            try context.stdout.write("\(transfer.id)\n")
            try context.stdout.flush()
        }
        context.confirm("Added transfer \(transfer.id): \(transfer.summary(naming: true)).")
        Reconciled.warn(broken, context)
        return .success
    }
}

/// `budget delete ID...`.
struct Delete: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "delete",
        abstract: "Delete transactions.",
        discussion: """
        All or nothing: when one id is unknown, none is deleted. A transfer goes with both its \
        sides, a split with its parts. A transaction a reconciliation covers is kept unless --force.
        """,
        access: .change)

    static var arguments: [CommandArgument<Delete>] {[
        .arguments(\.ids, "id", help: "The ids of the transactions (see 'budget list')."),
        .flag(\.force, "force", help: "Delete them even when a reconciliation covers them."),
    ]}

    var ids: [TransactionID] = []
    var force = false

    func run(_ context: CommandContext) throws -> Outcome {
        var seen: Set<Int64> = []
        let ids = ids.map(\.value).filter { seen.insert($0).inserted }
        let store = try context.store()
        let (_, broken) = try Reconciled.writing(force, in: store) { try store.deleteTransactions(ids: ids, reconciled: $0) }
        context.confirm(ids.count == 1 ? "Deleted transaction \(ids[0])." : "Deleted \(ids.count) transactions.")
        Reconciled.warn(broken, context)
        return .success
    }
}

/// `--kind-change keep|negate`: what an amount becomes when it moves between an expense and an
/// income category.
enum KindChoice: String, ChoiceValue {
    /// The same number, so its meaning flips (12.50 spent becomes 12.50 received).
    case keep
    /// The same direction of money (12.50 spent becomes -12.50 received).
    case negate

    var kindChange: KindChange { self == .keep ? .keepAmount : .negateAmount }
}

extension Transaction {
    /// `12.50 in Food on 2026-11-21 (Lunch)`, `82.40 in Food 60.00, Household 22.40 on ...`,
    /// `500.00 from Checking to Savings on ...`: for confirmations; with `naming`, the account too.
    func summary(naming account: Bool = false) -> String {
        var text: String
        if let transferAccount {
            text = "\(amount) from \(self.account) to \(transferAccount) on \(date)"
        } else if isSplit {
            text = "\(amount) in \(parts) on \(date)"
        } else {
            text = "\(amount) in \(category) on \(date)"
        }
        if !payee.isEmpty { text += " (\(payee))" }
        if account && transferAccount == nil { text += ", account \(self.account)" }
        return text
    }

    /// The summary without the account.
    var summary: String { summary() }

    /// A split's parts: "Food 60.00, Household 22.40".
    var parts: String {
        splits.map { "\($0.category) \($0.amount)" }.joined(separator: ", ")
    }
}

extension CommandContext {
    /// Warns on stderr (whatever `--quiet` says) that `transaction` has a zero amount. It is
    /// taken: a placeholder for a bill whose amount comes later is one, and imports take a
    /// bank's zero rows. But never in silence: a zero moves no balance and no total, and
    /// `add 0 Food` is as likely a slip. (A transfer of zero is refused: it moves nothing.)
    func warnOfZeroAmount(_ transaction: Transaction) {
        guard transaction.amount == .zero else { return }
        warn("budget: warning: transaction \(transaction.id) has a zero amount: it moves no balance and no total; "
            + "give it its amount with 'budget edit \(transaction.id) --amount AMOUNT'")
    }
}
