import BudgetKit

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
        --split replaces a split's parts (or splits a transaction); the parts must sum to its \
        amount, or to --amount. --category makes a split one transaction again: the \
        confirmation names the parts it had. An amount of zero is taken with a warning, as \
        by 'budget add'. A transfer has no category: --account and --transfer-to change the \
        accounts it leaves and reaches. A change to a balance a reconciliation covers \
        (amount, day, account) is refused unless --force.
        """,
        access: .change)

    static var arguments: [CommandArgument<Edit>] {[
        .argument(\.id, "id", help: "The transaction's id (see 'budget list')."),
        .option(\.amount, "amount", "amount", help: "The new amount."),
        .option(\.category, "category", "category", help: "The new category."),
        .option(\.payee, "payee", "payee", help: "The new payee (\"\" for none)."),
        .option(\.note, "note", "text", help: "The new note (\"\" for none)."),
        .option(\.date, "date", "day", help: "The new day: YYYY-MM-DD, today or yesterday."),
        .option(\.kindChange, "kind-change", "how", help: "With --category or --split parts of the other kind: keep the amount, or negate it."),
        .options(\.splits, "split", "category=amount", help: "The new parts of a split (the last = separates)."),
        .option(\.account, "account", "name", help: "The account to move it to (a transfer: the one it leaves)."),
        .option(\.transferTo, "transfer-to", "name", help: "The account a transfer reaches."),
        .flag(\.force, "force", help: "Change it even when a reconciliation covers it."),
    ]}

    var id = TransactionID(0)
    var kindChange: KindChoice?
    var amount: Money?
    var category: CategoryName?
    var payee: String?
    var note: String?
    var date: Day?
    var splits: [SplitArgument] = []
    var account: AccountName?
    var transferTo: AccountName?
    var force = false

    var changes: TransactionChanges {
        TransactionChanges(amount: amount, category: category?.name, payee: payee, note: note, date: date, account: account?.name,
                           transferAccount: transferTo?.name, splits: splits.isEmpty ? nil : splits.map(\.part))
    }

    func validate() throws(UsageError) {
        guard changes != TransactionChanges() else {
            throw UsageError(message: "nothing to change",
                             hint: "give at least one of --amount, --category, --split, --payee, --note, --date, --account or --transfer-to")
        }
        if kindChange != nil && category == nil && splits.isEmpty {
            throw .needs("--kind-change <how>", "--category <category>' or '--split <category=amount>")
        }
        if category != nil && !splits.isEmpty { throw .conflict("'--category <category>' cannot be used with '--split <category=amount>'") }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let before = try store.transaction(id: id.value)
        let (transaction, broken) = try Reconciled.writing(force, in: store) {
            try store.editTransaction(id: id.value, changes, kindChange: kindChange?.kindChange ?? .refuse, reconciled: $0)
        }
        let noun = transaction.isTransfer ? "transfer" : "transaction"
        var message = "Updated \(noun) \(transaction.id): \(transaction.summary(naming: account != nil))."
        if amount == nil && splits.isEmpty && transaction.amount != before.amount {
            let was = before.isSplit ? "the split's categories" : before.category
            message += " The amount was negated: \(was) and \(transaction.category) are of different kinds."
        }
        if before.isSplit && !transaction.isSplit {
            // --category on a split: its parts are gone, which must never pass unsaid.
            message += " It is no longer split: its parts were \(before.parts) ('budget undo' puts them back)."
        }
        context.confirm(message)
        if before.amount != .zero { context.warnOfZeroAmount(transaction) }
        Reconciled.warn(broken, context)
        return .success
    }
}
