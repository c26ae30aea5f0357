import BudgetKit

/// `budget add AMOUNT CATEGORY [PAYEE]`.
struct Add: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "add",
        abstract: "Add a transaction and print its id.",
        discussion: """
        Amounts are positive in the category's direction: money spent in an expense category, \
        money received in an income category. A negative amount is a refund:
          budget add -2.25 Food Refund
        Prints the new transaction's id alone on standard output, and a confirmation on standard \
        error.
        """,
        access: .write)

    static var arguments: [CommandArgument<Add>] {[
        .argument(\.amount, "amount", help: "The amount, like 12.50 or -2.25."),
        .argument(\.category, "category", help: "The category."),
        .argument(\.payee, "payee", help: "Who was paid, or who paid."),
        .option(\.date, "date", "day", help: "The day: YYYY-MM-DD, today or yesterday (default: today)."),
        .option(\.note, "note", "text", help: "A free note."),
    ]}

    var amount = Money.zero
    var category = CategoryName(argument: "")
    var payee: String?
    var date: Day?
    var note: String?

    func run(_ context: CommandContext) throws -> Outcome {
        let transaction = try context.store().addTransaction(
            amount: amount, category: category.name, payee: payee ?? "", date: date ?? .today(), note: note ?? "")
        try context.reportCommitted("transaction \(transaction.id) was added") { () throws(OutputError) in
            try context.stdout.write("\(transaction.id)\n")
            try context.stdout.flush()
        }
        context.confirm("Added transaction \(transaction.id): \(transaction.summary).")
        return .success
    }
}

/// `budget edit ID [--amount ...]`.
struct Edit: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Change a transaction.",
        discussion: """
        Only the fields given change. Prints a confirmation on standard error.
        Moving a transaction between an expense and an income category would change what its \
        amount means (12.50 spent would read as 12.50 received), so it is refused unless \
        --kind-change says keep (the same number) or negate (the same direction of money: \
        -12.50 received), or --amount gives the new amount.
        """,
        access: .write)

    static var arguments: [CommandArgument<Edit>] {[
        .argument(\.id, "id", help: "The transaction's id (see 'budget list')."),
        .option(\.amount, "amount", "amount", help: "The new amount."),
        .option(\.category, "category", "category", help: "The new category."),
        .option(\.payee, "payee", "payee", help: "The new payee (\"\" for none)."),
        .option(\.note, "note", "text", help: "The new note (\"\" for none)."),
        .option(\.date, "date", "day", help: "The new day: YYYY-MM-DD, today or yesterday."),
        .option(\.kindChange, "kind-change", "how", help: "With --category of the other kind: keep the amount, or negate it."),
    ]}

    var id = TransactionID(0)
    var kindChange: KindChoice?
    var amount: Money?
    var category: CategoryName?
    var payee: String?
    var note: String?
    var date: Day?

    var changes: TransactionChanges {
        TransactionChanges(amount: amount, category: category?.name, payee: payee, note: note, date: date)
    }

    func validate() throws(UsageError) {
        guard changes != TransactionChanges() else {
            throw UsageError(message: "nothing to change", hint: "give at least one of --amount, --category, --payee, --note or --date")
        }
        if kindChange != nil && category == nil { throw .needs("--kind-change <how>", "--category <category>") }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let before = try store.transaction(id: id.value)
        let transaction = try store.editTransaction(id: id.value, changes, kindChange: kindChange?.kindChange ?? .refuse)
        var message = "Updated transaction \(transaction.id): \(transaction.summary)."
        if amount == nil && transaction.amount != before.amount {
            message += " The amount was negated: \(before.category) and \(transaction.category) are of different kinds."
        }
        context.confirm(message)
        return .success
    }
}

/// `budget delete ID...`.
struct Delete: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "delete",
        abstract: "Delete transactions.",
        discussion: "All or nothing: when one id is unknown, none is deleted.",
        access: .write)

    static var arguments: [CommandArgument<Delete>] {[
        .arguments(\.ids, "id", help: "The ids of the transactions (see 'budget list')."),
    ]}

    var ids: [TransactionID] = []

    func run(_ context: CommandContext) throws -> Outcome {
        var seen: Set<Int64> = []
        let ids = ids.map(\.value).filter { seen.insert($0).inserted }
        try context.store().deleteTransactions(ids: ids)
        context.confirm(ids.count == 1 ? "Deleted transaction \(ids[0])." : "Deleted \(ids.count) transactions.")
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
    /// `12.50 in Food on 2026-11-21 (Lunch)`: for confirmations.
    var summary: String {
        var text = "\(amount) in \(category) on \(date)"
        if !payee.isEmpty { text += " (\(payee))" }
        return text
    }
}
